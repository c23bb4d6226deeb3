import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { test } from "node:test";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { bech32 } from "@scure/base";
import { decode } from "light-bolt11-decoder";
import { encodeBolt11, nodeIdOf } from "../../src/lightning/bolt11.ts";

// The encoder's output is read by npm's decoder (amount, expiry, hash, description, network),
// and its signature recovers to the signing node's key as BOLT11 requires of payers.

test("a BOLT11 invoice decodes with an npm decoder and its signature recovers to the node id", () => {
  const key = randomBytes(32);
  const hash = randomBytes(32);
  for (const [msat, network, prefix] of [
    [1_234_567n, "regtest", "lnbcrt"],
    [5_000_000n, "testnet", "lntb"],
    [150_000_000_000n, "mainnet", "lnbc"],
    [1_000n, "signet", "lntbs"],
  ] as const) {
    const inv = encodeBolt11(
      {
        network,
        amountMsat: msat,
        paymentHash: hash,
        paymentSecret: randomBytes(32),
        description: "Café ☕",
        timestamp: 1_700_000_000,
        expirySeconds: 900,
      },
      key,
    );
    assert.ok(inv.startsWith(prefix));
    const d = decode(inv);
    const f = (n: string) => (d.sections.find((s) => s.name === n) as { value?: unknown }).value;
    assert.equal(f("amount"), String(msat));
    assert.equal(f("expiry"), 900);
    assert.equal(f("timestamp"), 1_700_000_000);
    assert.equal(f("description"), "Café ☕");
    assert.equal(f("payment_hash"), hash.toString("hex"));

    const { prefix: hrp, words } = bech32.decode(inv as `${string}1${string}`, false);
    const sigWords = words.slice(-104);
    const data = words.slice(0, -104);
    const sig = bech32.fromWords(sigWords);
    const bytes = bech32.fromWordsUnsafe(data) ?? padded(data);
    const digest = createHash("sha256")
      .update(Buffer.concat([Buffer.from(hrp), bytes]))
      .digest();
    const recovered = secp256k1.recoverPublicKey(
      Uint8Array.from([sig[64] as number, ...sig.subarray(0, 64)]),
      digest,
      { prehash: false },
    );
    assert.equal(Buffer.from(recovered).toString("hex"), nodeIdOf(key));
  }
});

function padded(words: number[]): Buffer {
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
  return Buffer.from(out);
}
