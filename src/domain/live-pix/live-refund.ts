import { lockChargeForRefund, writeRefunds } from "../../db/queries/charge-refunds.ts";
import type { ChargeRow, StoredRefund } from "../../db/queries/charges.ts";
import { insertEvents } from "../../db/queries/events.ts";
import { PLACEHOLDER_E2EID_PREFIX } from "../../db/queries/live-payment-ids.ts";
import type { Db } from "../../kernel/db.ts";
import type { PspError } from "../../pix-psp/psp-error.ts";
import type { BacenPixClient, DevolucaoView } from "../../pix-psp/types.ts";
import { chargeEvent } from "../charges/charge-events.ts";
import { chargeData } from "../charges/charge-view.ts";
import {
  admitRefund,
  type RefundAsk,
  refundedInFull,
  refundView,
} from "../charges/refund-ledger.ts";
import { notFound, unprocessable } from "../errors.ts";
import { centsToBrl } from "../money.ts";
import type { PspClients } from "../pix-psp-connection/clients.ts";
import { isPspError, pspFailure } from "../pix-psp-connection/psp-failure.ts";
import { type LiveDeps, refundAttemptOf, refundIdFor } from "./live-confirm.ts";
import { LIVE_PSP_MISSING } from "./live-create.ts";

// Refunds of live PIX charges (issue 38): one devolução per refund, PUT /pix/{e2eid}/devolucao/
// {id} with that refund's valor. The refund is admitted and recorded (in progress, under the
// charge's row lock) before the PSP is called, so concurrent refunds never ask the PSP for more
// than was paid; the PSP's answer, its notification or reconciliation then settles it.

type Deps = LiveDeps & { pspClients: PspClients | undefined };

/**
 * Refunds `ask` of an approved live charge. The devolução id is derived from the charge and the
 * refund's rank (refundIdFor), so a PUT sent again reuses it and the PSP refuses to refund twice
 * (we then read that devolução). A refund whose PUT went unanswered (the PSP down, the answer
 * lost) stays in progress and unsent: this call sends it again first, and so does
 * reconciliation. DEVOLVIDO makes it done (charge.refund, and the charge refunded once its
 * refunds give back all that was paid); NAO_REALIZADO refused (charge.updated with the PSP's
 * reason; it no longer counts); EM_PROCESSAMENTO leaves it in progress. Answers the charge.
 */
export async function refundLiveCharge(
  deps: Deps,
  charge: ChargeRow,
  ask: RefundAsk,
): Promise<ChargeRow> {
  const live = await deps.pspClients?.forAccount(deps.db, charge.accountId);
  if (!live) throw unprocessable(LIVE_PSP_MISSING);
  const key = { accountId: charge.accountId, mode: charge.mode, id: charge.id };
  const { row, e2eid } = await deps.db.transaction(async (db) => {
    const locked = await lockChargeForRefund(db, key);
    if (!locked) throw notFound(`charge_id: charge ${charge.id} not found`);
    const refund = admitRefund(deps, locked, ask);
    if (!refund) return { row: locked, e2eid: locked.pspE2eid ?? "" };
    if (!locked.pspE2eid || locked.pspE2eid.startsWith(PLACEHOLDER_E2EID_PREFIX)) {
      // Its cob was reported paid without its Pix: reconciliation (or the PSP's next
      // notification) learns the payment's id from the PSP and writes it back.
      throw unprocessable(
        "charge_id: the PSP has not reported this payment's end-to-end id yet; retry after the next reconciliation pass, or refund it at the PSP",
      );
    }
    const refunds = locked.refunds ?? [];
    const sent: StoredRefund = {
      ...refund,
      pspId: refundIdFor(charge.id, nextAttempt(charge.id, refunds)),
      sent: false,
    };
    const after = await writeRefunds(db, key, {
      refunds: [...refunds, sent],
      refunded: false,
      at: deps.clock.now(),
    });
    return { row: after, e2eid: locked.pspE2eid };
  });
  let current = row;
  for (const r of unsent(row)) {
    let sent: Sent;
    try {
      sent = await sendRefund(deps, live.client, current, e2eid, r);
    } catch (err) {
      throw pspFailure(err, "the refund is kept in progress and sent again by reconciliation");
    }
    current = sent.row;
    // The PSP refused the PUT itself: the caller hears it in the PSP's words.
    if (sent.refusedAtPut) throw pspFailure(sent.refusedAtPut, "no refund was made");
  }
  return current;
}

const unsent = (row: ChargeRow) =>
  (row.refunds ?? []).filter((r) => r.status === "in_progress" && !r.sent && r.pspId);

/** The rank of a charge's next devolução id: past every id it has used. */
function nextAttempt(chargeId: string, refunds: StoredRefund[]): number {
  const used = refunds.map((r) => (r.pspId ? refundAttemptOf(chargeId, r.pspId) : -1));
  return Math.max(-1, ...used) + 1;
}

/**
 * PUTs a refund (again, for one never answered) and settles it from the answer. The PSP refusing
 * an id it already has is our earlier PUT that landed: the client reads that devolução. A PUT
 * refused for an id it does not have is the PSP refusing the refund: it is refused here too.
 * A PSP that cannot be reached throws (the refund stays in progress, unsent). Returns the charge
 * and, when the PSP refused the PUT itself, its refusal.
 */
export async function sendRefund(
  deps: LiveDeps,
  client: BacenPixClient,
  charge: ChargeRow,
  e2eid: string,
  r: StoredRefund,
): Promise<Sent> {
  const id = r.pspId ?? "";
  let dev: DevolucaoView;
  let refusedAtPut: PspError | undefined;
  try {
    dev = await client.putDevolucao(e2eid, id, r.valueCents, r.reason || "Reembolso");
  } catch (err) {
    if (!isPspError(err) || err.kind !== "rejected") throw err;
    const known = await client.getDevolucao(e2eid, id).catch((e: unknown) => {
      if (isPspError(e) && e.kind === "not_found") return undefined;
      throw err;
    });
    if (!known) refusedAtPut = err;
    dev = known ?? {
      id,
      amountCents: r.valueCents,
      status: "NAO_REALIZADO",
      rawStatus: "refused at PUT",
      motivo: err.message,
    };
  }
  const row = await settleRefund(deps, charge, dev);
  return refusedAtPut ? { row, refusedAtPut } : { row };
}

type Sent = { row: ChargeRow; refusedAtPut?: PspError };

/**
 * Applies a devolução's status as the PSP reports it (its answer to our PUT, or GET
 * /pix/{e2eid}/devolucao/{id} after a notification or in reconciliation) to the refund of that
 * id: DEVOLVIDO done, NAO_REALIZADO refused, EM_PROCESSAMENTO (or unknown) in progress. A
 * devolução that is none of this charge's refunds (made in the PSP's portal, under another id),
 * or not of its amount, changes nothing; a status already recorded is not news, and writes no
 * second event.
 */
export async function settleRefund(
  deps: LiveDeps,
  charge: ChargeRow,
  dev: DevolucaoView,
): Promise<ChargeRow> {
  if (refundAttemptOf(charge.id, dev.id) < 0) return charge;
  const key = { accountId: charge.accountId, mode: charge.mode, id: charge.id };
  return deps.db.transaction(async (db) => {
    const row = await lockChargeForRefund(db, key);
    if (!row) return charge;
    const refunds = row.refunds ?? [];
    const at = refunds.findIndex((r) => r.pspId === dev.id);
    const r = refunds[at];
    if (!r || r.valueCents !== dev.amountCents || r.status !== "in_progress") return row;
    const status =
      dev.status === "DEVOLVIDO" ? "done" : dev.status === "NAO_REALIZADO" ? "refused" : undefined;
    if (!status && r.sent) return row;
    const now = deps.clock.now();
    const next: StoredRefund = {
      ...r,
      sent: true,
      ...(status ? { status } : {}),
      ...(status === "done" ? { doneAt: now.toISOString() } : {}),
      ...(status === "refused" ? { refusal: dev.motivo ?? "the PSP did not make the refund" } : {}),
    };
    const all = refunds.map((x, i) => (i === at ? next : x));
    const after = await writeRefunds(db, key, {
      refunds: all,
      refunded: status === "done" && refundedInFull(row, all),
      at: now,
    });
    await refundEvent(deps, db, after, next);
    return after;
  });
}

/** A refund done fires charge.refund; one refused, charge.updated with the PSP's reason. */
async function refundEvent(deps: LiveDeps, db: Db, row: ChargeRow, r: StoredRefund) {
  if (r.status === "done") {
    await insertEvents(db, [
      chargeEvent(deps, "charge.refund", row, { ...chargeData(row), refund: refundView(r) }),
    ]);
  } else if (r.status === "refused") {
    await insertEvents(db, [
      chargeEvent(deps, "charge.updated", row, {
        ...chargeData(row),
        refund: {
          status: "failed",
          reason: r.refusal ?? "the PSP did not make the refund",
          id: r.id,
          value: centsToBrl(r.valueCents),
        },
      }),
    ]);
  }
}
