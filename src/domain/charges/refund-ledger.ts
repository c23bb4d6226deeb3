import type { ChargeRow, StoredRefund } from "../../db/queries/charges.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import { unprocessable } from "../errors.ts";
import { newId } from "../ids.ts";
import { brlToCents, centsToBrl, formatCents } from "../money.ts";
import { DISPLAY_STATUS } from "./charge-status.ts";

// A charge's refunds (migration 0029): partial or whole, several until what was paid is given
// back, never past it. Each is in_progress (asked, the PSP has not said), done, or refused (the
// PSP did not make it: it no longer counts). The sandbox makes each one done at once.

export type { StoredRefund } from "../../db/queries/charges.ts";

/** Refunds a charge may have: each live one is a devolução id of its own (live-confirm.ts). */
export const MAX_REFUNDS = 100;

/** What the payer paid: a cobv's amount on its payment day, else the charge's value. */
export const paidCentsOf = (charge: Pick<ChargeRow, "amountPaidCents" | "valueCents">): number =>
  charge.amountPaidCents ?? charge.valueCents;

const counts = (r: StoredRefund) => r.status !== "refused";

/**
 * What is refunded or being refunded: every refund not refused. A charge refunded in full
 * before refunds were recorded one by one holds its one refund (the migration wrote it).
 */
export function refundedCents(charge: Pick<ChargeRow, "refunds">): number {
  return (charge.refunds ?? []).filter(counts).reduce((s, r) => s + r.valueCents, 0);
}

/** What may still be refunded. */
export const leftToRefundCents = (charge: ChargeRow): number =>
  Math.max(0, paidCentsOf(charge) - refundedCents(charge));

/** Whether the refunds done (not merely asked) give back all that was paid. */
export const refundedInFull = (charge: ChargeRow, refunds: StoredRefund[]): boolean =>
  refunds.filter((r) => r.status === "done").reduce((s, r) => s + r.valueCents, 0) >=
  paidCentsOf(charge);

/** A refund as the API shows it (value in BRL; no PSP-side bookkeeping). */
export function refundView(r: StoredRefund) {
  return {
    id: r.id,
    value: centsToBrl(r.valueCents),
    reason: r.reason ?? null,
    status: r.status,
    createdAt: r.createdAt,
    ...(r.doneAt ? { doneAt: r.doneAt } : {}),
    ...(r.refusal ? { refusal: r.refusal } : {}),
  };
}
export type RefundView = ReturnType<typeof refundView>;

/**
 * The fields a charge's views gain once a refund was asked: amountRefunded (what is refunded or
 * in progress, BRL) and the refunds, oldest first. Absent before, so a charge never refunded
 * looks as it always did (events and responses stay as they were).
 */
export function refundFields(charge: Pick<ChargeRow, "refunds">) {
  const list = charge.refunds ?? [];
  if (list.length === 0) return {};
  return { amountRefunded: centsToBrl(refundedCents(charge)), refunds: list.map(refundView) };
}

/** A refund asked: how much (BRL, default what is left) and why. */
export type RefundAsk = { value?: number | undefined; reason?: string | undefined };

/**
 * The refund a charge (read under its row lock) admits, or undefined when nothing is to be done:
 * a charge refunded in full, or one whose refunds already cover what was paid, asked again
 * without a value (a retry is 200, unchanged). 422 naming `value` when it passes what is left
 * (refunded and in-progress refunds count; refused ones do not), `charge_id` when the charge is
 * not paid. The refund is made by the caller (done at once in the sandbox, in progress live).
 */
export function admitRefund(
  deps: { clock: Clock; random: Random },
  charge: ChargeRow,
  ask: RefundAsk,
): StoredRefund | undefined {
  if (charge.status === "refunded" && ask.value === undefined) return undefined;
  if (charge.status !== "approved" && charge.status !== "refunded") {
    throw unprocessable(
      `charge_id: cannot refund a charge that is ${charge.status} (${DISPLAY_STATUS[charge.status]})`,
    );
  }
  const left = leftToRefundCents(charge);
  if (ask.value === undefined && left === 0) return undefined;
  const cents = ask.value === undefined ? left : brlToCents(ask.value);
  if (cents === undefined || cents <= 0) throw unprocessable("value: must be greater than 0");
  if (cents > left) {
    throw unprocessable(
      left === 0
        ? `value: nothing is left to refund (${formatCents(paidCentsOf(charge))} paid, all of it refunded or being refunded)`
        : `value: at most ${formatCents(left)} is left to refund (${formatCents(paidCentsOf(charge))} paid, ${formatCents(refundedCents(charge))} refunded or being refunded)`,
    );
  }
  if ((charge.refunds ?? []).length >= MAX_REFUNDS) {
    throw unprocessable(`value: a charge takes at most ${MAX_REFUNDS} refunds`);
  }
  return {
    id: newId("rfd", deps),
    valueCents: cents,
    reason: ask.reason ?? null,
    status: "in_progress",
    createdAt: deps.clock.now().toISOString(),
  };
}
