import type { Quote, QuoteService } from "../../bitcoin/price-sources.ts";
import { AppError } from "../errors.ts";

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
      `quote: no BTC/BRL price is available now (${q.reason}); retry shortly`,
    );
  }
  return q;
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
