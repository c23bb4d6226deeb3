import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { watchOnce } from "../../src/domain/crypto/watch-chain.ts";
import { manualClock } from "../../src/kernel/clock.ts";
import { useChainService } from "../helpers/fake-chain.ts";

// The chain watcher's rules that need a configured confirmation count above 1 and a clock moved
// by a day: a payment approves a charge only once it has TOSTAO_BTC_CONFIRMATIONS confirmations,
// and a payment after expiry counts (paidLate) for 24 h after expiresAt and is ignored after.
// The chain is a local Esplora; time moves by the injected clock; the background jobs are off
// (TOSTAO_WORKERS=false) so each watcher pass is one explicit watchOnce.

const REQUIRED = 3;
const DAY_MS = 24 * 3_600_000;
const AMOUNT_SATS = 10_000; // R$ 35 at the fixed R$ 350,000/BTC of the test config

const clock = manualClock(new Date());

const file = useChainService({
  clock,
  env: {
    TOSTAO_BTC_CONFIRMATIONS: String(REQUIRED),
    TOSTAO_WORKERS: "false",
  },
});

type Charge = { chargeId: string; address: string; expiresAt: string; amountCrypto: string };

async function createCharge(token: string): Promise<Charge> {
  const res = await file.svc.call("POST", "/api/crypto/charge/create", {
    token,
    body: { value: 35 },
  });
  assert.equal(res.statusCode, 200, res.body);
  const c = res.json().data as Charge;
  assert.equal(c.amountCrypto, "0.00010000");
  return c;
}
const status = async (token: string, id: string) => {
  const res = await file.svc.call("GET", `/api/crypto/charge/status?charge_id=${id}`, { token });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data as {
    statusCode: string;
    amountReceived: string;
    paidLate: boolean;
    approvedAt: string | null;
  };
};
/** The charge's events, in order, are charge.<name> for each of `names`. */
const assertChargeEvents = async (token: string, id: string, ...names: string[]) =>
  assert.deepEqual(
    (await file.svc.eventsOf(token, id)).map((e) => e.event),
    names.map((n) => `charge.${n}`),
  );
/** One pass of the background watcher, as the service's interval runs it. */
const watch = () => watchOnce({ ...file.svc.deps, ...file.svc.deps.crypto });
/** Block times follow the injected clock, so payments count as made after the charge. */
const blockTime = () => Math.floor(clock.now().getTime() / 1000);
/** A payment mined now and buried under enough blocks to have exactly REQUIRED confirmations. */
function payFinal(address: string, sats: number) {
  file.chain.pay(address, sats, { blockTime: blockTime() });
  file.chain.setTip(file.chain.tip() + REQUIRED - 1);
}

describe("Bitcoin watcher: the 24 h late window after expiry", () => {
  test("one watcher pass a day after expiry approves, with paidLate, the charge whose window is still open, and never asks about or changes the one whose window closed a minute earlier", async () => {
    const a = await file.svc.newAccount();
    const closed = await createCharge(a.test);
    clock.advance(2 * 60_000);
    const open = await createCharge(a.test);
    // Both pass their expiry unpaid and expire with charge.declined.
    clock.advance(16 * 60_000);
    await watch();
    assert.equal((await status(a.test, closed.chargeId)).statusCode, "expired");
    assert.equal((await status(a.test, open.chargeId)).statusCode, "expired");

    // One minute after `closed`'s window ended, one minute before `open`'s ends; both paid in full.
    clock.set(new Date(Date.parse(closed.expiresAt) + DAY_MS + 60_000));
    assert.ok(clock.now().getTime() < Date.parse(open.expiresAt) + DAY_MS);
    payFinal(closed.address, AMOUNT_SATS);
    payFinal(open.address, AMOUNT_SATS);
    assert.equal(await watch(), 1, "only the charge inside its late window is claimed");

    const late = await status(a.test, open.chargeId);
    assert.equal(late.statusCode, "approved");
    assert.equal(late.paidLate, true);
    assert.equal(late.amountReceived, "0.00010000");
    assert.equal(late.approvedAt, clock.now().toISOString());
    await assertChargeEvents(a.test, open.chargeId, "created", "pending", "declined", "approved");

    // A status read of the closed one (past the 5 s check interval) does not ask the chain
    // either, and the payment is never recorded.
    clock.advance(6_000);
    const hits = file.chain.hits();
    const checkedAt = async (id: string) =>
      (
        await file.svc.deps.db.query<{ at: Date | null }>(
          "SELECT chain_checked_at AS at FROM charges WHERE id = $1",
          [id],
        )
      )[0]?.at?.getTime() ?? null;
    const checkedBefore = await checkedAt(closed.chargeId);
    const gone = await status(a.test, closed.chargeId);
    assert.equal(file.chain.hits(), hits, "the chain is not asked about a charge past its window");
    assert.equal(await checkedAt(closed.chargeId), checkedBefore, "nor is its row written");
    // Nor about a charge in a final state, whose reads write nothing either.
    const approvedChecked = await checkedAt(open.chargeId);
    assert.equal((await status(a.test, open.chargeId)).statusCode, "approved");
    assert.equal(file.chain.hits(), hits);
    assert.equal(await checkedAt(open.chargeId), approvedChecked);
    assert.equal(gone.statusCode, "expired");
    assert.equal(gone.paidLate, false);
    assert.equal(gone.amountReceived, "0.00000000");
    assert.equal(gone.approvedAt, null);
    assert.equal(await watch(), 0, "nothing is left to watch");
    await assertChargeEvents(a.test, closed.chargeId, "created", "pending", "declined");
  });

  test("a late partial payment is recorded on the expired charge with charge.updated; completed a minute before the window closes, it is approved with paidLate and charge.approved", async () => {
    const a = await file.svc.newAccount();
    const c = await createCharge(a.test);
    clock.advance(16 * 60_000);
    assert.equal((await status(a.test, c.chargeId)).statusCode, "expired");

    clock.advance(12 * 3_600_000);
    payFinal(c.address, 4_000);
    await watch();
    let st = await status(a.test, c.chargeId);
    assert.equal(st.statusCode, "expired", "a partial late payment does not approve");
    assert.equal(st.amountReceived, "0.00004000");
    assert.equal(st.paidLate, false);

    clock.set(new Date(Date.parse(c.expiresAt) + DAY_MS - 60_000));
    payFinal(c.address, 6_000);
    await watch();
    st = await status(a.test, c.chargeId);
    assert.equal(st.statusCode, "approved");
    assert.equal(st.paidLate, true);
    assert.equal(st.amountReceived, "0.00010000");
    await assertChargeEvents(
      a.test,
      c.chargeId,
      "created",
      "pending",
      "declined",
      "updated",
      "approved",
    );
  });
});

describe(`Bitcoin watcher: TOSTAO_BTC_CONFIRMATIONS=${REQUIRED}`, () => {
  test("a full payment in the mempool, then with 1 and 2 confirmations, leaves the charge pending (and unexpired past expiresAt); the 3rd confirmation approves it, not late", async () => {
    const a = await file.svc.newAccount();
    const c = await createCharge(a.test);
    file.chain.pay(c.address, AMOUNT_SATS, { confirmed: false });
    clock.advance(6_000);
    await watch();
    let st = await status(a.test, c.chargeId);
    assert.equal(st.statusCode, "pending", "a mempool payment does not approve");
    assert.equal(st.amountReceived, "0.00010000");
    await assertChargeEvents(a.test, c.chargeId, "created", "pending", "updated");

    // A block every 10 minutes; the 15-minute expiry passes while the payment confirms.
    assert.equal(file.chain.mine(c.address, { blockTime: blockTime() }), 1);
    for (const confirmations of [1, 2]) {
      if (confirmations > 1) file.chain.setTip(file.chain.tip() + 1);
      clock.advance(10 * 60_000);
      await watch();
      st = await status(a.test, c.chargeId);
      assert.equal(st.statusCode, "pending", `${confirmations} of ${REQUIRED} confirmations`);
      assert.equal(st.approvedAt, null);
    }
    assert.ok(clock.now().getTime() > Date.parse(c.expiresAt), "the charge is past expiresAt");

    file.chain.setTip(file.chain.tip() + 1);
    clock.advance(10 * 60_000);
    await watch();
    st = await status(a.test, c.chargeId);
    assert.equal(st.statusCode, "approved", `${REQUIRED} confirmations`);
    assert.equal(st.paidLate, false, "seen in full before expiry, so not late");
    assert.equal(st.amountReceived, "0.00010000");
    await assertChargeEvents(a.test, c.chargeId, "created", "pending", "updated", "approved");
  });

  test("confirmations count per payment: on status reads, a charge paid in two parts approves only when the later part also has 3", async () => {
    const a = await file.svc.newAccount();
    const c = await createCharge(a.test);
    file.chain.pay(c.address, 6_000, { blockTime: blockTime() });
    file.chain.setTip(file.chain.tip() + 1);
    file.chain.pay(c.address, 4_000, { blockTime: blockTime() });
    file.chain.setTip(file.chain.tip() + 1); // the first part has 3 confirmations, the second 2
    clock.advance(6_000);
    let st = await status(a.test, c.chargeId);
    assert.equal(st.statusCode, "pending");
    assert.equal(st.amountReceived, "0.00010000");

    file.chain.setTip(file.chain.tip() + 1);
    clock.advance(6_000);
    st = await status(a.test, c.chargeId);
    assert.equal(st.statusCode, "approved");
    assert.equal(st.paidLate, false);
    await assertChargeEvents(a.test, c.chargeId, "created", "pending", "updated", "approved");
  });
});

describe("Bitcoin watcher: zero-conf and a failing chain source", () => {
  test("with 0 required confirmations a full payment seen in the mempool approves the charge in one pass", async () => {
    const a = await file.svc.newAccount();
    const c = await createCharge(a.test);
    file.chain.pay(c.address, AMOUNT_SATS, { confirmed: false });
    clock.advance(6_000);
    await watchOnce({ ...file.svc.deps, ...file.svc.deps.crypto, confirmations: 0 });
    const st = await status(a.test, c.chargeId);
    assert.equal(st.statusCode, "approved");
    assert.equal(st.amountReceived, "0.00010000");
    await assertChargeEvents(a.test, c.chargeId, "created", "pending", "approved");
  });

  test("a pass whose chain source answers 503 reports the unchecked charges in one warning and changes nothing; the next pass after recovery checks them", async () => {
    const a = await file.svc.newAccount();
    const first = await createCharge(a.test);
    const second = await createCharge(a.test);
    file.chain.pay(first.address, AMOUNT_SATS, { confirmed: false });
    file.chain.pay(second.address, AMOUNT_SATS, { confirmed: false });
    clock.advance(6_000);
    const warnings: Array<{ detail: Record<string, unknown>; message: string }> = [];
    const warn = (detail: Record<string, unknown>, message: string) => {
      warnings.push({ detail, message });
    };
    file.chain.failWith(503);
    try {
      await watchOnce({ ...file.svc.deps, ...file.svc.deps.crypto, warn });
    } finally {
      file.chain.failWith(undefined);
    }
    assert.equal(warnings.length, 1, "one warning per pass, not one per charge");
    const w = warnings[0];
    assert.ok(w);
    assert.ok((w.detail.unchecked as number) >= 2);
    assert.equal(w.detail.unchecked, w.detail.of);
    assert.match(String(w.detail.first), /esplora/);
    assert.match(w.message, /could not be checked/);
    assert.equal((await status(a.test, first.chargeId)).amountReceived, "0.00000000");

    clock.advance(6_000);
    await watchOnce({ ...file.svc.deps, ...file.svc.deps.crypto, warn });
    assert.equal(warnings.length, 1, "a pass that checks everything stays quiet");
    assert.equal((await status(a.test, first.chargeId)).amountReceived, "0.00010000");
    assert.equal((await status(a.test, second.chargeId)).amountReceived, "0.00010000");
  });
});
