import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { exportCharges as cliExport } from "../../src/cli/charges-export.ts";
import { csvCell, reais } from "../../src/domain/exports/csv-cells.ts";
import { bulkCharges } from "../helpers/bulk-charges.ts";
import { TEST_DATABASE_URL } from "../helpers/db.ts";
import { useTestService } from "../helpers/service.ts";

// The charge exports (docs/exports.md): the caller's rows of one mode only, the list's filters,
// RFC 4180 text with formula cells neutralised, amounts from centavos, the excel-br dialect, and
// a stream that starts at once and keeps memory flat whatever the number of rows.

const s = useTestService({ listen: true, env: { TOSTAO_WORKERS: "false" } });

/** Splits RFC 4180 text into rows of cells (quoted cells may hold separators and CRLF). */
function parseCsv(text: string, sep = ","): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted && ch === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (quoted && ch === '"') {
      quoted = false;
    } else if (quoted) {
      cell += ch;
    } else if (ch === '"') {
      quoted = true;
    } else if (ch === sep) {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else {
      cell += ch;
    }
  }
  return rows;
}

/** Fetches argv[1] with the bearer argv[2]; prints when the first byte and the last came, and the lines. */
const READER = `
const t0 = performance.now();
const res = await fetch(process.argv[1], { headers: { authorization: "Bearer " + process.argv[2] } });
let first = 0, lines = 0;
for await (const chunk of res.body) {
  if (!first) first = performance.now() - t0;
  for (const b of chunk) if (b === 10) lines++;
}
console.log(JSON.stringify({ first, total: performance.now() - t0, lines }));
`;

const create = (token: string, body: Record<string, unknown>) =>
  s.svc.call("POST", "/api/pix/charge/create", { token, body });

describe("CSV cells", () => {
  test("amounts are reais from integer centavos, with the dialect's decimal mark", () => {
    assert.equal(reais(1234, "."), "12.34");
    assert.equal(reais(5, ","), "0,05");
    assert.equal(reais(100_000_000_01, "."), "100000000.01");
  });
  test("formula cells are neutralised with a quote, and separators, quotes and breaks quoted", () => {
    for (const f of ["=1+1", "+5", "-2", "@SUM(A1)", "\tx", "\rx"]) {
      assert.ok(csvCell(f).replace(/^"/, "").startsWith(`'${f[0]}`), f);
    }
    assert.equal(csvCell('a,"b"'), '"a,""b"""');
    assert.equal(csvCell("a\r\nb"), '"a\r\nb"');
    assert.equal(csvCell("a;b", ";"), '"a;b"');
    assert.equal(csvCell("a;b"), "a;b");
  });
});

describe("GET /api/pix/charges/export", () => {
  test("the caller's rows of its own mode, filtered, as text/csv with formula cells neutralised", async () => {
    const a = await s.svc.newAccount();
    const other = await s.svc.newAccount();
    const evil = await create(a.test, {
      value: 12.34,
      title: '=HYPERLINK("x")',
      external_id: "ext-1",
    });
    assert.equal(evil.statusCode, 200, evil.body);
    assert.equal((await create(a.test, { value: 1, title: "Café, açúcar" })).statusCode, 200);
    assert.equal((await create(other.test, { value: 3, title: "other account" })).statusCode, 200);
    await bulkCharges(s.svc.deps.db, {
      accountId: a.accountId,
      tag: "lv",
      count: 3,
      mode: "live",
      createdAt: new Date(),
    });
    const res = await s.svc.call("GET", "/api/pix/charges/export?format=csv", { token: a.test });
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers["content-type"]), /^text\/csv; charset=utf-8/);
    const rows = parseCsv(res.body);
    const head = rows[0] ?? [];
    assert.deepEqual(head.slice(0, 6), [
      "id",
      "created_at",
      "paid_at",
      "status",
      "method",
      "amount_brl",
    ]);
    assert.equal(rows.length, 3, "a header and the account's two test charges, no live row");
    const col = (name: string) => head.indexOf(name);
    const evilRow = rows.find((r) => r[col("external_id")] === "ext-1") ?? [];
    assert.equal(evilRow[col("title")], '\'=HYPERLINK("x")', "the formula is neutralised");
    assert.equal(evilRow[col("amount_brl")], "12.34");
    assert.ok(
      rows.some((r) => r[col("title")] === "Café, açúcar"),
      "UTF-8 and a quoted comma",
    );
    assert.ok(res.body.endsWith("\r\n") && !res.body.replace(/\r\n/g, "").includes("\n"));
    const filtered = await s.svc.call("GET", "/api/pix/charges/export?external_id=ext-1", {
      token: a.test,
    });
    assert.equal(parseCsv(filtered.body).length, 2, "the external_id filter applies");
    const live = await s.svc.call("GET", "/api/pix/charges/export", { token: a.live });
    assert.equal(parseCsv(live.body).length, 4, "the live key sees its three live rows only");
    assert.ok(
      parseCsv(live.body)
        .slice(1)
        .every((r) => r[0]?.includes("lv")),
    );
  });

  test("excel-br: a BOM, semicolons and a decimal comma", async () => {
    const a = await s.svc.newAccount();
    await create(a.test, { value: 12.34, title: "x;y" });
    const res = await s.svc.call("GET", "/api/pix/charges/export?dialect=excel-br", {
      token: a.test,
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.ok(res.body.startsWith("\uFEFFid;created_at;"), res.body.slice(0, 40));
    const rows = parseCsv(res.body.slice(1), ";");
    const head = rows[0] ?? [];
    assert.equal(rows[1]?.[head.indexOf("amount_brl")], "12,34");
    assert.equal(rows[1]?.[head.indexOf("title")], "x;y");
  });

  test("another format is 422 naming format; a bad filter is answered like the list's", async () => {
    const xlsx = await s.svc.call("GET", "/api/pix/charges/export?format=xlsx", { token: s.token });
    assert.equal(xlsx.statusCode, 422, xlsx.body);
    assert.match(xlsx.json().error ?? "", /format/);
    const bad = "status=nope";
    const list = await s.svc.call("GET", `/api/pix/charges?${bad}`, { token: s.token });
    const exp = await s.svc.call("GET", `/api/pix/charges/export?${bad}`, { token: s.token });
    assert.equal(exp.statusCode, list.statusCode);
    assert.deepEqual(exp.json(), list.json());
  });

  test("the Bitcoin list exports the same way, its own method only", async () => {
    const a = await s.svc.newAccount();
    await create(a.test, { value: 1, title: "pix" });
    await bulkCharges(s.svc.deps.db, {
      accountId: a.accountId,
      tag: "bt",
      count: 2,
      method: "crypto",
      createdAt: new Date(),
    });
    const res = await s.svc.call("GET", "/api/crypto/charges/export", { token: a.test });
    assert.equal(res.statusCode, 200, res.body);
    const rows = parseCsv(res.body);
    assert.equal(rows.length, 3);
  });

  // Seeding 20,000 rows is quick on both engines with bulkCharges (one INSERT … SELECT).
  test("20,000 charges stream: first byte within 1 s, all within 10 s, RSS growth under 40 MB", async () => {
    const a = await s.svc.newAccount();
    await bulkCharges(s.svc.deps.db, {
      accountId: a.accountId,
      tag: "big",
      count: 20_000,
      createdAt: new Date(Date.now() - 86_400_000),
      events: false,
    });
    globalThis.gc?.();
    const rss0 = process.memoryUsage().rss;
    let peak = rss0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    // The client reads in a process of its own: PGlite runs its queries on this process's event
    // loop, where a reader would wait on them and time the engine, not the stream.
    const child = spawn(
      process.execPath,
      ["-e", READER, `${s.url}/api/pix/charges/export`, a.test],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let out = "";
    child.stdout.on("data", (d) => {
      out += String(d);
    });
    await once(child, "exit");
    clearInterval(sampler);
    const { first, total, lines } = JSON.parse(out) as {
      first: number;
      total: number;
      lines: number;
    };
    assert.equal(lines, 20_001, "a header and every row");
    console.log(
      `export of 20,000: first byte ${first.toFixed(0)} ms, all ${total.toFixed(0)} ms, RSS +${((peak - rss0) / 2 ** 20).toFixed(1)} MB`,
    );
    assert.ok(first <= 1000, `first byte after ${first.toFixed(0)} ms`);
    assert.ok(total <= 10_000, `all after ${total.toFixed(0)} ms`);
    const growth = (peak - rss0) / 2 ** 20;
    assert.ok(
      growth < 40,
      `RSS grew ${growth.toFixed(1)} MB (engine ${TEST_DATABASE_URL ? "pg" : "pglite"})`,
    );
  });
});

describe("tostao charges export", () => {
  test("writes the filtered export of the token's account to a file", async () => {
    const a = await s.svc.newAccount();
    await create(a.test, { value: 2.5, title: "one", external_id: "cli-1" });
    await create(a.test, { value: 3, title: "two" });
    const out = join(mkdtempSync(join(tmpdir(), "tostao-export-")), "out.csv");
    await cliExport({
      url: s.url,
      token: a.test,
      query: { external_id: "cli-1", dialect: undefined },
      out,
      stdout: process.stdout,
    });
    const rows = parseCsv(readFileSync(out, "utf8"));
    assert.equal(rows.length, 2);
    assert.equal(rows[1]?.[rows[0]?.indexOf("amount_brl") ?? -1], "2.50");
  });

  test("a refused export names the service's error", async () => {
    await assert.rejects(
      cliExport({ url: s.url, token: s.token, query: { status: "nope" }, stdout: process.stdout }),
      /refused \(4\d\d\): status/,
    );
  });
});
