import type { NodeFactory } from "../../lightning/make-node.ts";
import type { EndpointDeps } from "../endpoint-deps.ts";

/** Lightning's part of the service's dependencies. */
export type LightningSettings = {
  makeNode: NodeFactory;
  /** A charge waits at most this long for its invoice; then it is created on-chain only. */
  createTimeoutMs: number;
  /** The sandbox's own node key: simulated invoices are signed with it. */
  sandboxKey: Uint8Array;
};

export type LightningDeps = EndpointDeps & { lightning: LightningSettings };

/** What a sealed secret is bound to: a box copied to another row does not open. */
export const lightningSecretBinding = (accountId: string, mode: string, backend: string) =>
  `lightning:${accountId}:${mode}:${backend}`;
