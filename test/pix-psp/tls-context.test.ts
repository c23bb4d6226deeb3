import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import tls from "node:tls";
import { makeBacenPixClient } from "../../src/pix-psp/bacen-client.ts";
import { makeTestPki, type PspPeer, startPspPeer } from "../helpers/psp-peer/index.ts";

// A PSP client's sockets share one TLS context. Built per socket (tls.connect given the
// certificate, key and CAs), each new connection of the pool loaded the system roots again
// (milliseconds of CPU) and held native memory V8 does not count, until a major GC: under a
// live create load that was most of the service's growth in RSS (docs/performance.md).

let peer: PspPeer;
before(async () => {
  peer = await startPspPeer({ pki: makeTestPki() });
});
after(() => peer.close());

test("a PSP client's TLS connections share one TLS context, however many sockets its pool opens", async () => {
  // Both are read from node:tls's exports at call time (by tls.connect and by undici).
  const { connect, createSecureContext } = tls;
  let sockets = 0;
  let contexts = 0;
  tls.connect = ((...args: Parameters<typeof connect>) => {
    sockets++;
    return connect(...args);
  }) as typeof connect;
  tls.createSecureContext = ((...args: Parameters<typeof createSecureContext>) => {
    contexts++;
    return createSecureContext(...args);
  }) as typeof createSecureContext;
  const client = makeBacenPixClient(peer.credentials());
  try {
    // Concurrent calls, so the pool opens several sockets; twice, with the pool closed in
    // between by a fresh burst after the first sockets are in use.
    for (let round = 0; round < 2; round++) {
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          client.putCob({
            txid: `tostaoctx${round}${String(i).padStart(3, "0")}abcdefghijklmnopq`,
            amountCents: 1000 + i,
            expiresInSec: 3600,
            chave: peer.pixKey,
          }),
        ),
      );
    }
  } finally {
    tls.connect = connect;
    tls.createSecureContext = createSecureContext;
    await client.close();
  }
  assert.ok(sockets >= 4, `the pool opened ${sockets} sockets`);
  assert.equal(contexts, 1, `${contexts} TLS contexts for ${sockets} sockets`);
  peer.assertNoViolations();
});
