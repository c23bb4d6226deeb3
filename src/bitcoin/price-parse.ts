// The public BTC/BRL tickers we read and how to pull the price text out of each answer. Prices
// arrive as decimal strings ("350000.00000000") and become integer centavos by string surgery,
// never via parseFloat, so 0.1-style binary errors cannot shift a quote.
//
// Mercado Bitcoin: we use the v4 public ticker (`/api/v4/tickers?symbols=BTC-BRL`, a JSON array of
// `{pair, last, ...}`), the current API, rather than the legacy v3 `/api/BTC/ticker/`. The
// research notes take that shape from client code rather than an official page, so the parser is
// strict (the pair must be BTC-BRL, `last` a decimal) and a change shows as that source failing,
// never as a wrong price; the other two sources keep quoting meanwhile.
import { isRecord } from "./http-get.ts";

export type PriceSourceName = "binance" | "coinbase" | "mercadobitcoin";

export type PriceSource = { path: string; extract(body: unknown): string | undefined };

/** Production base URLs, for the caller's configuration (nothing here reads them by itself). */
export const DEFAULT_PRICE_SOURCE_URLS: Readonly<Record<PriceSourceName, string>> = {
  binance: "https://api.binance.com",
  coinbase: "https://api.coinbase.com",
  mercadobitcoin: "https://api.mercadobitcoin.net",
};

// JSON numbers are accepted only when their shortest text is a plain decimal (no exponent).
function decimalText(v: unknown): string | undefined {
  if (typeof v === "string") return v;
  if (typeof v === "number" && Number.isFinite(v)) return String(v);
  return undefined;
}

export const PRICE_SOURCES: Readonly<Record<PriceSourceName, PriceSource>> = {
  // {"symbol":"BTCBRL","price":"350000.00000000"}
  binance: {
    path: "/api/v3/ticker/price?symbol=BTCBRL",
    extract: (b) => (isRecord(b) && b.symbol === "BTCBRL" ? decimalText(b.price) : undefined),
  },
  // {"data":{"base":"BTC","currency":"BRL","amount":"350000.12"}}; base/currency checked if sent.
  coinbase: {
    path: "/v2/prices/BTC-BRL/spot",
    extract: (b) => {
      const d = isRecord(b) ? b.data : undefined;
      if (!isRecord(d)) return undefined;
      if ((d.base ?? "BTC") !== "BTC" || (d.currency ?? "BRL") !== "BRL") return undefined;
      return decimalText(d.amount);
    },
  },
  // [{"pair":"BTC-BRL","last":"350000.00","high":...,"date":...}]
  mercadobitcoin: {
    path: "/api/v4/tickers?symbols=BTC-BRL",
    extract: (b) => {
      if (!Array.isArray(b)) return undefined;
      const row: unknown = b.find((r) => isRecord(r) && r.pair === "BTC-BRL");
      return isRecord(row) ? decimalText(row.last) : undefined;
    },
  },
};

/**
 * Integer centavos of a positive decimal text, rounded half-up at the third decimal
 * ("350000.125" -> 35000013), or undefined if it is not a plain positive decimal.
 */
export function decimalToCents(text: string): number | undefined {
  const m = /^(\d{1,12})(?:\.(\d+))?$/.exec(text.trim());
  if (!m?.[1]) return undefined;
  const frac = (m[2] ?? "").padEnd(3, "0");
  const cents = Number(m[1]) * 100 + Number(frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1 : 0);
  return cents > 0 && Number.isSafeInteger(cents) ? cents : undefined;
}
