import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { decode } from "light-bolt11-decoder";
import { makeLndNode } from "../../src/lightning/lnd.ts";
import type { LightningNode, Settlement } from "../../src/lightning/node.ts";
import { makePhoenixdNode } from "../../src/lightning/phoenixd.ts";
import {
  type LndPeer,
  type PhoenixdPeer,
  startLndPeer,
  startPhoenixdPeer,
} from "../helpers/ln-peer/index.ts";
import { until } from "../helpers/until.ts";

// The two backends against the node peers, which speak LND's REST API and phoenixd's HTTP API
// and issue real, signed BOLT11 invoices (decoded here with light-bolt11-decoder from npm).

let lnd: LndPeer;
let phoenixd: PhoenixdPeer;
before(async () => {
  lnd = await startLndPeer({ network: "regtest" });
  phoenixd = await startPhoenixdPeer({ network: "testnet" });
});
after(async () => {
  await lnd.close();
  await phoenixd.close();
});

const field = (inv: string, name: string) =>
  decode(inv).sections.find((s) => s.name === name) as { value?: unknown } | undefined;

const nodes = () =>
  [
    {
      name: "lnd",
      peer: lnd as LndPeer | PhoenixdPeer,
      node: makeLndNode({
        url: lnd.url,
        macaroonHex: lnd.macaroon,
        certificatePem: lnd.certificate,
        timeoutMs: 1500,
      }),
      network: "regtest",
      prefix: "lnbcrt",
    },
    {
      name: "phoenixd",
      peer: phoenixd as LndPeer | PhoenixdPeer,
      node: makePhoenixdNode({ url: phoenixd.url, password: phoenixd.password, timeoutMs: 1500 }),
      network: "testnet",
      prefix: "lntb",
    },
  ] as const;

describe("Lightning node clients against the peers", () => {
  for (const i of [0, 1] as const) {
    test(`${i === 0 ? "lnd" : "phoenixd"}: network, invoice (decodes to msat and expiry), lookup, settlement stream`, async () => {
      const { node, peer, network, prefix } = nodes()[i];
      try {
        assert.equal((await node.getInfo()).network, network);
        const created = await node.createInvoice({
          amountMsat: 12_345_000,
          memo: "Camiseta",
          expirySeconds: 900,
        });
        assert.ok(created.invoice.startsWith(prefix), created.invoice);
        assert.equal(field(created.invoice, "amount")?.value, "12345000");
        assert.equal(field(created.invoice, "expiry")?.value, 900);
        assert.equal(field(created.invoice, "payment_hash")?.value, created.paymentHash);
        assert.equal((await node.lookupInvoice(created.paymentHash))?.state, "open");

        const seen: Settlement[] = [];
        const ac = new AbortController();
        const sub = node.subscribeSettlements(
          null,
          async (s) => {
            seen.push(s);
          },
          ac.signal,
        );
        await until("the stream", () => peer.streamCount() === 1, 3000);
        peer.settle(created.paymentHash);
        await until("the settlement", () => seen.length === 1, 3000);
        assert.equal(seen[0]?.paymentHash, created.paymentHash);
        assert.equal(seen[0]?.amountPaidMsat, 12_345_000);
        const looked = await node.lookupInvoice(created.paymentHash);
        assert.equal(looked?.state, "settled");
        assert.equal(looked?.amountPaidMsat, 12_345_000);
        assert.equal(await node.lookupInvoice("00".repeat(32)), undefined);
        // A dropped stream ends the subscription (the caller reconnects).
        peer.dropStreams();
        await sub.catch(() => {});
        ac.abort();
        assert.deepEqual(peer.violations, []);
      } finally {
        await node.close();
      }
    });
  }

  test("lnd: a wrong macaroon is refused; the stream resumes after a settle index", async () => {
    const bad = makeLndNode({
      url: lnd.url,
      macaroonHex: "00",
      certificatePem: lnd.certificate,
      timeoutMs: 1500,
    });
    await assert.rejects(bad.getInfo(), (e: Error & { kind?: string }) => e.kind === "refused");
    await bad.close();
    const node: LightningNode = nodes()[0].node;
    const a = await node.createInvoice({ amountMsat: 1000, memo: "a", expirySeconds: 60 });
    const b = await node.createInvoice({ amountMsat: 2000, memo: "b", expirySeconds: 60 });
    const ia = lnd.settle(a.paymentHash).settleIndex;
    lnd.settle(b.paymentHash);
    const seen: string[] = [];
    const ac = new AbortController();
    const sub = node.subscribeSettlements(
      String(ia),
      async (s) => {
        seen.push(s.paymentHash);
      },
      ac.signal,
    );
    await until("a settlement", () => seen.length >= 1, 3000);
    assert.deepEqual(seen, [b.paymentHash], "only what came after the index given");
    ac.abort();
    await sub.catch(() => {});
    await node.close();
  });

  test("lnd: a certificate other than the node's is not trusted", async () => {
    const node = makeLndNode({ url: lnd.url, macaroonHex: lnd.macaroon, timeoutMs: 1500 });
    await assert.rejects(node.getInfo(), /certificate|TLS/);
    await node.close();
  });

  test("phoenixd: a wrong password is refused", async () => {
    const node = makePhoenixdNode({ url: phoenixd.url, password: "nope", timeoutMs: 1500 });
    await assert.rejects(node.getInfo(), (e: Error & { kind?: string }) => e.kind === "refused");
    await node.close();
  });

  test("a node that hangs fails within the timeout", async () => {
    lnd.down("hang");
    const node = makeLndNode({
      url: lnd.url,
      macaroonHex: lnd.macaroon,
      certificatePem: lnd.certificate,
      timeoutMs: 300,
    });
    const t0 = Date.now();
    await assert.rejects(node.getInfo(), /within 300 ms/);
    assert.ok(Date.now() - t0 < 1500);
    lnd.down(false);
    await node.close();
  });
});

describe("phoenixd's event socket, bounded", () => {
  test("a websocket message over 1 MiB drops the socket unread and fails the stream (retried on the back-off)", async () => {
    const node = makePhoenixdNode({
      url: phoenixd.url,
      password: phoenixd.password,
      timeoutMs: 1500,
    });
    const ac = new AbortController();
    const stream = node.subscribeSettlements(null, async () => {}, ac.signal);
    for (let i = 0; i < 100 && phoenixd.streamCount() < 1; i++)
      await new Promise((r) => setTimeout(r, 20));
    phoenixd.sendRaw("x".repeat(2 * 1024 * 1024));
    const outcome = await Promise.race([
      stream.then(
        () => "ended quietly",
        (e: Error & { kind?: string }) => e,
      ),
      new Promise((r) => setTimeout(() => r("still open after 2 s"), 2000)),
    ]);
    ac.abort();
    await node.close();
    assert.ok(outcome instanceof Error, String(outcome));
    assert.equal((outcome as Error & { kind?: string }).kind, "unavailable");
    assert.match(outcome.message, /websocket was dropped/);
  });
});
