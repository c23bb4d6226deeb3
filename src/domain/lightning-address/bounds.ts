import type { Quote } from "../../bitcoin/price-sources.ts";

// What a Lightning address accepts, in millisatoshis, from the BTC/BRL price of the moment: a
// payment becomes a Bitcoin charge in BRL, so it is held to a Bitcoin charge's limits. The least
// is the fewest whole satoshis worth at least R$ 0.01 (a charge of 0 centavos is no charge); the
// most is what TOSTAO_MAX_CHARGE_BRL buys. Whole satoshis only: a charge's amount is in sats,
// and phoenixd's invoices are too.

export type Bounds = { minSendable: number; maxSendable: number };

export function sendableBounds(priceCents: number, maxChargeCents: number): Bounds {
  const price = BigInt(priceCents);
  const minSats = (100_000_000n + price - 1n) / price;
  const maxSats = (BigInt(maxChargeCents) * 100_000_000n) / price;
  return { minSendable: Number(minSats) * 1000, maxSendable: Number(maxSats) * 1000 };
}

/** The BRL centavos `sats` are worth at the quote, rounded half up (as a charge's BRL is). */
export function centsForSats(sats: number, quote: Pick<Quote, "priceCents">): number {
  return Number((BigInt(sats) * BigInt(quote.priceCents) + 50_000_000n) / 100_000_000n);
}

/** The callback's `amount`, checked as LUD-06 states it: whole millisatoshis, within bounds. */
export function checkAmount(
  raw: unknown,
  bounds: Bounds,
): { ok: true; sats: number } | { ok: false; reason: string } {
  if (typeof raw !== "string" || raw === "")
    return { ok: false, reason: "amount: is required (millisatoshis)" };
  if (!/^\d{1,16}$/.test(raw))
    return { ok: false, reason: "amount: must be a whole number of millisatoshis" };
  const msat = Number(raw);
  if (msat % 1000 !== 0)
    return { ok: false, reason: "amount: must be whole satoshis (a multiple of 1000 msat)" };
  if (msat < bounds.minSendable || msat > bounds.maxSendable) {
    return {
      ok: false,
      reason: `amount: must be between ${bounds.minSendable} and ${bounds.maxSendable} msat`,
    };
  }
  return { ok: true, sats: msat / 1000 };
}
