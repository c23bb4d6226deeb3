import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { NodeFactory } from "../../lightning/make-node.ts";
import type { AddressPolicy, LookupAll } from "../../net/address-policy.ts";
import type { SecretBox } from "../../secrets/secret-box.ts";

/** Lightning's part of the service's dependencies. */
export type LightningSettings = {
  makeNode: NodeFactory;
  /** A charge waits at most this long for its invoice; then it is created on-chain only. */
  createTimeoutMs: number;
  /** The sandbox's own node key: simulated invoices are signed with it. */
  sandboxKey: Uint8Array;
};

export type LightningDeps = {
  db: Db;
  clock: Clock;
  random: Random;
  secretBox: SecretBox;
  urlPolicy: AddressPolicy;
  lookup?: LookupAll;
  lightning: LightningSettings;
};

/** What a sealed secret is bound to: a box copied to another row does not open. */
export const lightningSecretBinding = (accountId: string, mode: string, backend: string) =>
  `lightning:${accountId}:${mode}:${backend}`;
