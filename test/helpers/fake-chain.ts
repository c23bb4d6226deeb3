import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before } from "node:test";
import type { Clock } from "../../src/kernel/clock.ts";
import { startTestService, type TestService } from "./service.ts";

// Local stand-ins for the outside services of Bitcoin charges, speaking their documented
// protocols: an Esplora API (GET /address/:a/txs, GET /blocks/tip/height) and the three price
// sources' public tickers. Tests set what they answer.

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export type FakeTx = { txid: string; valueSats: number; blockHeight?: number; blockTime?: number };

export async function startFakeEsplora() {
  const txs = new Map<string, FakeTx[]>();
  let tip = 800_000;
  let hits = 0;
  let failing: number | undefined;
  const server = createServer((req, res) => {
    hits++;
    if (failing !== undefined) {
      res.writeHead(failing, { "content-type": "text/plain" });
      res.end("unavailable");
      return;
    }
    const url = new URL(req.url ?? "/", "http://x");
    if (url.pathname === "/blocks/tip/height") {
      res.writeHead(200, { "content-type": "text/plain" });
      res.end(String(tip));
      return;
    }
    const m = /^\/address\/([^/]+)\/txs$/.exec(url.pathname);
    if (m?.[1]) {
      const list = (txs.get(m[1]) ?? []).map((t) => ({
        txid: t.txid,
        version: 2,
        locktime: 0,
        vin: [],
        vout: [
          {
            scriptpubkey: "0014",
            scriptpubkey_type: "v0_p2wpkh",
            scriptpubkey_address: m[1],
            value: t.valueSats,
          },
          {
            scriptpubkey: "0014",
            scriptpubkey_type: "v0_p2wpkh",
            scriptpubkey_address: "tb1qchange0000000000000000000000000000000",
            value: 12345,
          },
        ],
        size: 222,
        weight: 561,
        fee: 141,
        status:
          t.blockHeight === undefined
            ? { confirmed: false }
            : {
                confirmed: true,
                block_height: t.blockHeight,
                block_hash: "00".repeat(32),
                block_time: t.blockTime ?? 1_795_000_000,
              },
      }));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(list));
      return;
    }
    res.writeHead(404);
    res.end("not found");
    return;
  });
  const url = await listen(server);
  return {
    url,
    hits: () => hits,
    /** Answers every request with this HTTP status until called again with undefined. */
    failWith(status: number | undefined) {
      failing = status;
    },
    setTip(h: number) {
      tip = h;
    },
    tip: () => tip,
    /** A payment to `address`; confirmed at the current tip unless `confirmed` is false. */
    pay(
      address: string,
      valueSats: number,
      opts: { confirmed?: boolean; blockTime?: number } = {},
    ) {
      const list = txs.get(address) ?? [];
      list.push({
        txid: randomBytes(32).toString("hex"),
        valueSats,
        ...(opts.confirmed === false
          ? {}
          : { blockHeight: tip, blockTime: opts.blockTime ?? Math.floor(Date.now() / 1000) }),
      });
      txs.set(address, list);
    },
    /**
     * Mines the address's unconfirmed payments into the block at the current tip (one
     * confirmation); returns how many were mined.
     */
    mine(address: string, opts: { blockTime?: number } = {}) {
      const pending = (txs.get(address) ?? []).filter((t) => t.blockHeight === undefined);
      for (const t of pending) {
        t.blockHeight = tip;
        t.blockTime = opts.blockTime ?? Math.floor(Date.now() / 1000);
      }
      return pending.length;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/**
 * The three price sources, each answering its documented shape with a price in BRL per BTC. The
 * service caches a price by its injected clock: with a manual clock, advance it past the cache
 * (30 s) before a change here can be seen.
 */
export async function startFakePriceSources(prices: {
  binance?: string;
  coinbase?: string;
  mercadobitcoin?: string;
}) {
  const state = { ...prices, down: new Set<string>(), delayMs: 0 };
  const make = (name: "binance" | "coinbase" | "mercadobitcoin", body: (p: string) => unknown) =>
    createServer(async (_req, res) => {
      if (state.delayMs > 0) await new Promise((r) => setTimeout(r, state.delayMs));
      const p = state[name];
      if (state.down.has(name) || p === undefined) {
        res.writeHead(503);
        res.end("down");
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(body(p)));
      return;
    });
  const servers = {
    binance: make("binance", (p) => ({ symbol: "BTCBRL", price: p })),
    coinbase: make("coinbase", (p) => ({ data: { base: "BTC", currency: "BRL", amount: p } })),
    mercadobitcoin: make("mercadobitcoin", (p) => [
      {
        pair: "BTC-BRL",
        high: p,
        low: p,
        vol: "1.0",
        last: p,
        open: p,
        buy: p,
        sell: p,
        date: 1795000000,
      },
    ]),
  };
  const urls = {
    binance: await listen(servers.binance),
    coinbase: await listen(servers.coinbase),
    mercadobitcoin: await listen(servers.mercadobitcoin),
  };
  return {
    urls,
    env: {
      TOSTAO_PRICE_BINANCE_URL: urls.binance,
      TOSTAO_PRICE_COINBASE_URL: urls.coinbase,
      TOSTAO_PRICE_MERCADOBITCOIN_URL: urls.mercadobitcoin,
    },
    set(name: "binance" | "coinbase" | "mercadobitcoin", price: string | undefined) {
      state[name] = price;
    },
    down(...names: string[]) {
      for (const n of names) state.down.add(n);
    },
    up() {
      state.down.clear();
    },
    /** Every source answers only after this many milliseconds (0: at once). */
    slow(ms: number) {
      state.delayMs = ms;
    },
    close: () =>
      Promise.all(Object.values(servers).map((s) => new Promise<void>((r) => s.close(() => r())))),
  };
}

export type FakeEsplora = Awaited<ReturnType<typeof startFakeEsplora>>;

/**
 * A test service whose testnet chain source is a fake Esplora, for the calling file: the chain
 * started first (the service is told its URL), then the service; both closed after the last
 * test, the service first. Read `.svc` and `.chain` inside the tests.
 */
export function useChainService(opts: { clock?: Clock; env?: Record<string, string> } = {}) {
  const h = {} as { svc: TestService; chain: FakeEsplora };
  before(async () => {
    h.chain = await startFakeEsplora();
    h.svc = await startTestService({
      ...(opts.clock ? { clock: opts.clock } : {}),
      env: { TOSTAO_ESPLORA_URL_TESTNET: h.chain.url, ...opts.env },
    });
  });
  after(async () => {
    await h.svc.close();
    await h.chain.close();
  });
  return h;
}
