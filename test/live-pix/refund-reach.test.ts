import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { reconcileLivePix } from "../../src/domain/live-pix/live-reconcile.ts";
import { cobOf, PATIENT_PSP_CLIENT, useLiveSetup } from "../helpers/live-pix.ts";
import type { PeerCobV } from "../helpers/psp-peer/index.ts";

// Money the merchant must be able to reach (issue 32, item 8): a charge approved from a cob the
// PSP reported CONCLUIDA without its `pix` list learns its payment's end-to-end id later (from
// the PSP's list of Pix received, or a notification confirmed by GET /pix/{e2eid}) and is then
// refunded through a devolução on that id; a cobv paid for less than its amount due on the day
// stays pending with amountReceived, as an underpaid cob does.

const s = useLiveSetup({
  profile: "efi",
  pspClient: PATIENT_PSP_CLIENT,
});
afterEach(() => {
  s.peer.hidePixOnCobs(false);
  s.peer.dropNotifications(false);
  s.peer.assertNoViolations();
});

// Each pass a second further on the clock than the last: reconciliation reads an account's
// window at most once per half interval, and passes here follow each other within milliseconds.
let passes = 0;
const jobDeps = () => {
  const offset = ++passes * 1000;
  const clock = { now: () => new Date(Date.now() + offset) };
  return { ...s.svc.deps, clock, pspClients: s.svc.deps.pspClients, warn() {} };
};
const refund = (chargeId: string) =>
  s.svc.call("POST", "/api/pix/charge/refund", {
    token: s.account.live,
    body: { charge_id: chargeId },
  });
const view = async (chargeId: string) =>
  (
    await s.svc.call("GET", `/api/pix/charge/status?charge_id=${chargeId}`, {
      token: s.account.live,
    })
  ).json().data;
const devolucoesOn = (e2eid: string) =>
  s.peer.requests.filter((r) => r.method === "PUT" && r.path.includes(`/pix/${e2eid}/devolucao/`));

/** A charge approved from a cob answered without `pix`: its payment's id is not known yet. */
async function paidWithoutPixList() {
  const data = (await s.create()).json().data;
  s.peer.hidePixOnCobs(true);
  const txid = cobOf(s.peer, data.brCode).txid;
  const { endToEndId } = await s.peer.pay(txid);
  await s.waitStatus(data.chargeId, "approved", 5000);
  const early = await refund(data.chargeId);
  assert.equal(early.statusCode, 422, early.body);
  assert.match(early.json().error, /end-to-end id/);
  return { chargeId: data.chargeId as string, endToEndId, txid };
}

describe("a charge approved from a cob without its pix list", () => {
  test("is refunded through a devolução on its real end-to-end id once reconciliation reads the PSP's list of Pix received", async () => {
    const { chargeId, endToEndId } = await paidWithoutPixList();
    await reconcileLivePix(jobDeps(), { intervalMs: 1000, attemptGraceMs: 3_600_000 });
    const res = await refund(chargeId);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(devolucoesOn(endToEndId).length, 1, "PUT /pix/{real e2eid}/devolucao/{id}");
    await s.waitStatus(chargeId, "refunded", 5000);
  });

  test("is refunded on its real end-to-end id once a notification names the payment (confirmed by GET /pix/{e2eid})", async () => {
    const { chargeId, endToEndId } = await paidWithoutPixList();
    // The PSP notifies the same Pix again (a retry): the service asks GET /pix/{e2eid}.
    assert.deepEqual(await s.peer.notify({ pix: [s.peer.pixReceived.get(endToEndId)] }), [200]);
    assert.ok(
      s.peer.requests.some((r) => r.method === "GET" && r.path.endsWith(`/pix/${endToEndId}`)),
    );
    const res = await refund(chargeId);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(devolucoesOn(endToEndId).length, 1);
    await s.waitStatus(chargeId, "refunded", 5000);
  });

  test("a forged notification naming another payment's id writes nothing back", async () => {
    const { chargeId, txid } = await paidWithoutPixList();
    const other = (await s.create()).json().data;
    s.peer.hidePixOnCobs(false);
    const paidOther = await s.peer.pay(cobOf(s.peer, other.brCode).txid);
    await s.waitStatus(other.chargeId, "approved", 5000);
    const forged = { ...s.peer.pixReceived.get(paidOther.endToEndId), txid };
    assert.deepEqual(await s.peer.notify({ pix: [forged] }), [200]);
    const res = await refund(chargeId);
    assert.equal(res.statusCode, 422, res.body);
  });
});

describe("a second payment to a paid charge's txid", () => {
  test("is recorded once as an unmatched payment naming the charge, with its payment.unmatched event listed under the charge, from the notification or from reconciliation", async () => {
    const data = (await s.create()).json().data;
    const txid = cobOf(s.peer, data.brCode).txid;
    const first = await s.peer.pay(txid);
    await s.waitStatus(data.chargeId, "approved", 5000);
    const again = await s.peer.payAgain(txid, { amountCents: 500 });
    s.peer.dropNotifications(true);
    const third = await s.peer.payAgain(txid, { amountCents: 700 });
    s.peer.dropNotifications(false);
    await reconcileLivePix(jobDeps(), { intervalMs: 1000, attemptGraceMs: 3_600_000 });
    // The first payment seen again (notification and list) is the charge's own: nothing new.
    assert.deepEqual(
      await s.peer.notify({ pix: [s.peer.pixReceived.get(first.endToEndId)] }),
      [200],
    );
    const events = (
      await s.svc.call("GET", `/api/events?charge_id=${data.chargeId}`, { token: s.account.live })
    ).json().data.events as Array<{ event: string; data: Record<string, unknown> }>;
    const extra = events.filter((e) => e.event === "payment.unmatched").map((e) => e.data);
    assert.deepEqual(
      extra.map((d) => [d.endToEndId, d.txid, d.value, d.source, d.chargeId]).sort(),
      [
        [again.endToEndId, txid, 5, "notification", data.chargeId],
        [third.endToEndId, txid, 7, "reconciliation", data.chargeId],
      ].sort(),
    );
    const rows = await s.svc.deps.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM unmatched_payments WHERE txid = $1",
      [txid],
    );
    assert.equal(rows[0]?.n, 2);
    assert.equal(await s.status(data.chargeId), "approved");
  });
});

const DAY = 86_400_000;
const todaySp = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
/** A Wednesday at least 10 days ahead: no weekend moves it. */
function dueWednesday(): string {
  let t = Date.parse(`${todaySp()}T00:00:00Z`) + 10 * DAY;
  while (new Date(t).getUTCDay() !== 3) t += DAY;
  return new Date(t).toISOString().slice(0, 10);
}
function cobvOf(brCode: string): PeerCobV {
  for (const c of s.peer.cobvs.values()) if (c.brCode === brCode) return c;
  throw new Error("no cobv at the peer for this BR Code");
}
const BILL = {
  value: 100,
  title: "Mensalidade",
  due_date: dueWednesday(),
  customer_name: "Francisco da Silva",
  customer_cpf: "12345678909",
  fine: { mode: "percent", value: 2 },
};

describe("an underpaid cobv", () => {
  test("stays pending with amountReceived and one charge.updated, from the notification or from reconciliation", async () => {
    const data = (await s.create(BILL)).json().data;
    await s.peer.payCobV(cobvOf(data.brCode).txid, { amountCents: 9_000 });
    await s.peer.settled();
    await reconcileLivePix(jobDeps(), { intervalMs: 1000, attemptGraceMs: 3_600_000 });
    const v = await view(data.chargeId);
    assert.equal(v.statusCode, "pending");
    assert.equal(v.amountReceived, 90);
    assert.equal(v.amountDue, 100);
    const events = (
      await s.svc.call("GET", `/api/events?charge_id=${data.chargeId}`, { token: s.account.live })
    ).json().data.events as Array<{ event: string; data: { amountReceived?: number } }>;
    const updated = events.filter((e) => e.event === "charge.updated");
    assert.equal(updated.length, 1);
    assert.equal(updated[0]?.data.amountReceived, 90);
    assert.ok(!events.some((e) => e.event === "charge.approved"));
  });

  test("with notifications lost, reconciliation records it underpaid, and a cobv paid in full is approved", async () => {
    s.peer.dropNotifications(true);
    const short = (await s.create(BILL)).json().data;
    const full = (await s.create(BILL)).json().data;
    await s.peer.payCobV(cobvOf(short.brCode).txid, { amountCents: 9_999 });
    await s.peer.payCobV(cobvOf(full.brCode).txid);
    await reconcileLivePix(jobDeps(), { intervalMs: 1000, attemptGraceMs: 3_600_000 });
    const v = await view(short.chargeId);
    assert.equal(v.statusCode, "pending");
    assert.equal(v.amountReceived, 99.99);
    assert.equal(await s.status(full.chargeId), "approved");
  });
});
