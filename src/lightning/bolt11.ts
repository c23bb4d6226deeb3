import { createHash } from "node:crypto";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { bech32 } from "@scure/base";

// A BOLT11 payment request encoder (https://github.com/lightning/bolts/blob/master/11-payment-encoding.md),
// for the sandbox's simulated invoices and the tests' node peers. npm's encoders pull in
// bitcoinjs-lib and native secp256k1; this one is the spec's few fields on the curve and bech32
// libraries the Bitcoin code already uses. Decoding is never done here: what the service reads
// back is the node's own answer, and the tests decode with a decoder from npm.

export type InvoiceNetwork = "mainnet" | "testnet" | "signet" | "regtest";

const HRP: Record<InvoiceNetwork, string> = {
  mainnet: "lnbc",
  testnet: "lntb",
  signet: "lntbs",
  regtest: "lnbcrt",
};

export type Bolt11Fields = {
  network: InvoiceNetwork;
  amountMsat: bigint;
  paymentHash: Uint8Array;
  paymentSecret: Uint8Array;
  description: string;
  /** Hex SHA-256 committed to as `h` (23) in place of the description `d` (LUD-06). */
  descriptionHash?: string;
  /** Seconds since the epoch. */
  timestamp: number;
  expirySeconds: number;
  minFinalCltvDelta?: number;
};

/** The human-readable amount: the shortest multiplier that states msat exactly. */
function amountPart(msat: bigint): string {
  if (msat <= 0n) throw new Error("amount must be positive");
  if (msat % 100_000_000n === 0n) return `${msat / 100_000_000n}m`;
  if (msat % 100_000n === 0n) return `${msat / 100_000n}u`;
  if (msat % 100n === 0n) return `${msat / 100n}n`;
  return `${msat * 10n}p`;
}

/** An unsigned integer as big-endian 5-bit words, the fewest that hold it (at least one). */
function intWords(n: number | bigint, minWords = 1): number[] {
  let v = BigInt(n);
  const out: number[] = [];
  while (v > 0n || out.length < minWords) {
    out.unshift(Number(v & 31n));
    v >>= 5n;
  }
  return out;
}

function tagged(code: number, words: number[]): number[] {
  if (words.length >= 1024) throw new Error("field too long");
  return [code, ...intWords(words.length, 2), ...words];
}

/** Words to bytes with zero padding at the end, as the signature's preimage requires. */
function wordsToPaddedBytes(words: number[]): Uint8Array {
  const out: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const w of words) {
    acc = (acc << 5) | w;
    bits += 5;
    while (bits >= 8) {
      bits -= 8;
      out.push((acc >> bits) & 0xff);
    }
    acc &= (1 << bits) - 1;
  }
  if (bits > 0) out.push((acc << (8 - bits)) & 0xff);
  return Uint8Array.from(out);
}

// Features: var_onion_optin (9, optional), payment_secret (14, required), basic_mpp (17,
// optional): what LND puts in its invoices and what payers require to see.
const FEATURES = intWords((1n << 9n) | (1n << 14n) | (1n << 17n));

/** Encodes and signs a payment request with `nodeKey` (32 bytes). */
export function encodeBolt11(fields: Bolt11Fields, nodeKey: Uint8Array): string {
  if (fields.paymentHash.length !== 32 || fields.paymentSecret.length !== 32) {
    throw new Error("payment hash and secret are 32 bytes");
  }
  const hrp = HRP[fields.network] + amountPart(fields.amountMsat);
  const description = bech32.toWords(new TextEncoder().encode(fields.description));
  const data = [
    ...intWords(fields.timestamp, 7),
    ...tagged(1, bech32.toWords(fields.paymentHash)),
    ...tagged(16, bech32.toWords(fields.paymentSecret)),
    ...(fields.descriptionHash
      ? tagged(23, bech32.toWords(Buffer.from(fields.descriptionHash, "hex")))
      : tagged(13, description)),
    ...tagged(6, intWords(fields.expirySeconds)),
    ...tagged(24, intWords(fields.minFinalCltvDelta ?? 80)),
    ...tagged(5, FEATURES),
  ];
  const preimage = Buffer.concat([Buffer.from(hrp, "utf8"), wordsToPaddedBytes(data)]);
  const digest = createHash("sha256").update(preimage).digest();
  const sig = secp256k1.sign(digest, nodeKey, { prehash: false, format: "recovered" });
  // noble puts the recovery id first; BOLT11 wants r || s || recovery id.
  const signature = Uint8Array.from([...sig.subarray(1), sig[0] as number]);
  return bech32.encode(hrp, [...data, ...bech32.toWords(signature)], false);
}

/** The node id (compressed public key, hex) for a node key. */
export function nodeIdOf(nodeKey: Uint8Array): string {
  return Buffer.from(secp256k1.getPublicKey(nodeKey, true)).toString("hex");
}
