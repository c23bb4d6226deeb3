import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createStaticPix, hasError, isStaticPix, parsePix } from "pix-utils";
import { findQrCode } from "../../src/db/queries/qr-codes.ts";
import { chargeFromQrPayment } from "../../src/domain/charges/qr-payment-charge.ts";
import { reconcileLivePix } from "../../src/domain/live-pix/live-reconcile.ts";
import { PATIENT_PSP_CLIENT, useLiveSetup } from "../helpers/live-pix.ts";
import { until } from "../helpers/until.ts";

// Live payments to a reusable QR code (docs/counter.md, Live): a payer pays the code's static BR
// Code at the PSP peer (which validates every request against BACEN's OpenAPI), and the Pix,
// once the PSP confirms it, is an approved charge naming the code, with its end-to-end id.

const s = useLiveSetup({ profile: "efi", pspClient: PATIENT_PSP_CLIENT });

// Each reconciliation pass runs on a clock a little later than the last, past the half interval
// an account's window waits between two passes (claimWatermark).
let passes = 0;
const reconcile = () => {
  const offsetMs = ++passes * 2000;
  return reconcileLivePix(
    {
      ...s.svc.deps,
      clock: { now: () => new Date(Date.now() + offsetMs) },
      pspClients: s.svc.deps.pspClients,
      warn() {},
    } as Parameters<typeof reconcileLivePix>[0],
    { intervalMs: 1000, attemptGraceMs: 3_600_000 },
  );
};

async function liveQr(body: Record<string, unknown>) {
  const res = await s.call("POST", "/api/pix/qr-codes/create", body);
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data as { qrCodeId: string; txid: string; brCode: string };
}

async function chargesOf(qrCodeId: string) {
  const res = await s.call("GET", `/api/pix/charges?qr_code_id=${qrCodeId}&limit=100`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data.charges as Array<Record<string, any>>;
}

const pixAsked = (e2eid: string) =>
  s.peer.requests.filter((r) => r.method === "GET" && r.path.endsWith(`/pix/${e2eid}`)).length;
const unmatchedOf = (e2eid: string) =>
  s.svc.deps.db.query<{ txid: string; source: string }>(
    "SELECT txid, source FROM unmatched_payments WHERE e2eid = $1",
    [e2eid],
  );
const webhooksOf = (chargeId: string) =>
  s.merchant.received.filter((r) => r.json?.data?.chargeId === chargeId).map((r) => r.json);

describe("a live payment to a reusable QR code", () => {
  test("a payer paying the code at the PSP makes an approved charge within 8 s, confirmed by GET /pix/{e2eid}, carrying the end-to-end id and qrCodeId, with charge.created and charge.approved webhooks", async () => {
    const qr = await liveQr({ title: "Balcão", description: "Padaria" });
    // The code names the connection's key: the peer's bank reads it and pays that key.
    const parsed = parsePix(qr.brCode);
    if (hasError(parsed) || !isStaticPix(parsed)) assert.fail("not a static BR Code");
    assert.equal(parsed.pixKey, s.peer.pixKey);
    assert.equal(parsed.txid, qr.txid);

    const t0 = Date.now();
    const paid = await s.peer.payStatic(qr.brCode, { amountCents: 1234 });
    assert.deepEqual(paid.delivered, [200]);
    const [charge] = await until("the code's charge", async () => chargesOf(qr.qrCodeId), 8000);
    assert.ok(Date.now() - t0 < 8000);
    assert.equal(pixAsked(paid.endToEndId), 1, "confirmed at the PSP, not on the notification");
    assert.equal(charge?.statusCode, "approved");
    assert.equal(charge?.value, 12.34);
    assert.equal(charge?.qrCodeId, qr.qrCodeId);
    assert.equal(charge?.endToEndId, paid.endToEndId);
    assert.equal(charge?.livemode, true);
    assert.equal(charge?.title, "Balcão");
    const id = charge?.chargeId as string;

    const events = await s.eventsOf(id);
    assert.deepEqual(
      events.map((e) => e.event),
      ["charge.created", "charge.approved"],
    );
    assert.ok(events.every((e) => e.data.qrCodeId === qr.qrCodeId));
    assert.equal(events[1]?.data.endToEndId, paid.endToEndId);
    const hooks = await until("both webhooks", () => {
      const got = webhooksOf(id);
      return got.length === 2 && got;
    });
    assert.deepEqual(hooks.map((h) => h.event).sort(), ["charge.approved", "charge.created"]);

    // Each payment is a charge of its own; a fixed code takes its amount.
    const second = await s.peer.payStatic(qr.brCode, { amountCents: 500 });
    await until("the second charge", async () => (await chargesOf(qr.qrCodeId)).length === 2);
    const fixed = await liveQr({ title: "Café", value: 7.5 });
    const cafe = await s.peer.payStatic(fixed.brCode);
    const [coffee] = await until("the coffee", async () => chargesOf(fixed.qrCodeId));
    assert.equal(coffee?.value, 7.5);
    assert.equal(coffee?.endToEndId, cafe.endToEndId);
    assert.notEqual(second.endToEndId, paid.endToEndId);
    s.peer.assertNoViolations();
  });

  test("a payment whose notification was lost is found by reconciliation (GET /pix), once", async () => {
    const qr = await liveQr({ title: "Feira", value: 3 });
    s.peer.dropNotifications(true);
    let paid: Awaited<ReturnType<typeof s.peer.payStatic>>;
    try {
      paid = await s.peer.payStatic(qr.brCode);
    } finally {
      s.peer.dropNotifications(false);
    }
    assert.deepEqual(paid.delivered, []);
    assert.deepEqual(await chargesOf(qr.qrCodeId), []);
    const counts = await reconcile();
    assert.ok(counts.approved >= 1, JSON.stringify(counts));
    const charges = await chargesOf(qr.qrCodeId);
    assert.equal(charges.length, 1);
    assert.equal(charges[0]?.statusCode, "approved");
    assert.equal(charges[0]?.endToEndId, paid.endToEndId);
    // The next pass reads the same window again (its overlap): nothing new.
    await reconcile();
    assert.equal((await chargesOf(qr.qrCodeId)).length, 1);
    assert.deepEqual(await unmatchedOf(paid.endToEndId), []);
    s.peer.assertNoViolations();
  });

  test("a txid naming no code of this account, a disabled code, or a fixed code paid another amount stays an unmatched payment and makes no charge", async () => {
    // A static code on the merchant's key with a 25-character txid that is no code of ours.
    const foreignTxid = "foreignqrcode000000000001";
    const foreign = createStaticPix({
      merchantName: "Loja Teste",
      merchantCity: "Sao Paulo",
      pixKey: s.peer.pixKey,
      txid: foreignTxid,
      transactionAmount: 4.2,
    });
    if (hasError(foreign)) assert.fail(foreign.message);
    const stranger = await s.peer.payStatic(foreign.toBRCode());

    const qr = await liveQr({ title: "Antigo" });
    const off = await s.call("POST", "/api/pix/qr-codes/disable", { qr_code_id: qr.qrCodeId });
    assert.equal(off.statusCode, 200, off.body);
    const late = await s.peer.payStatic(qr.brCode, { amountCents: 990 });
    // A fixed-amount code paid another amount (a payer's bank that let it through).
    const fixed = await liveQr({ title: "Fixo", value: 10 });
    const wrong = await s.peer.payStatic(fixed.brCode, { amountCents: 999 });

    for (const [p, txid] of [
      [stranger, foreignTxid],
      [late, qr.txid],
      [wrong, fixed.txid],
    ] as const) {
      const rows = await until("unmatched", async () => {
        const r = await unmatchedOf(p.endToEndId);
        return r.length > 0 && r;
      });
      assert.deepEqual(rows, [{ txid, source: "notification" }]);
      const hook = await until("payment.unmatched", () =>
        s.merchant.received.find(
          (r) => r.json?.event === "payment.unmatched" && r.json.data.endToEndId === p.endToEndId,
        ),
      );
      assert.equal(hook.json.data.txid, txid);
    }
    assert.deepEqual(await chargesOf(qr.qrCodeId), []);
    assert.deepEqual(await chargesOf(fixed.qrCodeId), []);
    await reconcile();
    assert.deepEqual(await chargesOf(qr.qrCodeId), [], "reconciliation makes none either");
    assert.deepEqual(await chargesOf(fixed.qrCodeId), []);
    s.peer.assertNoViolations();
  });

  test("a forged notification (the PSP's GET /pix/{e2eid} does not confirm it) makes no charge", async () => {
    const qr = await liveQr({ title: "Gorjeta" });
    const forged = "E00000000202612041200forged00001";
    const res = await s.peer.notify({
      pix: [
        { endToEndId: forged, txid: qr.txid, valor: "999.00", horario: new Date().toISOString() },
      ],
    });
    assert.deepEqual(res, [200]);
    assert.equal(pixAsked(forged), 1, "the payment was asked about at the PSP");
    assert.deepEqual(await chargesOf(qr.qrCodeId), []);
    assert.deepEqual(await unmatchedOf(forged), []);

    // A real payment named under another code's txid is not this code's either.
    const other = await liveQr({ title: "Outro" });
    const real = await s.peer.payStatic(other.brCode, { amountCents: 100 });
    await until("the real charge", async () => (await chargesOf(other.qrCodeId)).length === 1);
    await s.peer.notify({
      pix: [
        {
          endToEndId: real.endToEndId,
          txid: qr.txid,
          valor: "1.00",
          horario: new Date().toISOString(),
        },
      ],
    });
    assert.deepEqual(await chargesOf(qr.qrCodeId), []);
    assert.equal((await chargesOf(other.qrCodeId)).length, 1);
  });

  test("the notification and reconciliation of the same payment, racing, make one charge", async () => {
    const qr = await liveQr({ title: "Corrida", value: 2 });
    s.peer.dropNotifications(true);
    let paid: Awaited<ReturnType<typeof s.peer.payStatic>>;
    try {
      paid = await s.peer.payStatic(qr.brCode);
    } finally {
      s.peer.dropNotifications(false);
    }
    const pix = s.peer.pixReceived.get(paid.endToEndId);
    assert.ok(pix);
    // The PSP sends it again (late) while reconciliation reads the list, twice over.
    await Promise.all([s.peer.notify({ pix: [pix] }), reconcile(), s.peer.notify({ pix: [pix] })]);
    const charges = await chargesOf(qr.qrCodeId);
    assert.equal(charges.length, 1, JSON.stringify(charges));
    const events = await s.eventsOf(charges[0]?.chargeId);
    assert.equal(events.filter((e) => e.event === "charge.approved").length, 1);
  });

  test("a live QR code's charge is refunded at the PSP on its end-to-end id", async () => {
    const qr = await liveQr({ title: "Devolve", value: 8 });
    const paid = await s.peer.payStatic(qr.brCode);
    const [charge] = await until("the charge", async () => chargesOf(qr.qrCodeId));
    const res = await s.call("POST", "/api/pix/charge/refund", {
      charge_id: charge?.chargeId,
      value: 3,
    });
    assert.equal(res.statusCode, 200, res.body);
    const devolucoes = s.peer.pixReceived.get(paid.endToEndId)?.devolucoes ?? [];
    assert.equal(devolucoes.length, 1);
    assert.equal(devolucoes[0]?.valor, "3.00");
    s.peer.assertNoViolations();
  });

  test("two writers of the same payment's charge at once (two instances): the unique end-to-end id keeps one", async () => {
    const made = await liveQr({ title: "Duas instâncias", value: 1 });
    const qr = await findQrCode(s.svc.deps.db, {
      accountId: s.account.accountId,
      mode: "live",
      id: made.qrCodeId,
    });
    assert.ok(qr);
    const e2eid = "E12345678202612041200race0000001";
    const write = () =>
      chargeFromQrPayment(s.svc.deps, qr, {
        valueCents: 100,
        provider: "psp:efi",
        e2eid,
        simulated: false,
        paidAt: new Date(),
      });
    const results = await Promise.all([write(), write(), write(), write()]);
    assert.equal(results.filter(Boolean).length, 1);
    const charges = await chargesOf(made.qrCodeId);
    assert.equal(charges.length, 1);
    assert.equal((await s.eventsOf(charges[0]?.chargeId)).length, 2, "one charge's two events");
  });
});
