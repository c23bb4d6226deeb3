import { type ChargeRow, findCharge } from "../../db/queries/charges.ts";
import { learnPaymentIds, PLACEHOLDER_E2EID_PREFIX } from "../../db/queries/live-payment-ids.ts";
import { chargesByTxids } from "../../db/queries/live-pix/work-lists.ts";
import { knownUnmatched } from "../../db/queries/live-pix-records.ts";
import type { QrCodeRow } from "../../db/queries/qr-codes.ts";
import { PspNotificationError, parsePspNotification } from "../../pix-psp/notification.ts";
import type { PspNotification } from "../../pix-psp/types.ts";
import { AppError, badRequest, notFound } from "../errors.ts";
import type { LiveConnection, PspClients } from "../pix-psp-connection/clients.ts";
import { unlessPspFails } from "../pix-psp-connection/psp-failure.ts";
import type { Tally } from "../tally.ts";
import { type LiveDeps, settleFromCob } from "./live-confirm.ts";
import { applyDevolucao } from "./live-dispute.ts";
import { applyQrPayment, qrPaymentsContext } from "./live-qr-payment.ts";
import { isSecondPayment } from "./live-reconcile.ts";
import { recordUnmatchedPayment } from "./live-unmatched.ts";

type Deps = LiveDeps & { pspClients: PspClients | undefined; tally?: Tally };

/**
 * At most this many calls to the PSP per notification, of each kind: one GET /cob per distinct
 * txid of a charge that can still change, one GET devolução per distinct devolução, one
 * GET /pix/{e2eid} per distinct unknown txid or paid charge whose payment id is not known yet.
 * A body listing a txid 500 times costs one call; a body listing hundreds of txids costs the
 * cap, and the rest is found by reconciliation's list of Pix received within one interval. A real notification carries one Pix, or a few.
 */
export const MAX_PSP_CALLS_PER_NOTIFICATION = 10;

/**
 * A PSP's notification (POST {webhookUrl}/pix) for the connection whose hook id is in the URL.
 * The body is a trigger, never proof: each txid is looked up at the PSP (GET /cob/{txid})
 * before its charge moves, each devolução at GET /pix/{e2eid}/devolucao/{id}, each unknown
 * txid at GET /pix/{e2eid} before it is recorded as an unmatched payment, or, on a reusable
 * QR code's txid, before it becomes the code's approved charge (live-qr-payment.ts). An unknown hook id is
 * 404 and touches nothing; an unreadable body is 400. A PSP that cannot be asked right now
 * leaves the work to reconciliation and the answer is 200. Anything else (the database down, a
 * bug) is NOT swallowed: it fails the request with a 5xx, so the PSP sends the notification
 * again, and it is counted (tostao_psp_notification_failures_total) and logged.
 */
export async function handlePspNotification(deps: Deps, hookId: string, body: unknown) {
  try {
    return await handle(deps, hookId, body);
  } catch (err) {
    if (!(err instanceof AppError)) deps.tally?.pspNotificationFailed();
    throw err;
  }
}

async function handle(deps: Deps, hookId: string, body: unknown) {
  const live = await deps.pspClients?.forHook(deps.db, hookId);
  if (!live) throw notFound("notification hook not found");
  let note: PspNotification;
  try {
    note = parsePspNotification(body);
  } catch (err) {
    if (err instanceof PspNotificationError) throw badRequest(`body: ${err.message}`);
    throw err;
  }
  const accountId = live.row.accountId;
  const txids = [...new Set(note.pix.flatMap((p) => (p.txid ? [p.txid] : [])))];
  const charges = new Map(
    (await chargesByTxids(deps.db, { accountId, txids })).map((c) => [c.txid, c]),
  );
  // Pix on a reusable QR code's txid (no charge holds a code's txid): payments to the code.
  const qrs = await qrPaymentsContext(
    deps,
    accountId,
    note.pix.filter((p) => p.txid && !charges.has(p.txid)),
  );
  const budget = { cob: MAX_PSP_CALLS_PER_NOTIFICATION, dev: MAX_PSP_CALLS_PER_NOTIFICATION };
  let unknownBudget = MAX_PSP_CALLS_PER_NOTIFICATION;
  const seen = new Set<string>();
  const once = (key: string) => {
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
  const unknown = note.pix.filter((p) => {
    const c = p.txid ? charges.get(p.txid) : undefined;
    return p.txid && (!c || isSecondPayment(c, p.endToEndId));
  });
  const recorded = await knownUnmatched(
    deps.db,
    unknown.map((p) => p.endToEndId),
  );
  let approved = 0;
  let refunds = 0;
  for (const pix of note.pix) {
    if (!pix.txid) continue; // a transfer to the key without a cob: not a charge of ours
    const charge = charges.get(pix.txid);
    const qr = charge ? undefined : qrs.codes.get(pix.txid);
    if (qr) {
      const e2eid = pix.endToEndId;
      if (qrs.charged.has(e2eid) || recorded.has(e2eid) || !once(`q:${e2eid}`)) continue;
      if (unknownBudget <= 0) continue;
      unknownBudget--;
      if ((await confirmQrPayment(deps, live, qr, e2eid, pix.txid)) === "charge") approved++;
      continue;
    }
    if (!charge) {
      if (recorded.has(pix.endToEndId) || !once(`u:${pix.txid}`) || unknownBudget <= 0) continue;
      unknownBudget--;
      await confirmUnmatched(deps, live, pix.endToEndId, pix.txid);
      continue;
    }
    if (canChange(charge) && once(`c:${pix.txid}`) && budget.cob > 0) {
      budget.cob--;
      if ((await unlessPspFails(() => settleFromCob(deps, live, charge)))?.approved) approved++;
    } else if (
      isSecondPayment(charge, pix.endToEndId) &&
      !recorded.has(pix.endToEndId) &&
      once(`s:${pix.endToEndId}`) &&
      unknownBudget > 0
    ) {
      unknownBudget--;
      await confirmUnmatched(deps, live, pix.endToEndId, pix.txid, charge.id);
    } else if (
      charge.pspE2eid?.startsWith(PLACEHOLDER_E2EID_PREFIX) &&
      once(`p:${pix.txid}`) &&
      unknownBudget > 0
    ) {
      unknownBudget--;
      await learnPaymentId(deps, live, pix.endToEndId, pix.txid);
    }
    for (const d of pix.devolucoes) {
      if (!once(`d:${pix.endToEndId}:${d.id}`) || budget.dev <= 0) continue;
      budget.dev--;
      const confirmed = await unlessPspFails(() => live.client.getDevolucao(pix.endToEndId, d.id));
      const current = confirmed && (await findCharge(deps.db, charge));
      if (confirmed && current) {
        if ((await applyDevolucao(deps, current, pix.endToEndId, confirmed)) === "refund") {
          refunds++;
        }
      }
    }
  }
  return { received: note.pix.length, approved, refunds };
}

// A charge a payment can still move: not paid yet (pending, or expired/canceled and paid late),
// and not already known to be underpaid (its cob is concluded: nothing more to learn).
const canChange = (c: ChargeRow) =>
  (c.status === "pending" || c.status === "expired" || c.status === "canceled") &&
  c.receivedCents === 0;

// A charge approved from a cob listed without its Pix holds a placeholder payment id: the
// notification names the payment, GET /pix/{e2eid} confirms it is this txid's, and its id is
// written back (live-payment-ids.ts) so the charge can be refunded.
async function learnPaymentId(deps: Deps, live: LiveConnection, e2eid: string, txid: string) {
  const real = await unlessPspFails(() => live.client.getPix(e2eid));
  if (!real || real.txid !== txid) return;
  await learnPaymentIds(deps.db, {
    accountId: live.row.accountId,
    payments: [{ txid, e2eid: real.endToEndId, horario: real.horario }],
  });
}

// A Pix on a code's txid is a charge only once the PSP confirms it (GET /pix/{e2eid}) with
// the same txid: a forged notification names a payment the PSP does not know, and makes none.
async function confirmQrPayment(
  deps: Deps,
  live: LiveConnection,
  qr: QrCodeRow,
  e2eid: string,
  txid: string,
) {
  const real = await unlessPspFails(() => live.client.getPix(e2eid));
  if (!real || real.txid !== txid) return "none";
  return applyQrPayment(deps, live, qr, real, "notification");
}

async function confirmUnmatched(
  deps: Deps,
  live: LiveConnection,
  e2eid: string,
  txid: string,
  paidCharge?: string,
) {
  const real = await unlessPspFails(() => live.client.getPix(e2eid));
  if (!real || real.txid !== txid) return false;
  return recordUnmatchedPayment(deps, live.row.accountId, real, "notification", paidCharge);
}
