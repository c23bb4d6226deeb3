// One small interface over a merchant's Lightning node, so another backend (Core Lightning's
// clnrest, Nostr Wallet Connect) is one new file. Amounts are integer millisatoshis.

export type LnNetwork = "mainnet" | "testnet" | "signet" | "regtest";

export type NodeInfo = { network: LnNetwork; nodeId: string | null };

export type CreatedInvoice = {
  /** Hex, 64 characters. */
  paymentHash: string;
  /** The BOLT11 payment request. */
  invoice: string;
};

export type InvoiceState = {
  paymentHash: string;
  state: "open" | "settled" | "canceled";
  /** What was received, in msat (0 unless settled). */
  amountPaidMsat: number;
  /** LND's settle_index (a resume point); null on backends without one. */
  settleIndex: string | null;
};

export type Settlement = {
  paymentHash: string;
  amountPaidMsat: number;
  settleIndex: string | null;
};

export type LightningNode = {
  getInfo(): Promise<NodeInfo>;
  createInvoice(input: {
    amountMsat: number;
    memo: string;
    expirySeconds: number;
    /** Hex SHA-256 the invoice commits to (BOLT11 `h`) instead of the memo (LUD-06). */
    descriptionHash?: string;
  }): Promise<CreatedInvoice>;
  /** undefined when the node does not know the hash. */
  lookupInvoice(paymentHash: string): Promise<InvoiceState | undefined>;
  /**
   * Streams settlements from after `fromIndex` (LND: settle_index; others ignore it) until the
   * stream ends or `signal` aborts. Resolves when the stream ends, rejects when it fails; the
   * caller reconnects. `onOpen` runs once the node accepted the subscription.
   */
  subscribeSettlements(
    fromIndex: string | null,
    onSettled: (s: Settlement) => Promise<void>,
    signal: AbortSignal,
    onOpen?: () => void,
  ): Promise<void>;
  close(): Promise<void>;
};

/** Why a node call failed: `unavailable` (down, timeout, 5xx), `refused` (auth), `bad_answer`. */
export class LightningError extends Error {
  constructor(
    readonly kind: "unavailable" | "refused" | "bad_answer",
    message: string,
  ) {
    super(message);
    this.name = "LightningError";
  }
}

/** How a network name a node reports maps to ours (phoenixd says testnet3, testnet4). */
export function normaliseNetwork(name: string): LnNetwork | undefined {
  const n = name.toLowerCase();
  if (n === "mainnet" || n === "bitcoin") return "mainnet";
  if (n === "testnet" || n === "testnet3" || n === "testnet4") return "testnet";
  if (n === "signet") return "signet";
  if (n === "regtest" || n === "simnet") return "regtest";
  return undefined;
}
