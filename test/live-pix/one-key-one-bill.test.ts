import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { cobOf, useLiveSetup } from "../helpers/live-pix.ts";
import type { PeerCobV } from "../helpers/psp-peer/index.ts";

// Two creates under one Idempotency-Key with different bodies, sent at once (issue 32, item 1):
// the txid used to come from the key alone and the PSP call was made before the body was
// compared, so the second body's PUT replaced the first one's bill at the PSP while the stored
// charge kept the first body (paid at the PSP for R$ 0,01, the charge read approved for
// R$ 1.000,00). Whatever the order, one charge is stored and the bill at the PSP is its own;
// the other body's cob is removed at once, and a resend with another body never reaches the PSP.
// The generic profile replaces a cob PUT again on its txid, as the standard says (Efí would
// answer 409 instead, which hid the race).

const ROUNDS = 4;
const DAY = 86_400_000;
const todaySp = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
const DUE = new Date(Date.parse(`${todaySp()}T00:00:00Z`) + 20 * DAY).toISOString().slice(0, 10);

const ANA = { customer_name: "Ana Original", customer_cpf: "12345678909" };
const MALLORY = { customer_name: "Mallory Changed", customer_cpf: "52998224725" };

const s = useLiveSetup({
  profile: "generic",
  pspClient: { timeoutMs: 3000, retries: 1, backoffMs: [20], budgetMs: 6000 },
});
afterEach(() => s.peer.assertNoViolations());

const post = (path: string, body: unknown, key: string) =>
  s.svc.call("POST", path, {
    token: s.account.live,
    body,
    headers: { "idempotency-key": key },
  });
const listCharges = async () =>
  (await s.svc.call("GET", "/api/pix/charges?limit=200", { token: s.account.live })).json().data
    .charges as { chargeId: string }[];

/** Both bodies under one key at once: one 200, the other refused (422, or 409 past the wait). */
async function race(path: string, first: unknown, second: unknown, key: string) {
  const answers = await Promise.all([post(path, first, key), post(path, second, key)]);
  const ok = answers.filter((r) => r.statusCode === 200);
  assert.equal(ok.length, 1, answers.map((r) => `${r.statusCode} ${r.body}`).join(" | "));
  for (const r of answers.filter((x) => x.statusCode !== 200)) {
    assert.equal(r.statusCode, 422, r.body);
    assert.match(r.json().error ?? "", /^Idempotency-Key: .*different request/);
  }
  return ok[0]?.json().data;
}

const activeCobTxids = () =>
  [...s.peer.cobs.values()].filter((c) => c.status === "ATIVA").map((c) => c.txid);
const activeCobvTxids = () =>
  [...s.peer.cobvs.values()].filter((c) => c.status === "ATIVA").map((c) => c.txid);
const cobvOf = (brCode: string): PeerCobV => {
  for (const c of s.peer.cobvs.values()) if (brCode.includes(c.location)) return c;
  throw new Error("no cobv at the peer for this BR Code");
};

describe("one Idempotency-Key, two bodies at once: the bill at the PSP is the stored charge's", () => {
  test("cob: one charge per key, its cob holds its value and debtor, and no other cob stays payable", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const before = new Set(activeCobTxids());
      const charges = (await listCharges()).length;
      // Alternate which body is sent first, so either may win.
      const bodies = [
        { value: 1000, title: "Pedido", ...ANA },
        { value: 0.01, title: "Pedido", ...MALLORY },
      ];
      if (round % 2 === 1) bodies.reverse();
      const data = await race("/api/pix/charge/create", bodies[0], bodies[1], `cob-race-${round}`);
      assert.equal((await listCharges()).length, charges + 1, "exactly one charge stored");
      const cob = cobOf(s.peer, data.brCode);
      const stored = data.value === 1000 ? ANA : MALLORY;
      assert.equal(cob.valor.original, data.value === 1000 ? "1000.00" : "0.01");
      assert.deepEqual(cob.devedor, { cpf: stored.customer_cpf, nome: stored.customer_name });
      const fresh = activeCobTxids().filter((t) => !before.has(t));
      assert.deepEqual(fresh, [cob.txid], `round ${round}: only the charge's cob is payable`);
    }
  });

  test("cobv (a due date): the same, with the debtor and amount of the stored charge", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const before = new Set(activeCobvTxids());
      const bodies = [
        { value: 1000, title: "Mensalidade", due_date: DUE, ...ANA },
        { value: 0.01, title: "Mensalidade", due_date: DUE, ...MALLORY },
      ];
      if (round % 2 === 1) bodies.reverse();
      const data = await race("/api/pix/charge/create", bodies[0], bodies[1], `cobv-race-${round}`);
      const cobv = cobvOf(data.brCode);
      const stored = data.value === 1000 ? ANA : MALLORY;
      assert.equal(cobv.valor.original, data.value === 1000 ? "1000.00" : "0.01");
      assert.deepEqual(cobv.devedor, { cpf: stored.customer_cpf, nome: stored.customer_name });
      const fresh = activeCobvTxids().filter((t) => !before.has(t));
      assert.deepEqual(fresh, [cobv.txid], `round ${round}: only the charge's cobv is payable`);
    }
  });

  test("batch: one batch stored per key, each line's cobv its own, the other body's removed", async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const before = new Set(activeCobvTxids());
      const charges = (await listCharges()).length;
      const line = (value: number, who: typeof ANA, n: number) => ({
        value,
        title: `Condomínio ${n}`,
        due_date: DUE,
        ...who,
      });
      const bodies = [
        { charges: [line(1000, ANA, 1), line(900, ANA, 2)] },
        { charges: [line(0.01, MALLORY, 1), line(0.02, MALLORY, 2)] },
      ];
      if (round % 2 === 1) bodies.reverse();
      const data = await race("/api/pix/charges/batch", bodies[0], bodies[1], `lote-race-${round}`);
      assert.equal(data.created, 2, JSON.stringify(data));
      assert.equal((await listCharges()).length, charges + 2, "one batch's charges stored");
      const txids: string[] = [];
      for (const r of data.results) {
        const cobv = cobvOf(r.brCode);
        assert.equal(Number(cobv.valor.original), r.value);
        const who = r.value >= 900 ? ANA : MALLORY;
        assert.deepEqual(cobv.devedor, { cpf: who.customer_cpf, nome: who.customer_name });
        txids.push(cobv.txid);
      }
      const fresh = activeCobvTxids().filter((t) => !before.has(t));
      assert.deepEqual(fresh.sort(), txids.sort(), `round ${round}: only the stored lines' cobvs`);
    }
  });

  test("a resend with another body is 422 and reaches no PSP, on the create and the batch", async () => {
    const first = await post("/api/pix/charge/create", { value: 10, ...ANA }, "seq-1");
    assert.equal(first.statusCode, 200, first.body);
    const batch = { charges: [{ value: 10, due_date: DUE, ...ANA }] };
    const firstBatch = await post("/api/pix/charges/batch", batch, "seq-2");
    assert.equal(firstBatch.statusCode, 200, firstBatch.body);
    const requests = s.peer.requests.length;
    const again = await post("/api/pix/charge/create", { value: 20, ...ANA }, "seq-1");
    assert.equal(again.statusCode, 422, again.body);
    const dueAgain = await post(
      "/api/pix/charge/create",
      { value: 10, due_date: DUE, ...ANA },
      "seq-1",
    );
    assert.equal(dueAgain.statusCode, 422, dueAgain.body);
    const batchAgain = await post(
      "/api/pix/charges/batch",
      { charges: [{ value: 20, due_date: DUE, ...ANA }] },
      "seq-2",
    );
    assert.equal(batchAgain.statusCode, 422, batchAgain.body);
    assert.equal(s.peer.requests.length, requests, "no request reached the PSP");
  });
});
