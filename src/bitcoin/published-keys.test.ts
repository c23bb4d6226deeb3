import assert from "node:assert/strict";
import { pbkdf2Sync, randomBytes } from "node:crypto";
import { describe, test } from "node:test";
import { HDKey } from "@scure/bip32";
import { PUBLISHED_KEYS, publishedKeySource } from "./published-keys.ts";
import { parseWalletKey } from "./wallet.ts";

// The list is derived again here from what the BIPs publish, so an entry can never be a typo
// that protects nobody, and every published key the docs of BIP32/49/84/86 print is refused.

const hex = (b: Uint8Array | null) => Buffer.from(b ?? []).toString("hex");

// BIP39: seed = PBKDF2-HMAC-SHA512(mnemonic, "mnemonic" + passphrase, 2048 rounds, 64 bytes).
const ABANDON_SEED = pbkdf2Sync(`${"abandon ".repeat(11)}about`, "mnemonic", 2048, 64, "sha512");

// bitcoin/bips bip-0032.mediawiki, "Test Vectors": each seed and the chain it walks.
const BIP32_VECTORS: ReadonlyArray<readonly [number, string, readonly string[]]> = [
  [
    1,
    "000102030405060708090a0b0c0d0e0f",
    ["m", "m/0'", "m/0'/1", "m/0'/1/2'", "m/0'/1/2'/2", "m/0'/1/2'/2/1000000000"],
  ],
  [
    2,
    "fffcf9f6f3f0edeae7e4e1dedbd8d5d2cfccc9c6c3c0bdbab7b4b1aeaba8a5a29f9c999693908d8a8784817e7b7875726f6c696663605d5a5754514e4b484542",
    [
      "m",
      "m/0",
      "m/0/2147483647'",
      "m/0/2147483647'/1",
      "m/0/2147483647'/1/2147483646'",
      "m/0/2147483647'/1/2147483646'/2",
    ],
  ],
  [
    3,
    "4b381541583be4423346c643850da4b320e46a87ae3d2a4e6da11eba819cd4acba45d239319ac14f863b8d5ab5a0d0c64d2e8a1e7d1457df2e5a3c51c73235be",
    ["m", "m/0'"],
  ],
  [4, "3ddd5602285899a946114506157c7997e5444528f3003f6134712147db19b678", ["m", "m/0'", "m/0'/1'"]],
];

function derivedList(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const [n, seed, paths] of BIP32_VECTORS) {
    const root = HDKey.fromMasterSeed(Buffer.from(seed, "hex"));
    for (const p of paths)
      out.push([`BIP32 test vector ${n}, ${p}`, hex(root.derive(p).publicKey)]);
  }
  const root = HDKey.fromMasterSeed(ABANDON_SEED);
  const abandon = 'the "abandon … about" test mnemonic';
  out.push([`${abandon}, m`, hex(root.publicKey)]);
  for (const purpose of [44, 49, 84, 86]) {
    for (const coin of [0, 1]) {
      for (let account = 0; account < 5; account++) {
        const path = `m/${purpose}'/${coin}'/${account}'`;
        out.push([`${abandon}, ${path}`, hex(root.derive(path).publicKey)]);
      }
    }
  }
  return out;
}

describe("published test keys", () => {
  test("the list is exactly the keys derived from the published seeds and mnemonic", () => {
    assert.deepEqual(
      PUBLISHED_KEYS.map(([source, key]) => [source, key]),
      derivedList(),
    );
  });

  test("the keys the BIPs print are recognised, in every form live mode would accept", () => {
    for (const [key, source] of [
      // BIP84's account key, as zpub, as xpub and as a descriptor.
      [
        "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs",
        "m/84'/0'/0'",
      ],
      [
        "wpkh([73c5da0a/84'/0'/0']xpub6CatWdiZiodmUeTDp8LT5or8nmbKNcuyvz7WyksVFkKB4RHwCD3XyuvPEbvqAQY3rAPshWcMLoP2fMFMKHPJ4ZeZXYVUhLv1VMrjPC7PW6V/0/*)",
        "m/84'/0'/0'",
      ],
      // BIP86's account key.
      [
        "xpub6BgBgsespWvERF3LHQu6CnqdvfEvtMcQjYrcRzx53QJjSxarj2afYWcLteoGVky7D3UKDP9QyrLprQ3VCECoY49yfdDEHGCtMMj92pReUsQ",
        "m/86'/0'/0'",
      ],
      // BIP32 vector 1's one node at depth 3 with a hardened index.
      [
        "xpub6D4BDPcP2GT577Vvch3R8wDkScZWzQzMMUm3PWbmWvVJrZwQY4VUNgqFJPMM3No2dFDFGTsxxpG5uJh7n7epu4trkrX7x7DogT5Uv6fcLW5",
        "BIP32 test vector 1, m/0'/1/2'",
      ],
    ] as const) {
      const parsed = parseWalletKey(key);
      assert.ok(parsed.ok, key);
      assert.ok(publishedKeySource(parsed.wallet.xpub)?.endsWith(source), key);
    }
    // BIP49's account key is a upub (refused for its script type); the same key as a tpub is
    // still recognised.
    const bip49 = HDKey.fromMasterSeed(ABANDON_SEED, {
      public: 0x043587cf,
      private: 0x04358394,
    }).derive("m/49'/1'/0'");
    assert.match(publishedKeySource(bip49.publicExtendedKey) ?? "", /m\/49'\/1'\/0'$/);
  });

  test("a published public key is recognised whatever chain code comes with it; one's own is not", () => {
    const published = HDKey.fromMasterSeed(ABANDON_SEED).derive("m/84'/0'/0'");
    const recoded = new HDKey({
      publicKey: published.publicKey ?? undefined,
      chainCode: randomBytes(32),
      depth: 3,
      index: 0x80000000 + 7,
      parentFingerprint: 0x01020304,
    });
    assert.match(publishedKeySource(recoded.publicExtendedKey) ?? "", /m\/84'\/0'\/0'$/);
    const own = HDKey.fromMasterSeed(randomBytes(64)).derive("m/84'/0'/0'");
    assert.equal(publishedKeySource(own.publicExtendedKey), undefined);
  });
});
