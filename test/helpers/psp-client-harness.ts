import { afterEach, before } from "node:test";
import { type BacenClientOptions, makeBacenPixClient } from "../../src/pix-psp/bacen-client.ts";
import type { BacenPixClient, PspCredentials } from "../../src/pix-psp/types.ts";
import {
  makeTestPki,
  type PspPeer,
  type StartPspPeerOptions,
  startPspPeer,
  type TestPki,
} from "./psp-peer/index.ts";

/**
 * The PSP client tests' harness, for a file that drives `makeBacenPixClient` against the PSP
 * peer: one test PKI for the file (openssl takes a while), and `open(...)` for a peer and a
 * client bound to it, both closed after the test that opened them. With `checkViolations`, each
 * opened peer must have seen no request that breaks the BACEN file. `track(client)` closes a
 * client the test built itself (a rogue certificate, another address policy).
 */
export function pspClientHarness(
  clientDefaults: BacenClientOptions,
  o: { checkViolations?: boolean } = {},
) {
  const opened: { peer?: PspPeer; client: BacenPixClient }[] = [];
  const h = {
    pki: undefined as unknown as TestPki,
    async open(
      peerOpts: StartPspPeerOptions = {},
      clientOpts: BacenClientOptions = clientDefaults,
      edit: (c: PspCredentials) => PspCredentials = (c) => c,
    ) {
      const peer = await startPspPeer({ pki: h.pki, ...peerOpts });
      const client = makeBacenPixClient(edit(peer.credentials()), clientOpts);
      opened.push({ peer, client });
      return { peer, client };
    },
    track(client: BacenPixClient) {
      opened.push({ client });
      return client;
    },
  };
  before(() => {
    h.pki = makeTestPki();
  });
  afterEach(async () => {
    for (const { peer, client } of opened.splice(0)) {
      if (o.checkViolations) peer?.assertNoViolations();
      await client.close();
      await peer?.close();
    }
  });
  return h;
}
