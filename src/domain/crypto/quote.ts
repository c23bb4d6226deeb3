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
