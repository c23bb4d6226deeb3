import type { ChargeRow } from "../../db/queries/charges.ts";
import type { Principal } from "../../kernel/mode.ts";
import { DISPLAY_STATUS } from "../charges/charge-status.ts";
import { chargeView } from "../charges/charge-view.ts";
import { expireIfOverdue, loadCharge, transition } from "../charges/move-charge.ts";
import { cryptoView } from "../crypto/crypto-view.ts";
import { amountDue } from "../due-date/amount-due.ts";
import { brazilDate, dueTermsOf } from "../due-date/due-charge.ts";
import { isPayableAmount } from "../due-date/payable-bounds.ts";
import { forbidden, unprocessable } from "../errors.ts";
import { simulateLightningPayment } from "../lightning/simulate.ts";
import { cancelLiveCharge } from "../live-pix/live-cancel-refund.ts";
import { clockFor } from "../subscriptions/account-clock.ts";
import {
  cancelLivePeriodCharge,
  pastFirstDebit,
} from "../subscriptions-live/cancel-period-charge.ts";
import type { RecurrenceSink } from "../subscriptions-live/notify.ts";
import type { PixChargeDeps } from "./create-pix-charge.ts";

export type Deps = Omit<PixChargeDeps, "maxChargeCents">;

/**
 * A charge of the caller with the deps it is moved with, on the clock it was made on: a test
 * subscription's charge is made on the account's test clock (the billing pass, the pay-now
 * journey), so it is paid, canceled and refunded on that clock too, never dated before it was
 * made; every other charge was made on the real clock and stays on it (a test clock moved a year
 * ahead would otherwise find a charge made a minute ago long expired).
 */
export async function onItsClock(deps: Deps, who: Principal, chargeId: string) {
  const row = await loadCharge(deps, who, chargeId);
  if (row.mode !== "test" || !row.subscriptionId) return { d: deps, current: row };
  const d = { ...deps, clock: await clockFor(deps, row) };
  return { d, current: await expireIfOverdue(d, row) };
}

export const isLive = (c: { mode: string; method: string }) =>
  c.mode === "live" && c.method === "pix";

/**
 * Sandbox payment of a PIX or a Bitcoin charge, answered in that charge's own kind of view (the
 * REST route and the MCP tool alike). Test tokens only (a live charge is paid by a real payer).
 * Approving an approved charge answers 200 with it unchanged, so a retry is safe; a charge that
 * can no longer be paid (expired, canceled, refunded, declined, failed) is 422.
 */
export async function simulatePay(
  deps: Deps,
  who: Principal,
  chargeId: string,
  /** The base of a Bitcoin charge's QR image URL; without it the URL is relative. */
  baseUrl = "",
  /** A due-date charge's payment date (`YYYY-MM-DD`, Brazil); default today in Brazil. */
  paidAt?: string,
  /** Bitcoin charges: "lightning" pays the invoice; otherwise the address (on-chain). */
  method?: "lightning" | "onchain",
) {
  if (who.mode !== "test") {
    throw forbidden("simulate-pay is for test tokens only; live charges are paid by the payer");
  }
  const { d, current } = await onItsClock(deps, who, chargeId);
  if (current.status === "approved") return ownView(current, baseUrl);
  // A Bitcoin charge paid over its Lightning invoice, as the node would report it.
  if (method === "lightning") {
    return ownView(await simulateLightningPayment(d, current), baseUrl);
  }
  const amountPaidCents = paidAmount(d, current, paidAt);
  const { moved, charge } = await transition(d, { ...who, id: chargeId }, "approved", {
    simulated: true,
    ...(amountPaidCents === undefined ? {} : { amountPaidCents }),
  });
  if (!moved && charge.status !== "approved") throw cannot("pay", charge.status);
  return ownView(charge, baseUrl);
}

/**
 * What a sandbox payment on `paidAt` pays: a due-date charge's amount due that day (422 when it
 * can no longer be paid then, or when the date is before the charge was made); undefined for
 * an ordinary charge, which takes no date.
 */
function paidAmount(deps: Deps, row: ChargeRow, paidAt: string | undefined): number | undefined {
  const terms = dueTermsOf(row);
  if (!terms) {
    if (paidAt !== undefined) throw unprocessable("paid_at: only for a charge with a due_date");
    return undefined;
  }
  if (row.status !== "pending") return undefined;
  const date = paidAt ?? brazilDate(deps.clock.now());
  const created = brazilDate(row.createdAt);
  if (date < created) {
    throw unprocessable(`paid_at: must be on or after the day the charge was made (${created})`);
  }
  const a = amountDue(terms, date);
  if (!a.payable) {
    throw unprocessable(
      `paid_at: the charge can no longer be paid on ${date} (its last payable day is ${a.lastPayableDate})`,
    );
  }
  if (!isPayableAmount(a.total)) {
    // Only a bill stored before the terms were bounded (payable-bounds.ts) gets here.
    throw unprocessable(
      `paid_at: the charge cannot be paid on ${date}: its terms ask for nothing or for more than R$ 9.999.999.999,99`,
    );
  }
  return a.total;
}

/** A charge in its own kind of view: a Bitcoin charge as the crypto routes show it. */
function ownView(row: ChargeRow, baseUrl: string) {
  return row.crypto ? cryptoView(row, baseUrl, { public: false }) : chargeView(row);
}

/** Cancels a pending charge (charge.updated). Canceling a canceled charge is 200, unchanged. */
export async function cancelCharge(
  deps: Deps & { recurrenceSink?: RecurrenceSink | undefined },
  who: Principal,
  chargeId: string,
) {
  const { d, current } = await onItsClock(deps, who, chargeId);
  notCrypto(current.method, "canceled");
  if (current.status === "canceled") return chargeView(current);
  if (isLive(current) && current.status === "pending") {
    // The cob (a period's cobr) goes first: a charge is never canceled here while still payable
    // at the PSP.
    const live = { ...deps, pspClients: deps.pixProviders.live };
    const after = current.subscriptionId
      ? await cancelLivePeriodCharge(live, current)
      : await cancelLiveCharge(live, current);
    // Already paid at the PSP: the payment was learnt just now, and the answer is the charge
    // as it is (approved), not a refusal that leaves the caller to find out later.
    if (after.status === "approved") return chargeView(after);
    if (after.status !== "canceled") throw cannot("cancel", after.status);
    return chargeView(after);
  }
  if (current.status === "pending") notPastFirstDebit(d, current);
  const { moved, charge } = await transition(d, { ...who, id: chargeId }, "canceled");
  if (!moved && charge.status !== "canceled") throw cannot("cancel", charge.status);
  return chargeView(charge);
}

/**
 * The sandbox refuses what a live PSP refuses: a period's charge (a cobr) cannot be canceled on
 * or after the date of its first settlement attempt, the period's date (the BACEN file's
 * CobROperacaoInvalida for PATCH /cobr); from then on the debit and its retries run their course.
 */
function notPastFirstDebit(deps: Deps, row: ChargeRow) {
  const due = row.details.due_date;
  if (!row.subscriptionId || typeof due !== "string") return;
  if (brazilDate(deps.clock.now()) >= due) {
    throw unprocessable(pastFirstDebit(due));
  }
}

// A Bitcoin payment went to the merchant's own wallet: only the merchant can send it back, and
// a pending Bitcoin charge simply expires.
export function notCrypto(method: "pix" | "crypto", what: string) {
  if (method === "crypto") {
    throw unprocessable(
      `charge_id: a Bitcoin charge cannot be ${what} here; it was paid to your own wallet`,
    );
  }
}

function cannot(what: string, status: keyof typeof DISPLAY_STATUS) {
  return unprocessable(
    `charge_id: cannot ${what} a charge that is ${status} (${DISPLAY_STATUS[status]})`,
  );
}
