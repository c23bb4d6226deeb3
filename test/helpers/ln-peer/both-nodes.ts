import { type LndPeer, startLndPeer } from "./lnd-peer.ts";
import { type PhoenixdPeer, startPhoenixdPeer } from "./phoenixd-peer.ts";

export type BothNodes = { lnd: LndPeer; phoenixd: PhoenixdPeer; close(): Promise<void> };

/** One peer of each node kind: LND on regtest and phoenixd on testnet. */
export async function startBothNodes(): Promise<BothNodes> {
  const lnd = await startLndPeer({ network: "regtest" });
  const phoenixd = await startPhoenixdPeer({ network: "testnet" });
  return {
    lnd,
    phoenixd,
    async close() {
      await lnd.close();
      await phoenixd.close();
    },
  };
}

export type NodeBackend = {
  name: "lnd" | "phoenixd";
  peer: () => LndPeer | PhoenixdPeer;
  /** The body of POST /api/crypto/lightning that connects an account to this peer. */
  body: () => object;
};

/** Both peers as a test loops over them (`nodes` is read when a test runs, after `before`). */
export function nodeBackends(nodes: () => BothNodes): NodeBackend[] {
  return [
    {
      name: "lnd",
      peer: () => nodes().lnd,
      body: () => ({
        backend: "lnd",
        url: nodes().lnd.url,
        macaroon: nodes().lnd.macaroon,
        tls_certificate: nodes().lnd.certificate,
      }),
    },
    {
      name: "phoenixd",
      peer: () => nodes().phoenixd,
      body: () => ({
        backend: "phoenixd",
        url: nodes().phoenixd.url,
        password: nodes().phoenixd.password,
      }),
    },
  ];
}
