import { findCharge } from "../../db/queries/charges.ts";
import type { Principal } from "../../kernel/mode.ts";
import { qrImageOf } from "../charges/charge-view.ts";
import { expireIfOverdue } from "../charges/move-charge.ts";
import { paymentUrl } from "../charges/payment-url.ts";
import { cryptoView } from "../crypto/crypto-view.ts";
import type { CryptoReadDeps } from "../crypto/read-crypto-charges.ts";
import { readCryptoCharge } from "../crypto/watch-chain.ts";
import { dueSummary } from "../due-date/due-charge.ts";
import { AppError, notFound } from "../errors.ts";
import { listEvents } from "../events/list-events.ts";
import { chargeDisputes } from "../live-pix/live-records.ts";
import { chargeDeliveries } from "../webhooks/charge-deliveries.ts";

/**
 * One charge of the caller, PIX or Bitcoin, as a status read shows it: a Bitcoin charge with
 * the chain asked first (at most every few seconds), a PIX one expired if overdue (one read).
 */
export async function ownChargeNow(deps: CryptoReadDeps, who: Principal, id: string) {
  const row = await findCharge(deps.db, { accountId: who.accountId, mode: who.mode, id });
  if (!row) throw notFound(`charge_id: charge ${id} not found`);
  if (row.method === "crypto") return readCryptoCharge({ ...deps, ...deps.crypto }, row);
  return expireIfOverdue(deps, row);
}

/** Whether the account holds a charge of this id in the given mode (the other mode's hint). */
export async function chargeExists(
  deps: { db: CryptoReadDeps["db"] },
  who: Principal,
  id: string,
): Promise<boolean> {
  return (
    (await findCharge(deps.db, { accountId: who.accountId, mode: who.mode, id })) !== undefined
  );
}

type ChargePageDeps = CryptoReadDeps & Parameters<typeof listEvents>[0];

/**
 * A charge's dashboard page, read at once: the charge (chain or expiry checked first), its
 * events, a page of its webhook deliveries, its live disputes, today's due-date amounts, its
 * Bitcoin view and the payer's link. A charge of the other mode (a test charge's link opened in
 * live mode) answers `{ kind: "other-mode" }`, so the page can offer the switch rather than "not found".
 */
export async function chargePage(
  deps: ChargePageDeps,
  who: Principal,
  id: string,
  opts: { deliveriesPage: number; baseUrl: string },
) {
  const row = await ownChargeNow(deps, who, id).catch(async (err) => {
    const other = who.mode === "test" ? ("live" as const) : ("test" as const);
    if (err instanceof AppError && err.code === "NOT_FOUND") {
      if (await chargeExists(deps, { ...who, mode: other }, id)) return { otherMode: other };
    }
    throw err;
  });
  if ("otherMode" in row) return { kind: "other-mode" as const, otherMode: row.otherMode };
  const livePix = row.mode === "live" && row.method === "pix";
  const [events, deliveries, disputes] = await Promise.all([
    listEvents(deps, who, { charge_id: id, limit: 200 }),
    chargeDeliveries(deps, who, id, opts.deliveriesPage),
    livePix ? chargeDisputes(deps, who, row.id) : Promise.resolve([]),
  ]);
  return {
    kind: "charge" as const,
    charge: row,
    events,
    deliveries,
    disputes,
    due: dueSummary(row, deps.clock.now()),
    crypto: row.crypto ? cryptoView(row, opts.baseUrl, { public: false }) : undefined,
    qrImage: row.method === "pix" && row.brCode ? qrImageOf(row) : undefined,
    payUrl: paymentUrl(opts.baseUrl, row.id),
  };
}

export type ChargePage = Awaited<ReturnType<typeof chargePage>>;
