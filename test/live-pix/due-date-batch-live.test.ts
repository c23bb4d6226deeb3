import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { type LiveSetup, useLiveSetup } from "../helpers/live-pix.ts";

// POST /api/pix/charges/batch with a live token against the PSP peer: Efí (lotecobv in its
// profile) gets one PUT /lotecobv/{id} for the whole batch, a generic PSP one PUT /cobv per line;
// every request valid against the BACEN file; a line the PSP refuses is that line's error, in the
// PSP's words, and the others are created.

const DAY = 86_400_000;
const todaySp = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
const due = new Date(Date.parse(`${todaySp()}T00:00:00Z`) + 20 * DAY).toISOString().slice(0, 10);
const VALID_CPFS = ["52998224725", "11144477735", "12345678909"];
const line = (n: number) => ({
  value: 50 + (n % 100),
  title: `Condomínio ${n}`,
  external_id: `apto-${n}`,
  customer_name: `Morador ${n}`,
  customer_cpf: VALID_CPFS[n % VALID_CPFS.length],
  due_date: due,
  fine: { mode: "percent", value: 2 },
  interest: { mode: "percent_per_month_calendar_days", value: 1 },
});

async function batch(s: LiveSetup, charges: unknown[], key: string) {
  return s.svc.call("POST", "/api/pix/charges/batch", {
    token: s.account.live,
    body: { charges },
    headers: { "idempotency-key": key },
  });
}

describe("live batch, Efí: one PUT /lotecobv", () => {
  const s = useLiveSetup({
    profile: "efi",
    pspClient: { timeoutMs: 5000, retries: 1, backoffMs: [50], budgetMs: 10_000 },
  });

  test("a 1,000-line batch is one PUT /lotecobv; every line becomes a charge with the PSP's BR Code", async () => {
    const t0 = performance.now();
    const res = await batch(
      s,
      Array.from({ length: 1000 }, (_, i) => line(i)),
      "lote-1000",
    );
    const ms = performance.now() - t0;
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    const data = res.json().data;
    assert.equal(
      data.created,
      1000,
      JSON.stringify(data.results.find((r: { error?: unknown }) => r.error)),
    );
    process.stdout.write(`# 1,000-line live batch (Efí, lotecobv): ${ms.toFixed(0)} ms\n`);
    const puts = s.peer.requests.filter((r) => r.method === "PUT" && !r.path.includes("/webhook"));
    assert.deepEqual(
      puts.map((r) => r.path.split("/").slice(0, -1).join("/")),
      ["/v2/lotecobv"],
    );
    assert.equal(s.peer.lotes.size, 1);
    const first = data.results[0];
    const cobv = [...s.peer.cobvs.values()].find((c) => c.brCode === first.brCode);
    assert.ok(cobv, "the charge's BR Code is the PSP's pixCopiaECola");
    assert.equal(cobv.valor.original, "50.00");
    s.peer.assertNoViolations();
  });

  test("a line the PSP refuses (NEGADA) is that line's error in its words; a retry with the key replays", async () => {
    s.peer.refuseDebtor(
      "11144477735",
      "O CPF do devedor está com situação cadastral irregular na Receita Federal.",
    );
    // Their own external_ids: apto-0 to apto-2 were billed by the 1,000-line batch above.
    const lines = [0, 1, 2].map((n) => ({ ...line(n), external_id: `negada-${n}` }));
    const res = await batch(s, lines, "lote-negada");
    const data = res.json().data;
    assert.equal(data.created, 2);
    assert.match(data.results[1].error.message, /PSP refused: .*situação cadastral irregular/);
    assert.match(data.results[0].chargeId, /^pix_/);
    const calls = s.peer.requests.length;
    const again = await batch(s, lines, "lote-negada");
    assert.equal(again.body, res.body);
    assert.equal(again.headers["idempotent-replayed"], "true");
    assert.equal(s.peer.requests.length, calls, "a replay sends nothing to the PSP");
    s.peer.assertNoViolations();
  });

  test("lines already billed, sent again under another key, are duplicates: no cobv is made for them", async () => {
    const calls = s.peer.requests.length;
    const res = await batch(s, [line(0), line(7)], "lote-again");
    const data = res.json().data;
    assert.equal(data.duplicates, 2, res.body.slice(0, 500));
    assert.equal(data.created, 0);
    assert.equal(data.results[0].duplicate, true);
    assert.equal(s.peer.requests.length, calls, "nothing reaches the PSP");
  });
});

describe("live batch, generic PSP: one PUT /cobv per line", () => {
  const s = useLiveSetup({ profile: "generic" });

  test("each line is a PUT /cobv; a refused one is its error in the PSP's words; BR Codes built from the location", async () => {
    s.peer.refuseDebtor("12345678909", "Devedor não autorizado pelo recebedor.");
    const res = await batch(
      s,
      Array.from({ length: 30 }, (_, i) => line(i)),
      "generic-30",
    );
    assert.equal(res.statusCode, 200, res.body.slice(0, 500));
    const data = res.json().data;
    assert.equal(data.created, 20);
    assert.equal(data.failed, 10);
    assert.match(data.results[2].error.message, /Devedor não autorizado pelo recebedor/);
    assert.equal(s.peer.requests.filter((r) => r.path.includes("/lotecobv")).length, 0);
    // One PUT per line (a retry after a timeout on a loaded machine PUTs the same txid again).
    const putCobv = s.peer.requests.filter((r) => r.method === "PUT" && r.path.includes("/cobv/"));
    assert.equal(new Set(putCobv.map((r) => r.path)).size, 30);
    // The PUTs run concurrently, so the peer's first cobv need not be line 0's: its BR Code is
    // built from the location of one of them.
    const locations = [...s.peer.cobvs.values()].map((c) => c.location);
    assert.ok(locations.some((l) => l && data.results[0].brCode.includes(l)));
    s.peer.assertNoViolations();
  });
});
