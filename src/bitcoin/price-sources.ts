// The BTC/BRL price used to turn a charge's BRL amount into satoshis. Price APIs break, lag or
// (rarely) print nonsense, and one bad quote means a customer over- or underpays, so: every
// configured source is asked at once with a short deadline; a price counts only if it sits within
// `outlierBps` of the median of those that answered, and a majority must so agree; the quote is
// the median of the agreeing ones. Results are cached briefly (all charges in a burst share one
// round of requests) and, if every source then fails, the last quote is served only while it is
// younger than `maxAgeMs`. "Fresh" means answered in this round: the Binance and Coinbase tickers
// carry no timestamp of their own to judge by.
import { type FetchFn, getJson, trimBase } from "./http-get.ts";
import { MAX_SATS } from "./payment-uri.ts";
import { decimalToCents, PRICE_SOURCES, type PriceSourceName } from "./price-parse.ts";

export { DEFAULT_PRICE_SOURCE_URLS, type PriceSourceName } from "./price-parse.ts";

/** One source's part in a quote. `ok` sources have `priceCents` and no `error`; failed ones have
 * an `error`, and `priceCents` too when they answered but were set aside as outliers. */
export type SourceReport = { name: string; ok: boolean; priceCents?: number; error?: string };

type Answer = { name: string; priceCents: number };

export type Quote = {
  ok: true;
  /** BRL per BTC in integer centavos. */
  priceCents: number;
  sources: SourceReport[];
  /** When this price was fetched (a cached quote keeps its original time). */
  updatedAt: Date;
};

export type QuoteResult = Quote | { ok: false; reason: string };

export type QuoteServiceOptions = {
  /** Base URLs of the sources to ask; a source left out is not used. */
  sources?: Partial<Record<PriceSourceName, string>>;
  /** A constant BRL-per-BTC price replacing all sources (offline development). */
  fixedBrlPerBtc?: number;
  timeoutMs?: number;
  cacheMs?: number;
  maxAgeMs?: number;
  /**
   * How long a round in which no price came out is remembered (default 5 s): meanwhile callers
   * get that failure at once instead of each waiting up to timeoutMs on sources that are down.
   */
  failureMs?: number;
  /** Largest distance from the median, in basis points (500 = 5%), for a price to count. */
  outlierBps?: number;
  now?: () => number;
  fetch?: FetchFn;
};

export type QuoteService = { quote(): Promise<QuoteResult> };

const brl = (cents: number) =>
  `R$ ${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;

/** Median of integers; an even count takes the midpoint rounded half-up to a whole centavo. */
function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  const hi = s[mid] ?? 0;
  return s.length % 2 === 1 ? hi : Math.floor(((s[mid - 1] ?? 0) + hi + 1) / 2);
}

function combine(reports: SourceReport[], outlierBps: number): QuoteResult | SourceReport[] {
  const answered = reports.flatMap((r): Answer[] =>
    r.ok && r.priceCents !== undefined ? [{ name: r.name, priceCents: r.priceCents }] : [],
  );
  if (answered.length === 0) {
    const why = reports.map((r) => `${r.name}: ${r.error ?? "no price"}`).join("; ");
    return { ok: false, reason: `no BTC/BRL price source answered (${why})` };
  }
  const m = BigInt(median(answered.map((r) => r.priceCents)));
  const judged = reports.map((r): SourceReport => {
    if (!r.ok || r.priceCents === undefined) return r;
    const distance = BigInt(r.priceCents) - m;
    const abs = distance < 0n ? -distance : distance;
    if (abs * 10000n <= m * BigInt(outlierBps)) return r;
    const pct = Number((abs * 1000n) / m) / 10;
    const error = `outlier: ${pct}% from the median`;
    return { name: r.name, ok: false, priceCents: r.priceCents, error };
  });
  const kept = judged.filter((r) => r.ok);
  if (kept.length * 2 <= answered.length) {
    const list = answered.map((r) => `${r.name} ${brl(r.priceCents)}`).join(", ");
    return {
      ok: false,
      reason: `BTC/BRL sources disagree by more than ${outlierBps / 100}%: ${list}`,
    };
  }
  return judged;
}

export function makeQuoteService(opts: QuoteServiceOptions): QuoteService {
  const timeoutMs = opts.timeoutMs ?? 2000;
  const cacheMs = opts.cacheMs ?? 30_000;
  const maxAgeMs = opts.maxAgeMs ?? 180_000;
  const failureMs = opts.failureMs ?? 5_000;
  const outlierBps = opts.outlierBps ?? 500;
  const now = opts.now ?? Date.now;
  const fetchFn = opts.fetch ?? globalThis.fetch;

  if (opts.fixedBrlPerBtc !== undefined) {
    const cents = decimalToCents(String(opts.fixedBrlPerBtc));
    if (cents === undefined) throw new RangeError("fixedBrlPerBtc must be a positive BRL amount");
    const sources: SourceReport[] = [{ name: "fixed", ok: true, priceCents: cents }];
    return {
      quote: async () => ({ ok: true, priceCents: cents, sources, updatedAt: new Date(now()) }),
    };
  }

  const configured = (Object.keys(PRICE_SOURCES) as PriceSourceName[]).flatMap((name) => {
    const base = opts.sources?.[name];
    return base ? [{ name, url: trimBase(base) + PRICE_SOURCES[name].path }] : [];
  });

  async function ask(name: PriceSourceName, url: string): Promise<SourceReport> {
    const got = await getJson(fetchFn, url, timeoutMs);
    if (!got.ok) return { name, ok: false, error: got.error };
    const text = PRICE_SOURCES[name].extract(got.body);
    const cents = text === undefined ? undefined : decimalToCents(text);
    if (cents === undefined) return { name, ok: false, error: "unexpected response shape" };
    return { name, ok: true, priceCents: cents };
  }

  async function round(): Promise<QuoteResult> {
    if (configured.length === 0) return { ok: false, reason: "no BTC/BRL price source configured" };
    const reports = await Promise.all(configured.map((s) => ask(s.name, s.url)));
    const judged = combine(reports, outlierBps);
    if (!Array.isArray(judged)) return judged;
    const prices = judged.flatMap((r) =>
      r.ok && r.priceCents !== undefined ? [r.priceCents] : [],
    );
    return { ok: true, priceCents: median(prices), sources: judged, updatedAt: new Date(now()) };
  }

  let cached: Quote | undefined;
  let inflight: Promise<QuoteResult> | undefined;
  let failed: { result: QuoteResult; at: number } | undefined;

  return {
    async quote() {
      const age = (q: Quote) => now() - q.updatedAt.getTime();
      if (cached && age(cached) < Math.min(cacheMs, maxAgeMs)) return cached;
      const t = now();
      let fresh: QuoteResult;
      if (failed && t >= failed.at && t - failed.at < failureMs) {
        fresh = failed.result;
      } else {
        // Concurrent callers share one round instead of each hitting every API.
        inflight ??= round().finally(() => {
          inflight = undefined;
        });
        fresh = await inflight;
      }
      if (fresh.ok) {
        cached = fresh;
        failed = undefined;
        return fresh;
      }
      if (failed?.result !== fresh) failed = { result: fresh, at: now() };
      if (cached && age(cached) <= maxAgeMs) return cached;
      return fresh;
    },
  };
}

/** Satoshis for an amount of BRL centavos at a price in centavos per BTC, rounded half-up. */
export function btcForBrl(brlCents: number, priceCents: number): number {
  if (!Number.isSafeInteger(brlCents) || brlCents < 0) {
    throw new RangeError(`brlCents must be a non-negative integer, got ${brlCents}`);
  }
  if (!Number.isSafeInteger(priceCents) || priceCents <= 0) {
    throw new RangeError(`priceCents must be a positive integer, got ${priceCents}`);
  }
  const price = BigInt(priceCents);
  // round-half-up(a / b) = floor((2a + b) / 2b), all in exact integers.
  const sats = (2n * BigInt(brlCents) * 100_000_000n + price) / (2n * price);
  // Past the 21M BTC supply the price must be nonsense (and the number might not be exact).
  if (sats > BigInt(MAX_SATS)) throw new RangeError("amount exceeds 21 million BTC at this price");
  return Number(sats);
}
