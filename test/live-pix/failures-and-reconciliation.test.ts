import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { manualClock } from "../../src/kernel/clock.ts";
import { cobOf, type LiveSetup, useLiveSetup } from "../helpers/live-pix.ts";

const activeCobs = (s: LiveSetup) => [...s.peer.cobs.values()].filter((c) => c.status === "ATIVA");

describe("live PIX when the PSP fails", () => {
  const s = useLiveSetup({ profile: "efi" });

  test("PSP down on create: 502 with a clear message, no charge stored, no payable cob; a retry with the same Idempotency-Key after recovery makes exactly one cob", async () => {
    const before = s.peer.cobs.size;
    const listBefore = (
      await s.svc.call("GET", "/api/pix/charges", { token: s.account.live })
    ).json().data.charges.length;
    // The test client makes two attempts per call (one retry).
    s.peer.failNext("PUT /cob/", 503, 2);
    const headers = { "idempotency-key": "order-42" };
    const down = await s.create({}, headers);
    assert.equal(down.statusCode, 502, down.body);
    assert.match(down.json().error ?? "", /PSP unavailable.*no charge was created/);
    const listAfter = (
      await s.svc.call("GET", "/api/pix/charges", { token: s.account.live })
    ).json().data.charges.length;
    assert.equal(listAfter, listBefore);
    assert.equal(s.peer.cobs.size, before, "the PSP made no cob");

    // Back up: the retry PUTs the same txid; a lost answer then makes the caller retry again,
    // and still there is one cob.
    s.peer.failNext("PUT /cob/", "lost-response", 2);
    const lost = await s.create({}, headers);
    assert.equal(lost.statusCode, 502, lost.body);
    assert.equal(s.peer.cobs.size, before + 1, "the lost answer's cob exists at the PSP");
    const ok = await s.create({}, headers);
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(s.peer.cobs.size, before + 1, "the retry reused the same cob");
    const replay = await s.create({}, headers);
    assert.equal(replay.headers["idempotent-replayed"], "true");
    assert.equal(replay.body, ok.body);
    assert.equal(s.peer.cobs.size, before + 1);
    s.peer.assertNoViolations();
  });

  test("a cob PUT without a key whose answer was lost is removed at the PSP, so it cannot be paid", async () => {
    s.peer.failNext("PUT /cob/", "lost-response", 2);
    const before = new Set(s.peer.cobs.keys());
    const res = await s.create();
    assert.equal(res.statusCode, 502, res.body);
    const made = [...s.peer.cobs.values()].filter((c) => !before.has(c.txid));
    assert.equal(made.length, 1);
    assert.match(made[0]?.status ?? "", /^REMOVIDA_PELO_USUARIO_RECEBEDOR$/);
  });

  test("an expired OAuth token (401) is refreshed once and the call succeeds", async () => {
    const tokensBefore = s.peer.tokenRequests;
    s.peer.expireTokens();
    const res = await s.create();
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(s.peer.tokenRequests, tokensBefore + 1);
  });

  test("the PSP's 4xx on create is 422 with the PSP's own reason", async () => {
    s.peer.failNext("PUT /cob/", {
      nomeMensagem: { nome: "valor_invalido", mensagem: "Valor acima do limite da conta" },
      status: 400,
    });
    const res = await s.create();
    assert.equal(res.statusCode, 422, res.body);
    assert.match(res.json().error ?? "", /Valor acima do limite da conta/);
  });
});

describe("reconciliation", () => {
  const intervalMs = 400;
  const s = useLiveSetup({
    profile: "efi",
    env: { TOSTAO_PIX_RECONCILE_SECONDS: String(intervalMs / 1000) },
  });
  afterEach(() => s.peer.dropNotifications(false));

  test("with notifications lost, the reconciliation job approves a paid charge within one interval, once", async () => {
    s.peer.dropNotifications(true);
    const data = (await s.create()).json().data;
    const cob = cobOf(s.peer, data.brCode);
    await s.peer.pay(cob.txid);
    // One interval, plus the half interval a charge checked just before may wait, plus slack.
    await s.waitStatus(data.chargeId, "approved", intervalMs * 2 + 800);
    await new Promise((r) => setTimeout(r, intervalMs * 2));
    const events = await s.svc.call("GET", `/api/events?charge_id=${data.chargeId}`, {
      token: s.account.live,
    });
    const approved = events
      .json()
      .data.events.filter((e: { event: string }) => e.event === "charge.approved");
    assert.equal(approved.length, 1);
  });

  test("a cob whose charge could not be written is swept (removed at the PSP) by reconciliation", async () => {
    // The PSP made the cob but its answer never came: with a key the cob is kept for the
    // caller's retry; a caller who never retries leaves it to the sweep.
    s.peer.failNext("PUT /cob/", "lost-response", 2);
    const before = new Set(s.peer.cobs.keys());
    const res = await s.create({}, { "idempotency-key": "never-retried" });
    assert.equal(res.statusCode, 502);
    const made = [...s.peer.cobs.values()].filter((c) => !before.has(c.txid));
    assert.equal(made.length, 1);
    assert.equal(made[0]?.status, "ATIVA");
    const deadline = Date.now() + 15_000;
    while (made[0]?.status === "ATIVA" && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      made[0] = s.peer.cobs.get(made[0].txid) ?? made[0];
    }
    assert.equal(made[0]?.status, "REMOVIDA_PELO_USUARIO_RECEBEDOR");
    // A retry with that key now gets a fresh cob (the swept one cannot be reused).
    const retry = await s.create({}, { "idempotency-key": "never-retried" });
    assert.equal(retry.statusCode, 200, retry.body);
    assert.equal(activeCobs(s).filter((c) => !before.has(c.txid)).length, 1);
  });
});

describe("an Idempotency-Key used again after it expired", () => {
  const clock = manualClock();
  const s = useLiveSetup({ profile: "efi", clock });

  test("makes a cob of its own: the first charge's cob, payable for 30 days, is not PUT over", async () => {
    const headers = { "idempotency-key": "order-2024-001" };
    const body = { value: 10, expires_in: 2_592_000 };
    const first = await s.create(body, headers);
    assert.equal(first.statusCode, 200, first.body);
    clock.advance(25 * 3_600_000); // past the key's 24 h
    const same = await s.create(body, headers); // the same request, a new order
    assert.equal(same.statusCode, 200, same.body);
    clock.advance(25 * 3_600_000);
    const other = await s.create({ ...body, value: 20 }, headers);
    assert.equal(other.statusCode, 200, other.body);
    const cobs = [first, same, other].map((r) => cobOf(s.peer, r.json().data.brCode));
    assert.equal(new Set(cobs.map((c) => c?.txid)).size, 3, "one cob per charge");
    assert.deepEqual(
      cobs.map((c) => [c?.valor.original, c?.status]),
      [
        ["10.00", "ATIVA"],
        ["10.00", "ATIVA"],
        ["20.00", "ATIVA"],
      ],
    );
    s.peer.assertNoViolations();
  });
});
