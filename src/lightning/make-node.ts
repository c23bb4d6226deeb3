import type { AddressPolicy } from "../net/address-policy.ts";
import { makeLndNode } from "./lnd.ts";
import type { LightningNode } from "./node.ts";
import { makePhoenixdNode } from "./phoenixd.ts";

/** A node connection as stored, its secret opened: what a backend needs to dial. */
export type NodeConfig = {
  backend: "lnd" | "phoenixd";
  url: string;
  /** LND: the macaroon, hex; phoenixd: the http password. */
  secret: string;
  tlsCertificate: string | null;
};

export type NodeFactory = (c: NodeConfig) => LightningNode;

/** The backends by name: a new one (clnrest, NWC) is one file and one line here. */
export function makeNodeFactory(opts: { policy: AddressPolicy; timeoutMs: number }): NodeFactory {
  return (c) =>
    c.backend === "lnd"
      ? makeLndNode({
          url: c.url,
          macaroonHex: c.secret,
          ...(c.tlsCertificate ? { certificatePem: c.tlsCertificate } : {}),
          policy: opts.policy,
          timeoutMs: opts.timeoutMs,
        })
      : makePhoenixdNode({
          url: c.url,
          password: c.secret,
          policy: opts.policy,
          timeoutMs: opts.timeoutMs,
        });
}
