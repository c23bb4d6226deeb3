import type { ChargeRow } from "../../db/queries/charges.ts";
import type { Principal } from "../../kernel/mode.ts";
import { cryptoView } from "../crypto/crypto-view.ts";
import { amountDue } from "../due-date/amount-due.ts";
import { isPayableAmount } from "../due-date/payable-bounds.ts";
import { forbidden, unprocessable } from "../errors.ts";
import { simulateLightningPayment } from "../lightning/simulate.ts";
import { DISPLAY_STATUS } from "./charge-status.ts";
import { chargeView } from "./charge-view.ts";
import type { PixChargeDeps } from "./create-pix-charge.ts";
import { brazilDate, dueTermsOf } from "./due-charge.ts";
import { cancelLiveCharge, refundLiveCharge } from "./live-cancel-refund.ts";
import { loadCharge, transition } from "./move-charge.ts";

type Deps = Omit<PixChargeDeps, "maxChargeCents">;

const isLive = (c: { mode: string; method: string }) => c.mode === "live" && c.method === "pix";

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
  const current = await loadCharge(deps, who, chargeId);
  if (current.status === "approved") return ownView(current, baseUrl);
  // A Bitcoin charge paid over its Lightning invoice, as the node would report it.
  if (method === "lightning") {
    return ownView(await simulateLightningPayment(deps, current), baseUrl);
  }
  const amountPaidCents = paidAmount(deps, current, paidAt);
  const { moved, charge } = await transition(deps, { ...who, id: chargeId }, "approved", {
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
export async function cancelCharge(deps: Deps, who: Principal, chargeId: string) {
  const current = await loadCharge(deps, who, chargeId);
  notCrypto(current.method, "canceled");
  if (current.status === "canceled") return chargeView(current);
  if (isLive(current) && current.status === "pending") {
    // The cob goes first: a charge is never canceled here while still payable at the PSP.
    const after = await cancelLiveCharge({ ...deps, pspClients: deps.pixProviders.live }, current);
    // Already paid at the PSP: the payment was learnt just now, and the answer is the charge
    // as it is (approved), not a refusal that leaves the caller to find out later.
    if (after.status === "approved") return chargeView(after);
    if (after.status !== "canceled") throw cannot("cancel", after.status);
    return chargeView(after);
  }
  const { moved, charge } = await transition(deps, { ...who, id: chargeId }, "canceled");
  if (!moved && charge.status !== "canceled") throw cannot("cancel", charge.status);
  return chargeView(charge);
}

/** Refunds an approved charge in full (charge.refund). Refunding twice is 200, unchanged. */
export async function refundCharge(deps: Deps, who: Principal, chargeId: string) {
  const current = await loadCharge(deps, who, chargeId);
  notCrypto(current.method, "refunded");
  if (current.status === "refunded") return chargeView(current);
  if (current.status !== "approved") throw cannot("refund", current.status);
  if (isLive(current)) {
    // Refunded only when the PSP reports the devolução DEVOLVIDO; in progress (or refused by
    // the PSP) the answer is the charge still approved (docs/live-pix.md).
    const after = await refundLiveCharge({ ...deps, pspClients: deps.pixProviders.live }, current);
    return chargeView(after);
  }
  const { moved, charge } = await transition(deps, { ...who, id: chargeId }, "refunded");
  if (!moved && charge.status !== "refunded") throw cannot("refund", charge.status);
  return chargeView(charge);
}

// A Bitcoin payment went to the merchant's own wallet: only the merchant can send it back, and
// a pending Bitcoin charge simply expires.
function notCrypto(method: "pix" | "crypto", what: string) {
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
