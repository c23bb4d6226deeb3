// A ChainSource over the Esplora HTTP API (Blockstream's electrs, mempool.space and self-hosted
// copies all serve the same paths). For one charge address it reports every transaction paying
// it, with the confirmation data callers need: confirmations = tipHeight - blockHeight + 1.
//
// Only outputs *to* the address count: spends from it (the merchant sweeping funds) must not make
// a paid charge look unpaid. Responses are validated field by field; a shape we do not recognise
// is an error rather than "no payment", since either guess could cost somebody money.
import { type FetchFn, getJson, getText, isRecord, trimBase } from "./http-get.ts";

export type FundingTx = {
  txid: string;
  /** Sum of this transaction's outputs to the address, in satoshis. */
  valueSats: number;
  confirmed: boolean;
  blockHeight?: number;
  /** Block header time, unix seconds. */
  blockTime?: number;
};

export type AddressFunding =
  | {
      ok: true;
      confirmedSats: number;
      unconfirmedSats: number;
      txs: FundingTx[];
      tipHeight: number;
    }
  | { ok: false; reason: string };

export type ChainSource = { addressFunding(address: string): Promise<AddressFunding> };

export type EsploraOptions = {
  /** e.g. https://blockstream.info/testnet/api or https://mempool.space/signet/api */
  baseUrl: string;
  /** Deadline for each HTTP request. */
  timeoutMs?: number;
  fetch?: FetchFn;
  /** Pages of 25 confirmed transactions to read before giving up on an over-used address. */
  maxPages?: number;
  /**
   * How long a tip height is reused (default 2 s). A pass of the watcher asks about many
   * addresses at once; they share one tip request instead of each making its own, which public
   * servers rate-limit. Blocks come every ten minutes or so, and a tip older than a payment's
   * block is raised to that block (below), so it only counts the payment with fewer
   * confirmations, never fewer than one, until the next look.
   */
  tipCacheMs?: number;
  now?: () => number;
};

// Esplora's fixed page size for confirmed history (electrs CHAIN_TXS_PER_PAGE): a full page means
// there may be more behind it, fetched from /txs/chain/:last_seen_txid.
const CHAIN_PAGE = 25;

type Output = { address: string | undefined; value: number };
type RawTx = {
  txid: string;
  confirmed: boolean;
  height?: number;
  time?: number;
  outputs: Output[];
};

const isCount = (v: unknown): v is number =>
  typeof v === "number" && Number.isSafeInteger(v) && v >= 0;

function parseOutput(v: unknown): Output | undefined {
  if (!isRecord(v) || !isCount(v.value)) return undefined;
  const address = v.scriptpubkey_address;
  if (address !== undefined && typeof address !== "string") return undefined;
  return { address, value: v.value };
}

function parseTx(v: unknown): RawTx | undefined {
  if (!isRecord(v) || typeof v.txid !== "string" || !/^[0-9a-f]{64}$/.test(v.txid))
    return undefined;
  const s = v.status;
  if (!isRecord(s) || typeof s.confirmed !== "boolean" || !Array.isArray(v.vout)) return undefined;
  const outputs = v.vout.map(parseOutput);
  if (!outputs.every((o) => o !== undefined)) return undefined;
  if (!s.confirmed) return { txid: v.txid, confirmed: false, outputs };
  // A confirmed status always carries the block; block_time is optional to us.
  if (!isCount(s.block_height) || (s.block_time !== undefined && !isCount(s.block_time))) {
    return undefined;
  }
  return { txid: v.txid, confirmed: true, height: s.block_height, time: s.block_time, outputs };
}

// Bech32 is case-insensitive (QR codes upcase it) and Esplora answers lowercase; base58 is not.
function normalise(address: string): string {
  return /^(bc|tb|bcrt)1/i.test(address) ? address.toLowerCase() : address;
}

export function makeEsploraSource(opts: EsploraOptions): ChainSource {
  const base = trimBase(opts.baseUrl);
  const timeoutMs = opts.timeoutMs ?? 5000;
  const fetchFn = opts.fetch ?? globalThis.fetch;
  const maxPages = opts.maxPages ?? 20;
  const tipCacheMs = opts.tipCacheMs ?? 2_000;
  const now = opts.now ?? Date.now;

  type Page = { ok: true; txs: RawTx[] } | { ok: false; reason: string };
  async function page(path: string): Promise<Page> {
    const got = await getJson(fetchFn, base + path, timeoutMs);
    if (!got.ok) return { ok: false, reason: `esplora address history: ${got.error}` };
    if (!Array.isArray(got.body))
      return { ok: false, reason: "esplora address history: not a list" };
    const txs = got.body.map(parseTx);
    if (!txs.every((t) => t !== undefined)) {
      return { ok: false, reason: "esplora address history: unexpected transaction shape" };
    }
    return { ok: true, txs };
  }

  type Tip = { ok: true; height: number } | { ok: false; reason: string };
  let lastTip: { height: number; at: number } | undefined;
  let tipInFlight: Promise<Tip> | undefined;
  async function tip(): Promise<Tip> {
    const t = now();
    if (lastTip && t >= lastTip.at && t - lastTip.at < tipCacheMs) {
      return { ok: true, height: lastTip.height };
    }
    if (!tipInFlight) {
      // Stamped with the time the request went out, so a slow answer is not reused for longer.
      const started = t;
      tipInFlight = fetchTip()
        .then((got) => {
          if (got.ok) lastTip = { height: got.height, at: started };
          return got;
        })
        .finally(() => {
          tipInFlight = undefined;
        });
    }
    return tipInFlight;
  }

  async function fetchTip(): Promise<Tip> {
    // /blocks/tip/height is a plain-text integer, not JSON.
    const got = await getText(fetchFn, `${base}/blocks/tip/height`, timeoutMs);
    if (!got.ok) return { ok: false, reason: `esplora tip height: ${got.error}` };
    const text = got.text.trim();
    if (!/^\d{1,9}$/.test(text)) return { ok: false, reason: "esplora tip height: not a number" };
    return { ok: true, height: Number(text) };
  }

  async function history(path: string): Promise<Page> {
    const first = await page(`${path}/txs`);
    if (!first.ok) return first;
    const all = [...first.txs];
    let confirmed = first.txs.filter((t) => t.confirmed);
    for (let pages = 1; confirmed.length >= CHAIN_PAGE; pages++) {
      if (pages >= maxPages) {
        return { ok: false, reason: `address has more than ${maxPages * CHAIN_PAGE} transactions` };
      }
      const next = await page(`${path}/txs/chain/${confirmed[confirmed.length - 1]?.txid}`);
      if (!next.ok) return next;
      all.push(...next.txs);
      confirmed = next.txs.filter((t) => t.confirmed);
    }
    return { ok: true, txs: all };
  }

  return {
    async addressFunding(address) {
      if (!/^[0-9A-Za-z]{14,90}$/.test(address)) return { ok: false, reason: "invalid address" };
      const target = normalise(address);
      const path = `/address/${encodeURIComponent(address)}`;
      const [hist, tipResult] = await Promise.all([history(path), tip()]);
      if (!hist.ok) return hist;
      if (!tipResult.ok) return tipResult;

      // A transaction can show up twice when it confirms between two page reads; the confirmed
      // sighting wins.
      const byTxid = new Map<string, FundingTx>();
      for (const raw of hist.txs) {
        const mine = raw.outputs.filter(
          (o) => o.address !== undefined && normalise(o.address) === target,
        );
        if (mine.length === 0) continue;
        if (byTxid.get(raw.txid)?.confirmed && !raw.confirmed) continue;
        const valueSats = mine.reduce((sum, o) => sum + o.value, 0);
        const tx: FundingTx = { txid: raw.txid, valueSats, confirmed: raw.confirmed };
        if (raw.height !== undefined) tx.blockHeight = raw.height;
        if (raw.time !== undefined) tx.blockTime = raw.time;
        byTxid.set(raw.txid, tx);
      }
      const txs = [...byTxid.values()];
      const sum = (c: boolean) =>
        txs.reduce((s, t) => (t.confirmed === c ? s + t.valueSats : s), 0);
      // The tip is read in parallel with the history and may predate a block the history already
      // shows; never let confirmations come out as zero or negative for a confirmed payment.
      const tipHeight = Math.max(tipResult.height, ...txs.map((t) => t.blockHeight ?? 0));
      return { ok: true, confirmedSats: sum(true), unconfirmedSats: sum(false), txs, tipHeight };
    },
  };
}
