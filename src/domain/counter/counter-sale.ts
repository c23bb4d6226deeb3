import { timingSafeEqual } from "node:crypto";
import * as q from "../../db/queries/counter-links.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { createPixCharge, type PixChargeDeps } from "../charge-lifecycle/create-pix-charge.ts";
import type { BudgetCounter } from "../checkout/checkout-budget.ts";
import { saoPauloDay } from "../dashboard/receipts.ts";
import { AppError, notFound, unprocessable } from "../errors.ts";
import { centsToBrl, formatCents } from "../money.ts";
import { counterSecretHash } from "./counter-links.ts";

// The counter's use cases (docs/counter.md, "The counter"): what a counter link's secret may do,
// and nothing more. It opens its link (an unknown or revoked secret is 404, the same answer, so
// a guess learns nothing), makes a dynamic Pix charge in the link's account and mode through the
// API's own create, reads the status of the charges it made (another charge is 404 even when it
// exists), and lists today's. It is no API token: the secret is not of a token's form, so the
// API's Bearer check refuses it (401) without a lookup.

/** A secret's form: 32 bytes in base64url, no padding. */
const SECRET = /^[A-Za-z0-9_-]{43}$/;
/** Sales a link may start per minute: a busy counter rings one every few seconds. */
export const COUNTER_CHARGES_PER_MINUTE = 30;
/** How long a counter's charge can be paid: the customer is at the counter. */
export const COUNTER_EXPIRES_IN_SEC = 900;
const TODAYS_SALES = 50;

export type OpenLink = q.CounterLinkRow & { principal: Principal };

/** The live link of a secret, or 404 (unknown, malformed and revoked alike). */
export async function openCounterLink(deps: { db: Db }, secret: string) {
  const gone = () => notFound("not found");
  if (!SECRET.test(secret)) throw gone();
  const hash = counterSecretHash(secret);
  const row = await q.findCounterLinkByHash(deps.db, hash);
  // Found by its hash through the index; the comparison is repeated in constant time so no
  // answer's timing depends on how much of a stored hash a guess matched.
  if (!row || !timingSafeEqual(Buffer.from(row.secretHash), Buffer.from(hash))) throw gone();
  if (row.revokedAt) throw gone();
  const principal: Principal = {
    accountId: row.accountId,
    mode: row.mode,
    tokenId: row.id,
    scopes: ["charges:write"],
  };
  return { ...row, principal } satisfies OpenLink;
}

/** The title of a sale of the link (the merchant's statement and dashboard show it). */
export const saleTitle = (label: string) => `Venda no balcão — ${label}`;

/** Makes the sale's charge: a dynamic Pix of `cents`, naming the link. */
export async function ringUpSale(
  deps: PixChargeDeps & { rateLimiter: BudgetCounter },
  link: OpenLink,
  cents: number,
  baseUrl: string,
) {
  if (!Number.isSafeInteger(cents) || cents <= 0) {
    throw unprocessable("amount: must be greater than 0");
  }
  if (cents > deps.maxChargeCents) {
    throw unprocessable(`amount: must be at most ${formatCents(deps.maxChargeCents)}`);
  }
  const d = await deps.rateLimiter.hit(`counter-link:${link.id}`, COUNTER_CHARGES_PER_MINUTE, 60);
  if (!d.allowed) {
    throw new AppError(
      "RATE_LIMITED",
      `rate limit: at most ${d.limit} counter sales per minute per link; retry after ${d.resetSec} s`,
      { headers: { "Retry-After": String(d.resetSec) } },
    );
  }
  const created = await createPixCharge(
    deps,
    link.principal,
    { value: centsToBrl(cents), title: saleTitle(link.label), expires_in: COUNTER_EXPIRES_IN_SEC },
    baseUrl,
    { counterLinkId: link.id },
  );
  return created.chargeId;
}

export type CounterSale = {
  chargeId: string;
  valueCents: number;
  statusCode: string;
  brCode: string | null;
  createdAt: Date;
};

function saleOf(r: q.CounterSaleRow, now: Date): CounterSale {
  // A pending charge past its time reads as expired, as the payment page shows it.
  const expired = r.status === "pending" && r.expiresAt.getTime() <= now.getTime();
  return {
    chargeId: r.id,
    valueCents: r.valueCents,
    statusCode: expired ? "expired" : r.status,
    brCode: r.brCode,
    createdAt: r.createdAt,
  };
}

/** One sale of the link, or 404: the counter reads no other charge. */
export async function counterSale(
  deps: { db: PixChargeDeps["db"]; clock: PixChargeDeps["clock"] },
  link: OpenLink,
  chargeId: string,
) {
  const row = await q.findCounterSale(deps.db, {
    accountId: link.accountId,
    mode: link.mode,
    counterLinkId: link.id,
    chargeId,
  });
  if (!row) throw notFound(`charge_id: charge ${chargeId} not found`);
  return saleOf(row, deps.clock.now());
}

/** The link's sales of today (São Paulo), newest first. */
export async function todaysSales(
  deps: { db: PixChargeDeps["db"]; clock: PixChargeDeps["clock"] },
  link: OpenLink,
): Promise<CounterSale[]> {
  const now = deps.clock.now();
  // Brazil keeps UTC-3 all year (no daylight time since 2019): the day starts at 03:00 UTC.
  const from = new Date(`${saoPauloDay(now)}T00:00:00-03:00`);
  const rows = await q.listCounterSales(deps.db, {
    accountId: link.accountId,
    mode: link.mode,
    counterLinkId: link.id,
    from,
    limit: TODAYS_SALES,
  });
  return rows.map((r) => saleOf(r, now));
}
