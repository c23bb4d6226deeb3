import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import fc from "fast-check";
import {
  deadUrl,
  type FakeReply,
  type FakeServer,
  startFakeServer,
} from "../../test/helpers/fake-http.ts";
import { decimalToCents, PRICE_SOURCES } from "./price-parse.ts";
import { btcForBrl, makeQuoteService, type QuoteResult } from "./price-sources.ts";

// Each fake speaks one API's documented path and JSON shape; `set` swaps its answer mid-test.
type Fake = FakeServer & { set(reply: FakeReply): void };
const servers: FakeServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

async function fake(path: string, reply: FakeReply): Promise<Fake> {
  let current = reply;
  const s = await startFakeServer((p) => (p === path ? current : undefined));
  servers.push(s);
  const set = (r: FakeReply) => {
    current = r;
  };
  return Object.assign(s, { set });
}
const binance = (price: string) =>
  fake("/api/v3/ticker/price?symbol=BTCBRL", { body: { symbol: "BTCBRL", price } });
const coinbase = (amount: string) =>
  fake("/v2/prices/BTC-BRL/spot", { body: { data: { base: "BTC", currency: "BRL", amount } } });
const mercado = (last: string) =>
  fake("/api/v4/tickers?symbols=BTC-BRL", {
    body: [
      {
        pair: "BTC-BRL",
        high: "360000.00",
        low: "340000.00",
        vol: "12.3",
        last,
        buy: last,
        sell: last,
        open: "345000.00",
        date: 1760000000,
      },
    ],
  });

function ok(r: QuoteResult) {
  if (!r.ok) assert.fail(r.reason);
  return r;
}

describe("quote from live sources", () => {
  test("the quote is the median of three answering sources, in integer centavos", async () => {
    const [b, c, m] = await Promise.all([
      binance("350000.00000000"),
      coinbase("351000.12"),
      mercado("352000.00"),
    ]);
    const q = ok(
      await makeQuoteService({
        sources: { binance: b.url, coinbase: `${c.url}/`, mercadobitcoin: m.url },
      }).quote(),
    );
    assert.equal(q.priceCents, 35100012);
    assert.deepEqual(
      q.sources.map((s) => [s.name, s.ok, s.priceCents]),
      [
        ["binance", true, 35000000],
        ["coinbase", true, 35100012],
        ["mercadobitcoin", true, 35200000],
      ],
    );
  });

  test("one wild source among three is set aside and does not move the price", async () => {
    const [b, c, m] = await Promise.all([
      binance("350000.00"),
      coinbase("351000.00"),
      mercado("999999.99"),
    ]);
    const q = ok(
      await makeQuoteService({
        sources: { binance: b.url, coinbase: c.url, mercadobitcoin: m.url },
      }).quote(),
    );
    const twoOnly = ok(
      await makeQuoteService({ sources: { binance: b.url, coinbase: c.url } }).quote(),
    );
    assert.equal(q.priceCents, 35050000);
    assert.equal(q.priceCents, twoOnly.priceCents);
    const wild = q.sources.find((s) => s.name === "mercadobitcoin");
    assert.equal(wild?.ok, false);
    assert.equal(wild?.priceCents, 99999999);
    assert.match(wild?.ok ? "" : (wild?.error ?? ""), /outlier/);
  });

  test("two sources that disagree by more than the tolerance give no price at all", async () => {
    const [b, c] = await Promise.all([binance("350000.00"), coinbase("420000.00")]);
    const r = await makeQuoteService({ sources: { binance: b.url, coinbase: c.url } }).quote();
    assert.equal(r.ok, false);
    assert.match(r.ok ? "" : r.reason, /disagree.*binance R\$ 350000\.00.*coinbase R\$ 420000\.00/);
  });

  test("with one source down the others still answer, and the failure is reported", async () => {
    const [b, c, m] = await Promise.all([
      binance("350000.00"),
      coinbase("351000.00"),
      mercado("1"),
    ]);
    m.set({ status: 500, body: "oops" });
    const q = ok(
      await makeQuoteService({
        sources: { binance: b.url, coinbase: c.url, mercadobitcoin: m.url },
      }).quote(),
    );
    assert.equal(q.priceCents, 35050000);
    assert.deepEqual(q.sources[2], { name: "mercadobitcoin", ok: false, error: "HTTP 500" });
  });

  test("when no source answers the reason names each one and its failure", async () => {
    const [c, m] = await Promise.all([coinbase("1"), mercado("1")]);
    c.set({ status: 503, body: "down" });
    m.set({ body: { pair: "BTC-BRL", last: "350000" } }); // an object, not the documented array
    const r = await makeQuoteService({
      sources: { binance: await deadUrl(), coinbase: c.url, mercadobitcoin: m.url },
    }).quote();
    assert.equal(r.ok, false);
    const reason = r.ok ? "" : r.reason;
    assert.match(reason, /binance: connection failed \(ECONNREFUSED\)/);
    assert.match(reason, /coinbase: HTTP 503/);
    assert.match(reason, /mercadobitcoin: unexpected response shape/);
  });

  test("a hanging source is cut off at timeoutMs and the rest still quote", async () => {
    const [b, c, m] = await Promise.all([
      binance("350000.00"),
      coinbase("350100.00"),
      mercado("1"),
    ]);
    m.set("hang");
    const started = performance.now();
    const q = ok(
      await makeQuoteService({
        sources: { binance: b.url, coinbase: c.url, mercadobitcoin: m.url },
        timeoutMs: 150,
      }).quote(),
    );
    assert.ok(performance.now() - started < 1500);
    assert.equal(q.priceCents, 35005000);
    assert.deepEqual(q.sources[2], {
      name: "mercadobitcoin",
      ok: false,
      error: "timed out after 150 ms",
    });
  });

  test("within cacheMs the cached quote is served without asking the sources again", async () => {
    const b = await binance("350000.00");
    let t = 1_000_000;
    const svc = makeQuoteService({ sources: { binance: b.url }, now: () => t });
    const first = ok(await svc.quote());
    t += 29_999;
    assert.equal(ok(await svc.quote()), first);
    assert.equal(b.hits.length, 1);
    t += 1;
    b.set({ body: { symbol: "BTCBRL", price: "360000.00" } });
    const second = ok(await svc.quote());
    assert.equal(b.hits.length, 2);
    assert.equal(second.priceCents, 36000000);
    assert.equal(second.updatedAt.getTime(), t);
  });

  test("concurrent callers share one round of requests", async () => {
    const b = await binance("350000.00");
    const svc = makeQuoteService({ sources: { binance: b.url } });
    const all = await Promise.all([svc.quote(), svc.quote(), svc.quote()]);
    assert.ok(all.every((q) => q.ok && q.priceCents === 35000000));
    assert.equal(b.hits.length, 1);
  });

  test("if sources fail, a cached quote is served up to maxAgeMs and never beyond", async () => {
    const b = await binance("350000.00");
    let t = 0;
    const svc = makeQuoteService({
      sources: { binance: b.url },
      now: () => t,
      cacheMs: 30_000,
      maxAgeMs: 180_000,
    });
    const first = ok(await svc.quote());
    b.set({ status: 502, body: "bad gateway" });
    t = 180_000;
    assert.equal(ok(await svc.quote()), first, "sources down, cache still young enough");
    assert.equal(b.hits.length, 2, "a refresh was attempted first");
    t = 180_001;
    const stale = await svc.quote();
    assert.equal(stale.ok, false);
    assert.match(stale.ok ? "" : stale.reason, /binance: HTTP 502/);
  });

  test("after a round with no price, callers get that failure at once for failureMs instead of each waiting on the dead sources; then the sources are asked again", async () => {
    const b = await binance("350000.00");
    b.set("hang");
    let t = 0;
    const svc = makeQuoteService({ sources: { binance: b.url }, now: () => t, timeoutMs: 150 });
    const first = await svc.quote();
    assert.equal(first.ok, false);
    assert.equal(b.hits.length, 1);
    t = 4_999;
    const started = performance.now();
    const again = await svc.quote();
    assert.ok(performance.now() - started < 100, "answered without waiting on the source");
    assert.equal(again, first);
    assert.equal(b.hits.length, 1);
    b.set({ body: { symbol: "BTCBRL", price: "350000.00" } });
    t = 5_000;
    assert.equal(ok(await svc.quote()).priceCents, 35000000);
    assert.equal(b.hits.length, 2);
  });

  test("a source URL with user:password@ never puts the password in the reason (which the public quote route shows), even one holding @ or a space", async () => {
    const r = await makeQuoteService({
      sources: {
        binance: "http://user:s3cret@127.0.0.1:9",
        coinbase: "http://user:p@ss@127.0.0.1:9",
        mercadobitcoin: "http://user:p ss@127.0.0.1:9",
      },
    }).quote();
    assert.equal(r.ok, false);
    const reason = r.ok ? "" : r.reason;
    assert.match(reason, /binance: .*coinbase: .*mercadobitcoin: /);
    assert.doesNotMatch(reason, /s3cret|ss@|p ss/);
  });

  test("fixedBrlPerBtc replaces the sources and never fetches", async () => {
    const svc = makeQuoteService({
      sources: { binance: "http://127.0.0.1:9" },
      fixedBrlPerBtc: 350000.5,
      fetch: () => assert.fail("must not fetch"),
    });
    const q = ok(await svc.quote());
    assert.equal(q.priceCents, 35000050);
    assert.deepEqual(q.sources, [{ name: "fixed", ok: true, priceCents: 35000050 }]);
    assert.throws(() => makeQuoteService({ fixedBrlPerBtc: -1 }), RangeError);
  });

  test("with nothing configured the service says so", async () => {
    const r = await makeQuoteService({}).quote();
    assert.deepEqual(r, { ok: false, reason: "no BTC/BRL price source configured" });
  });
});

describe("price text and conversion", () => {
  test("decimal price text becomes centavos exactly, rounding half-up at the third place", () => {
    assert.equal(decimalToCents("350000.00000000"), 35000000);
    assert.equal(decimalToCents("350000.12"), 35000012);
    assert.equal(decimalToCents("350000.125"), 35000013);
    assert.equal(decimalToCents("350000.1249999"), 35000012);
    assert.equal(decimalToCents("0.29"), 29, "no 0.29 * 100 = 28.999... float error");
    for (const bad of ["", "-1", "1e5", "0", "0.004", "abc", "1,5", "NaN"]) {
      assert.equal(decimalToCents(bad), undefined, bad);
    }
  });

  test("each source's parser insists on its own pair and currency", () => {
    assert.equal(PRICE_SOURCES.binance.extract({ symbol: "BTCUSDT", price: "1" }), undefined);
    assert.equal(
      PRICE_SOURCES.coinbase.extract({ data: { currency: "USD", amount: "1" } }),
      undefined,
    );
    assert.equal(PRICE_SOURCES.coinbase.extract({ data: { amount: "2.5" } }), "2.5");
    assert.equal(PRICE_SOURCES.mercadobitcoin.extract([{ pair: "ETH-BRL", last: "1" }]), undefined);
    assert.equal(
      PRICE_SOURCES.mercadobitcoin.extract([{ pair: "BTC-BRL", last: 350000.5 }]),
      "350000.5",
    );
  });

  test("btcForBrl: R$ 100.00 at R$ 350,000.00 is 28571 sats, and halves round up", () => {
    assert.equal(btcForBrl(10000, 35000000), 28571);
    assert.equal(btcForBrl(1, 200_000_000), 1, "exactly 0.5 sat rounds up");
    assert.equal(btcForBrl(3, 200_000_000), 2, "1.5 sats rounds up");
    assert.equal(btcForBrl(0, 35000000), 0);
    assert.throws(() => btcForBrl(1.5, 35000000), RangeError);
    assert.throws(() => btcForBrl(100, 0), RangeError);
    assert.throws(() => btcForBrl(336759763, 3), RangeError, "more than 21M BTC");
  });

  test("property: btcForBrl is within half a satoshi of the exact quotient", () => {
    const cents = fc.integer({ min: 0, max: 2 ** 31 - 1 });
    const price = fc.integer({ min: 1, max: 2 ** 31 - 1 });
    fc.assert(
      fc.property(cents, price, (c, p) => {
        const exact = BigInt(c) * 100_000_000n; // sats * p
        const cap = 2_100_000_000_000_000n;
        if (exact >= (cap + 1n) * BigInt(p)) {
          assert.throws(() => btcForBrl(c, p), RangeError, "above the supply cap");
          return;
        }
        if (exact > cap * BigInt(p)) return; // within one sat of the cap: rounding decides
        const sats = BigInt(btcForBrl(c, p));
        const twiceError = 2n * (sats * BigInt(p) - BigInt(c) * 100_000_000n);
        assert.ok(twiceError > -BigInt(p) && twiceError <= BigInt(p), "|error| <= 1/2, ties up");
      }),
    );
  });
});
