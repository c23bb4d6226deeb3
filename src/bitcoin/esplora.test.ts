import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import { type FakeReply, type FakeServer, startFakeServer } from "../../test/helpers/fake-http.ts";
import { type AddressFunding, makeEsploraSource } from "./esplora.ts";

const ME = "tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl";
const OTHER = "tb1qd7spv5q28348xl4myc8zmh983w5jx32cjhkn97";
const txid = (n: number) => n.toString(16).padStart(64, "0");
const BLOCK = { block_hash: "00000000000000000001a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7" };

type Status = { confirmed: false } | { confirmed: true; block_height: number; block_time: number };
const confirmedAt = (h: number): Status => ({
  confirmed: true,
  block_height: h,
  ...BLOCK,
  block_time: 1_760_000_000 + h,
});

// An Esplora /tx object as API.md documents it, amounts in satoshis.
function tx(n: number, outs: Array<[string | null, number]>, status: Status) {
  return {
    txid: txid(n),
    version: 2,
    locktime: 0,
    vin: [
      {
        txid: txid(9000 + n),
        vout: 0,
        prevout: null,
        scriptsig: "",
        scriptsig_asm: "",
        witness: ["30440220", "02aa"],
        is_coinbase: false,
        sequence: 4294967293,
      },
    ],
    vout: outs.map(([address, value]) =>
      address === null
        ? {
            scriptpubkey: "6a0474657374",
            scriptpubkey_asm: "OP_RETURN OP_PUSHBYTES_4 74657374",
            scriptpubkey_type: "op_return",
            value,
          }
        : {
            scriptpubkey: "0014d0c4a3ef09e997b6e99e397e518fe3e41a118ca1",
            scriptpubkey_asm: "OP_0 OP_PUSHBYTES_20 d0c4a3ef",
            scriptpubkey_type: "v0_p2wpkh",
            scriptpubkey_address: address,
            value,
          },
    ),
    size: 222,
    weight: 561,
    fee: 141,
    status,
  };
}

const servers: FakeServer[] = [];
after(() => Promise.all(servers.map((s) => s.close())));

async function esplora(routes: Record<string, FakeReply>, prefix = "") {
  const s = await startFakeServer((p) => routes[p.slice(prefix.length)]);
  servers.push(s);
  return {
    server: s,
    source: makeEsploraSource({ baseUrl: `${s.url}${prefix}/`, timeoutMs: 300 }),
  };
}

function funded(r: AddressFunding) {
  if (!r.ok) assert.fail(r.reason);
  return r;
}

describe("esplora addressFunding", () => {
  test("a confirmed payment reports its value, block, and the tip for confirmations", async () => {
    const { source } = await esplora(
      {
        [`/address/${ME}/txs`]: {
          body: [
            tx(
              1,
              [
                [ME, 28571],
                [OTHER, 90000],
              ],
              confirmedAt(850000),
            ),
          ],
        },
        "/blocks/tip/height": { body: "850002" },
      },
      "/testnet/api",
    );
    const r = funded(await source.addressFunding(ME));
    assert.equal(r.confirmedSats, 28571);
    assert.equal(r.unconfirmedSats, 0);
    assert.deepEqual(r.txs, [
      {
        txid: txid(1),
        valueSats: 28571,
        confirmed: true,
        blockHeight: 850000,
        blockTime: 1_760_850_000,
      },
    ]);
    assert.equal(r.tipHeight - (r.txs[0]?.blockHeight ?? 0) + 1, 3, "three confirmations");
  });

  test("an unconfirmed payment counts as unconfirmed and has no block fields", async () => {
    const { source } = await esplora({
      [`/address/${ME}/txs`]: { body: [tx(2, [[ME, 5000]], { confirmed: false })] },
      "/blocks/tip/height": { body: "100" },
    });
    const r = funded(await source.addressFunding(ME));
    assert.equal(r.unconfirmedSats, 5000);
    assert.equal(r.confirmedSats, 0);
    assert.deepEqual(r.txs, [{ txid: txid(2), valueSats: 5000, confirmed: false }]);
  });

  test("partial payments sum per state, and several outputs of one tx to the address add up", async () => {
    const { source } = await esplora({
      [`/address/${ME}/txs`]: {
        body: [
          tx(3, [[ME, 1000]], { confirmed: false }),
          tx(
            4,
            [
              [ME, 10000],
              [null, 0],
              [ME, 571],
            ],
            confirmedAt(101),
          ),
          tx(
            5,
            [
              [ME, 18000],
              [OTHER, 3],
            ],
            confirmedAt(100),
          ),
        ],
      },
      "/blocks/tip/height": { body: "101\n" },
    });
    const r = funded(await source.addressFunding(ME));
    assert.equal(r.confirmedSats, 28571);
    assert.equal(r.unconfirmedSats, 1000);
    assert.deepEqual(
      r.txs.map((t) => t.valueSats),
      [1000, 10571, 18000],
    );
  });

  test("a transaction that pays only other addresses (e.g. a sweep) is ignored", async () => {
    const { source } = await esplora({
      [`/address/${ME}/txs`]: {
        body: [tx(6, [[OTHER, 28000]], confirmedAt(102)), tx(7, [[ME, 28571]], confirmedAt(100))],
      },
      "/blocks/tip/height": { body: "102" },
    });
    const r = funded(await source.addressFunding(ME));
    assert.deepEqual(
      r.txs.map((t) => t.txid),
      [txid(7)],
    );
    assert.equal(r.confirmedSats, 28571);
  });

  test("an upper-case bech32 address matches Esplora's lower-case outputs", async () => {
    const { source } = await esplora({
      [`/address/${ME.toUpperCase()}/txs`]: { body: [tx(8, [[ME, 700]], confirmedAt(5))] },
      "/blocks/tip/height": { body: "5" },
    });
    assert.equal(funded(await source.addressFunding(ME.toUpperCase())).confirmedSats, 700);
  });

  test("a tip read before the history's newest block never yields zero confirmations", async () => {
    const { source } = await esplora({
      [`/address/${ME}/txs`]: { body: [tx(9, [[ME, 1]], confirmedAt(201))] },
      "/blocks/tip/height": { body: "200" },
    });
    assert.equal(funded(await source.addressFunding(ME)).tipHeight, 201);
  });

  test("addresses asked together share one tip request, and a tip is reused for tipCacheMs, then asked again", async () => {
    const s = await startFakeServer((p) =>
      p === "/blocks/tip/height"
        ? { body: "850002" }
        : p.endsWith("/txs")
          ? { body: [] }
          : undefined,
    );
    servers.push(s);
    let t = 1_000_000;
    const source = makeEsploraSource({ baseUrl: s.url, timeoutMs: 300, now: () => t });
    const tipHits = () => s.hits.filter((h) => h === "/blocks/tip/height").length;
    const all = await Promise.all(
      [ME, OTHER, ME.toUpperCase()].map((a) => source.addressFunding(a)),
    );
    assert.ok(all.every((r) => r.ok && r.tipHeight === 850002));
    assert.equal(tipHits(), 1, "one tip request for three addresses");
    t += 1_999;
    funded(await source.addressFunding(ME));
    assert.equal(tipHits(), 1);
    t += 1;
    funded(await source.addressFunding(ME));
    assert.equal(tipHits(), 2, "asked again once the cached tip is 2 s old");
  });

  test("a full page of 25 confirmed txs is followed by /txs/chain/:last_seen_txid", async () => {
    const page1 = Array.from({ length: 25 }, (_, i) =>
      tx(100 + i, [[ME, 1]], confirmedAt(500 - i)),
    );
    const page2 = [tx(200, [[ME, 2]], confirmedAt(400)), tx(124, [[ME, 1]], confirmedAt(476))];
    const { source, server } = await esplora({
      [`/address/${ME}/txs`]: { body: [tx(99, [[ME, 5]], { confirmed: false }), ...page1] },
      [`/address/${ME}/txs/chain/${txid(124)}`]: { body: page2 },
      "/blocks/tip/height": { body: "500" },
    });
    const r = funded(await source.addressFunding(ME));
    assert.ok(server.hits.includes(`/address/${ME}/txs/chain/${txid(124)}`));
    assert.equal(r.txs.length, 27, "the repeated txid is counted once");
    assert.equal(r.confirmedSats, 27);
    assert.equal(r.unconfirmedSats, 5);
  });

  test("server errors on either endpoint give ok:false naming the endpoint", async () => {
    const a = await esplora({
      [`/address/${ME}/txs`]: { status: 500, body: "boom" },
      "/blocks/tip/height": { body: "1" },
    });
    assert.deepEqual(await a.source.addressFunding(ME), {
      ok: false,
      reason: "esplora address history: HTTP 500",
    });
    const b = await esplora({
      [`/address/${ME}/txs`]: { body: [] },
      "/blocks/tip/height": { status: 429, body: "slow down" },
    });
    assert.deepEqual(await b.source.addressFunding(ME), {
      ok: false,
      reason: "esplora tip height: HTTP 429",
    });
  });

  test("a hanging server gives ok:false after the timeout", async () => {
    const { source } = await esplora({
      [`/address/${ME}/txs`]: "hang",
      "/blocks/tip/height": { body: "1" },
    });
    const started = performance.now();
    const r = await source.addressFunding(ME);
    assert.deepEqual(r, { ok: false, reason: "esplora address history: timed out after 300 ms" });
    assert.ok(performance.now() - started < 2000);
  });

  test("unrecognised shapes are errors, not 'unpaid'", async () => {
    const bad = [
      { body: { txs: [] } },
      { body: [{ ...tx(1, [[ME, 1]], confirmedAt(1)), status: { confirmed: true } }] },
      { body: [tx(1, [[ME, 1.5]], confirmedAt(1))] },
      { body: "not json" },
    ];
    for (const reply of bad) {
      const { source } = await esplora({
        [`/address/${ME}/txs`]: reply,
        "/blocks/tip/height": { body: "1" },
      });
      const r = await source.addressFunding(ME);
      assert.equal(r.ok, false, JSON.stringify(reply));
    }
    const { source } = await esplora({
      [`/address/${ME}/txs`]: { body: [] },
      "/blocks/tip/height": { body: "{}" },
    });
    assert.deepEqual(await source.addressFunding(ME), {
      ok: false,
      reason: "esplora tip height: not a number",
    });
  });

  test("an invalid address is refused without a request", async () => {
    const { source, server } = await esplora({});
    assert.deepEqual(await source.addressFunding("../blocks/tip"), {
      ok: false,
      reason: "invalid address",
    });
    assert.equal(server.hits.length, 0);
  });
});
