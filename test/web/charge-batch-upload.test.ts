import assert from "node:assert/strict";
import { test } from "node:test";
import { manualClock } from "../../src/kernel/clock.ts";
import { MAX_CSV_BYTES } from "../../src/web/dashboard/routes/charge-batch.ts";
import { addUser, getPage, signInInject } from "../helpers/dashboard.ts";
import { useFileService } from "../helpers/service.ts";

// The dashboard's "Bill many (CSV)" page: an uploaded billing CSV becomes charges with a due date
// for the signed-in account and the mode shown, through the batch use case, and the page reports
// each line of the file (the charge made, or that line's error); a bad file is a clear 4xx page.

const clock = manualClock(new Date("2026-11-29T15:00:00.000Z"));
const svc = useFileService({ clock });

const BOUNDARY = "----tostaoBatchTest";
function upload(
  s: { cookie: string; csrf: string },
  file: Buffer | string,
  once: string,
  lang = "en",
) {
  const head = (name: string, extra = "") =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${extra}\r\n`;
  const body = Buffer.concat([
    Buffer.from(`${head("_csrf")}\r\n${s.csrf}\r\n${head("_once")}\r\n${once}\r\n`),
    Buffer.from(`${head("file", '; filename="billing.csv"')}Content-Type: text/csv\r\n\r\n`),
    Buffer.isBuffer(file) ? file : Buffer.from(file),
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
  return svc.app.inject({
    method: "POST",
    url: `/dashboard/charges/batch?lang=${lang}`,
    headers: { "content-type": `multipart/form-data; boundary=${BOUNDARY}` },
    cookies: { tostao_session: s.cookie },
    payload: body,
  });
}

const CSV = [
  "value;due_date;title;customer_name;customer_cpf;fine_mode;fine_value",
  "150,00;2026-12-10;Mensalidade dezembro;Maria Silva;529.982.247-25;percent;2",
  "99,90;2026-12-15;Mensalidade dezembro;João Souza;123.456.789-00;;",
  "1.234,56;2026-12-20;Condomínio;Ana Lima;529.982.247-25;;",
].join("\r\n");

const text = (body: string) => body.replace(/\s+/g, " ").replace(/<[^>]+>/g, "|");

test("a 3-line CSV with one bad line creates 2 charges and reports each line; a double submission creates nothing more", async () => {
  const a = await svc.newAccount();
  await addUser(svc, a.accountId, "batch@example.com");
  const s = await signInInject(svc, "batch@example.com");
  const list = await getPage(svc, s, "/dashboard/charges?lang=en");
  assert.match(list.body, /href="\/dashboard\/charges\/batch">Bill many \(CSV\)/);
  const form = await getPage(svc, s, "/dashboard/charges/batch?lang=en");
  assert.equal(form.statusCode, 200);
  const once = /name="_once" value="([^"]+)"/.exec(form.body)?.[1] ?? "";
  assert.ok(once, "the form carries its one-submission key");

  const res = await upload(s, CSV, once);
  assert.equal(res.statusCode, 200, res.body.slice(0, 500));
  const shown = text(res.body);
  assert.ok(shown.includes("2 charge(s) created, 1 line(s) with an error."), shown.slice(0, 2000));
  const ids = [...res.body.matchAll(/href="\/dashboard\/charges\/(pix_[^"]+)"/g)].map((m) => m[1]);
  assert.equal(ids.length, 2, "two charges, each linked to its page");
  assert.match(shown, /\|2\|+pix_[^|]+\|+Due date Dec 10, 2026 · \|R\$\s?150\.00\|/);
  assert.match(shown, /\|3\|+Error:\| customer_cpf: must be a valid CPF/);
  assert.match(shown, /\|4\|+pix_[^|]+\|+Due date Dec 20, 2026 · \|R\$\s?1,234\.56\|/);
  // The report leads with the counts, then the refused line, then the charges made.
  assert.match(shown, /\|2\|+Created\|+0\|+Already there\|+1\|+Refused\|/);
  const at = (re: RegExp) => shown.search(re);
  assert.ok(at(/\|Refused\|/) < at(/\|3\|+Error:/), "the counts first");
  assert.ok(at(/\|3\|+Error:/) < at(/\|2\|+pix_/), "the error before the successes");

  // The charges are the account's, in test mode, with their due dates.
  const api = await svc.call("GET", "/api/pix/charges?limit=10", { token: a.test });
  const made = JSON.stringify(api.json());
  for (const id of ids) assert.ok(made.includes(id as string), `${id} is listed by the API`);

  // The same click arriving twice: the same report, no new charges.
  const again = await upload(s, CSV, once);
  assert.equal(again.statusCode, 200);
  const ids2 = [...again.body.matchAll(/href="\/dashboard\/charges\/(pix_[^"]+)"/g)].map(
    (m) => m[1],
  );
  assert.deepEqual(ids2, ids);
  const count = (await svc.call("GET", "/api/pix/charges?limit=10", { token: a.test })).json();
  assert.equal(JSON.stringify(count).match(/"chargeId"|"id":"pix_/g)?.length ?? 0, 2);

  // Portuguese: the line's error in the page's language.
  const form2 = await getPage(svc, s, "/dashboard/charges/batch?lang=pt-BR");
  const once2 = /name="_once" value="([^"]+)"/.exec(form2.body)?.[1] ?? "";
  const pt = await upload(s, CSV, once2, "pt-BR");
  assert.ok(text(pt.body).includes("2 cobrança(s) criada(s), 1 linha(s) com erro."));
  assert.match(text(pt.body), /Erro:\| CPF: deve ser um CPF válido/);
});

test("a bad file is a clear 4xx page, never a 5xx: too large, not text, no lines, too many lines", async () => {
  const a = await svc.newAccount();
  await addUser(svc, a.accountId, "badfile@example.com");
  const s = await signInInject(svc, "badfile@example.com");
  const once = "k".repeat(22);
  const header = "value;due_date;customer_name;customer_cpf\r\n";
  const line = "10,00;2026-12-10;Maria Silva;529.982.247-25\r\n";
  const big = await upload(
    s,
    header + line.repeat(Math.ceil(MAX_CSV_BYTES / line.length) + 1),
    once,
  );
  assert.equal(big.statusCode, 413);
  assert.match(big.body, /The file is larger than 512 KB/);
  const huge = await upload(s, Buffer.alloc(4 * MAX_CSV_BYTES + 10, 0x41), once);
  assert.equal(huge.statusCode, 413, "past the reader's own limit: still a 413 page");
  assert.match(huge.body, /file: larger than 2097152 bytes/);
  const hugePt = await upload(s, Buffer.alloc(4 * MAX_CSV_BYTES + 10, 0x41), once, "pt-BR");
  assert.match(hugePt.body, /Arquivo: maior que 2097152 bytes/);
  const binary = await upload(s, Buffer.from([0xff, 0xfe, 0x00, 0x41]), once);
  assert.equal(binary.statusCode, 422);
  assert.match(binary.body, /not CSV text \(UTF-8\)/);
  const empty = await upload(s, header, once);
  assert.equal(empty.statusCode, 422);
  assert.match(empty.body, /no charge lines/);
  const many = await upload(s, header + line.repeat(1001), once);
  assert.equal(many.statusCode, 422);
  assert.match(many.body, /1001 charge lines; the most is 1000/);
  const api = await svc.call("GET", "/api/pix/charges?limit=10", { token: a.test });
  assert.doesNotMatch(JSON.stringify(api.json()), /pix_/, "no bad file made a charge");
});

test("the downloadable example CSV is a file the page accepts whole", async () => {
  const a = await svc.newAccount();
  await addUser(svc, a.accountId, "example@example.com");
  const s = await signInInject(svc, "example@example.com");
  const example = await getPage(svc, s, "/dashboard/charges/batch/example.csv");
  assert.equal(example.statusCode, 200);
  assert.match(String(example.headers["content-type"]), /^text\/csv/);
  assert.match(String(example.headers["content-disposition"]), /attachment/);
  const res = await upload(s, example.body, "e".repeat(22));
  assert.equal(res.statusCode, 200);
  assert.ok(
    text(res.body).includes("2 charge(s) created, 0 line(s) with an error."),
    text(res.body),
  );
});

test("a CSV with bills that would reach zero or overflow creates the other lines and names each bad one (issue 32)", async () => {
  const a = await svc.newAccount();
  await addUser(svc, a.accountId, "bounds@example.com");
  const s = await signInInject(svc, "bounds@example.com");
  const csv = [
    "value;due_date;customer_name;customer_cpf;discount_mode;discount_value;interest_mode;interest_value",
    "100,00;2026-12-10;Maria Silva;529.982.247-25;;;;",
    "100,00;2027-06-17;Maria Silva;529.982.247-25;value_per_calendar_day_early;1;;",
    "100,00;9999-12-20;Maria Silva;529.982.247-25;;;value_per_calendar_day;9999999999",
    "100,00;2026-12-10;Maria Silva;529.982.247-25;nope;1;;",
    "100,00;2026-12-11;Maria Silva;529.982.247-25;;;;",
  ].join("\r\n");
  const res = await upload(s, csv, "b".repeat(22));
  assert.equal(res.statusCode, 200, res.body.slice(0, 500));
  const shown = text(res.body);
  assert.ok(shown.includes("2 charge(s) created, 3 line(s) with an error."), shown.slice(0, 2000));
  assert.match(shown, /\|3\|+Error:\| discounts: would leave nothing to pay/);
  assert.match(shown, /\|4\|+Error:\| due_date: must be at most 10 years/);
  assert.match(shown, /\|5\|+Error:\| discounts\.mode: must be one of/);
});

test("the same CSV uploaded twice (two submissions) bills each external_id once: the second report points at the charges (issue 32)", async () => {
  const a = await svc.newAccount();
  await addUser(svc, a.accountId, "twice@example.com");
  const s = await signInInject(svc, "twice@example.com");
  const csv = [
    "value;due_date;external_id;customer_name;customer_cpf",
    ...[1, 2, 3, 4, 5].map((n) => `10${n},00;2026-12-10;fatura-${n};Aluno ${n};529.982.247-25`),
  ].join("\r\n");
  const first = await upload(s, csv, "f".repeat(22));
  assert.equal(first.statusCode, 200);
  assert.ok(text(first.body).includes("5 charge(s) created, 0 line(s) with an error."));
  const ids = [...first.body.matchAll(/href="\/dashboard\/charges\/(pix_[^"]+)"/g)].map(
    (m) => m[1],
  );
  const second = await upload(s, csv, "g".repeat(22));
  assert.equal(second.statusCode, 200);
  const shown = text(second.body);
  assert.ok(
    shown.includes("0 charge(s) created, 0 line(s) with an error. 5 line(s) already billed"),
    shown.slice(0, 2000),
  );
  assert.match(shown, /\|2\|+Already billed:\|/);
  const ids2 = [...second.body.matchAll(/href="\/dashboard\/charges\/(pix_[^"]+)"/g)].map(
    (m) => m[1],
  );
  assert.deepEqual(ids2, ids, "each line links to the charge made the first time");
  const api = await svc.call("GET", "/api/pix/charges?limit=50", { token: a.test });
  assert.equal(api.json().data.charges.length, 5);
});
