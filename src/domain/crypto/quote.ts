import type { z } from "zod";
import { formatBtc } from "../../bitcoin/payment-uri.ts";
import { btcForBrl, type Quote, type QuoteService } from "../../bitcoin/price-sources.ts";
import { AppError, unprocessable } from "../errors.ts";
import { brlToCents, centsToBrl } from "../money.ts";
import type { QuoteSchema } from "./schemas.ts";

/**
 * The BTC/BRL price now, or a 503 that says why there is none (every price source failing or
 * disagreeing). One answer for every caller: the quote route, the quote tool and Bitcoin
 * charge creation.
 */
export async function currentQuote(quotes: QuoteService): Promise<Quote> {
  const q = await quotes.quote();
  if (!q.ok) {
    throw new AppError(
      "UNAVAILABLE",
      `quote: no BTC/BRL price is available now (${q.reason}); retry shortly, or, offline or in development, set a fixed price with the service's TOSTAO_QUOTE_FIXED_BRL setting (BRL per bitcoin)`,
    );
  }
  return q;
}

/** BRL centavos in sats at a price; an amount past the 21 million BTC supply is the caller's 422. */
export function satsFor(brlCents: number, priceCents: number, field: string): number {
  try {
    return btcForBrl(brlCents, priceCents);
  } catch {
    throw unprocessable(`${field}: is more than all the bitcoin there is at this price`);
  }
}

/**
 * The quotation as the API shows it (GET /api/crypto/quote): the price, each source's answer,
 * and with `brl` what that amount is in BTC. The amount is checked before the price sources are
 * asked: a bad amount is the caller's 422 whether or not a price is available.
 */
export async function quoteView(
  deps: { quotes: QuoteService; quoteValidMs: number },
  input: { brl?: number | undefined },
): Promise<z.input<typeof QuoteSchema>> {
  const brlCents = input.brl === undefined ? undefined : brlToCents(input.brl);
  if (input.brl !== undefined && brlCents === undefined)
    throw unprocessable("brl: must have at most 2 decimal places");
  const q = await currentQuote(deps.quotes);
  return {
    pair: "BTC/BRL",
    price: centsToBrl(q.priceCents),
    brl: brlCents === undefined ? null : centsToBrl(brlCents),
    btc: brlCents === undefined ? null : formatBtc(satsFor(brlCents, q.priceCents, "brl")),
    sources: q.sources.map((s) => ({
      name: s.name,
      price: s.priceCents === undefined ? null : centsToBrl(s.priceCents),
      ok: s.ok,
      ...(s.error ? { error: s.error } : {}),
    })),
    updatedAt: q.updatedAt.toISOString(),
    validUntil: new Date(q.updatedAt.getTime() + deps.quoteValidMs).toISOString(),
  };
}

/** A price fetched ahead of time: returns it, or throws the 503 the fetch ended with. */
export type PricedQuote = () => Quote;

/**
 * Asks for the price before any database transaction opens, so that a slow price source (up to
 * its timeout, when no cached price or remembered failure answers first) never holds a
 * connection or a lock while it answers:
 * PGlite has a single connection, and a pool's would run out under a burst of Bitcoin charges.
 * A failure is only raised when the creation reads the price, which keeps its place among the
 * creation's errors (an unknown product is still a 404) and lets an Idempotency-Key replay
 * answer while no price is available.
 */
export async function quoteAhead(quotes: QuoteService): Promise<PricedQuote> {
  try {
    const q = await currentQuote(quotes);
    return () => q;
  } catch (err) {
    return () => {
      throw err;
    };
  }
}
