import { createHash } from "node:crypto";
import {
  findLightningConnection,
  type LightningConnectionRow,
} from "../../db/queries/lightning.ts";
import type { Principal } from "../../kernel/mode.ts";
import { encodeBolt11 } from "../../lightning/bolt11.ts";
import type { LightningNode } from "../../lightning/node.ts";
import { type LightningDeps, lightningSecretBinding } from "./deps.ts";

/** The invoice a new Bitcoin charge carries, or why it has none. */
export type ChargeInvoice =
  | { kind: "invoice"; paymentHash: string; invoice: string; simulated: boolean }
  | { kind: "none"; reason: "not_connected" }
  | { kind: "none"; reason: "unavailable"; detail: string };

/** A node client for a stored connection, its secret opened. */
export function nodeForConnection(
  deps: Pick<LightningDeps, "secretBox" | "lightning">,
  row: LightningConnectionRow,
): LightningNode {
  return deps.lightning.makeNode({
    backend: row.backend,
    url: row.url,
    secret: deps.secretBox.open(
      row.secretBox,
      lightningSecretBinding(row.accountId, row.mode, row.backend),
    ),
    tlsCertificate: row.tlsCertificate,
  });
}

/**
 * Asks the merchant's node for an invoice of `amountSats`, waiting at most createTimeoutMs: a
 * node that is down or slow never holds up the charge, which is then created on-chain only. A
 * test-mode account with no node gets the sandbox's simulated invoice (a real BOLT11 for the
 * sandbox's test network, signed by the service's sandbox key).
 */
export async function invoiceForCharge(
  deps: LightningDeps & { sandboxNetwork: "testnet" | "signet" },
  who: Principal,
  input: { amountSats: number; memo: string; expirySeconds: number; descriptionHash?: string },
): Promise<ChargeInvoice> {
  const row = await findLightningConnection(deps.db, who);
  if (!row) {
    if (who.mode !== "test") return { kind: "none", reason: "not_connected" };
    return { kind: "invoice", simulated: true, ...sandboxInvoice(deps, input) };
  }
  const node = nodeForConnection(deps, row);
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(new Error(`the node did not answer within ${deps.lightning.createTimeoutMs} ms`)),
        deps.lightning.createTimeoutMs,
      );
    });
    const created = await Promise.race([
      node.createInvoice({
        amountMsat: input.amountSats * 1000,
        memo: input.memo,
        expirySeconds: input.expirySeconds,
        ...(input.descriptionHash ? { descriptionHash: input.descriptionHash } : {}),
      }),
      timeout,
    ]);
    return { kind: "invoice", simulated: false, ...created };
  } catch (err) {
    return { kind: "none", reason: "unavailable", detail: (err as Error).message };
  } finally {
    clearTimeout(timer);
    void node.close().catch(() => {});
  }
}

function sandboxInvoice(
  deps: LightningDeps & { sandboxNetwork: "testnet" | "signet" },
  input: { amountSats: number; memo: string; expirySeconds: number },
) {
  const preimage = deps.random.bytes(32);
  const hash = createHash("sha256").update(preimage).digest();
  const invoice = encodeBolt11(
    {
      network: deps.sandboxNetwork,
      amountMsat: BigInt(input.amountSats) * 1000n,
      paymentHash: hash,
      paymentSecret: deps.random.bytes(32),
      description: input.memo,
      timestamp: Math.floor(deps.clock.now().getTime() / 1000),
      expirySeconds: input.expirySeconds,
    },
    deps.lightning.sandboxKey,
  );
  return { paymentHash: hash.toString("hex"), invoice };
}
