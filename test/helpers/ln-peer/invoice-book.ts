import { createHash, randomBytes } from "node:crypto";
import { encodeBolt11, type InvoiceNetwork, nodeIdOf } from "../../../src/lightning/bolt11.ts";

// The node's invoices, shared by the LND and phoenixd peers: each is a real BOLT11 request
// signed with the peer's own test key, and moves open -> settled (or canceled when expired).

export type PeerInvoice = {
  paymentHash: string;
  preimage: string;
  paymentRequest: string;
  memo: string;
  valueMsat: number;
  expirySeconds: number;
  createdAt: number;
  state: "OPEN" | "SETTLED" | "CANCELED";
  amtPaidMsat: number;
  addIndex: number;
  settleIndex: number;
  settledAt: number;
};

export function makeInvoiceBook(network: InvoiceNetwork) {
  const key = randomBytes(32);
  const byHash = new Map<string, PeerInvoice>();
  let addIndex = 0;
  let settleIndex = 0;
  const listeners = new Set<(inv: PeerInvoice) => void>();
  return {
    network,
    nodeId: nodeIdOf(key),
    invoices: byHash,
    all: () => [...byHash.values()],
    create(input: {
      valueMsat: number;
      memo: string;
      expirySeconds: number;
      descriptionHash?: string;
    }): PeerInvoice {
      const preimage = randomBytes(32);
      const hash = createHash("sha256").update(preimage).digest();
      const createdAt = Math.floor(Date.now() / 1000);
      const inv: PeerInvoice = {
        paymentHash: hash.toString("hex"),
        preimage: preimage.toString("hex"),
        paymentRequest: encodeBolt11(
          {
            network,
            amountMsat: BigInt(input.valueMsat),
            paymentHash: hash,
            paymentSecret: randomBytes(32),
            description: input.memo,
            ...(input.descriptionHash ? { descriptionHash: input.descriptionHash } : {}),
            timestamp: createdAt,
            expirySeconds: input.expirySeconds,
          },
          key,
        ),
        memo: input.memo,
        valueMsat: input.valueMsat,
        expirySeconds: input.expirySeconds,
        createdAt,
        state: "OPEN",
        amtPaidMsat: 0,
        addIndex: ++addIndex,
        settleIndex: 0,
        settledAt: 0,
      };
      byHash.set(inv.paymentHash, inv);
      return inv;
    },
    /** A payer pays the invoice: settled, a settle index, the subscribers told. */
    settle(paymentHash: string, paidMsat?: number): PeerInvoice {
      const inv = byHash.get(paymentHash);
      if (!inv) throw new Error(`no invoice ${paymentHash}`);
      if (inv.state !== "OPEN") throw new Error(`invoice ${paymentHash} is ${inv.state}`);
      inv.state = "SETTLED";
      inv.amtPaidMsat = paidMsat ?? inv.valueMsat;
      inv.settleIndex = ++settleIndex;
      inv.settledAt = Math.floor(Date.now() / 1000);
      for (const l of listeners) l(inv);
      return inv;
    },
    /** The invoice's expiry passed unpaid. */
    expire(paymentHash: string) {
      const inv = byHash.get(paymentHash);
      if (inv && inv.state === "OPEN") inv.state = "CANCELED";
    },
    byInvoice(paymentRequest: string) {
      return [...byHash.values()].find((i) => i.paymentRequest === paymentRequest);
    },
    onSettle(l: (inv: PeerInvoice) => void) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
}
export type InvoiceBook = ReturnType<typeof makeInvoiceBook>;
