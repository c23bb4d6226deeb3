import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { describe, test } from "node:test";
import { createBase58check } from "@scure/base";
import { HDKey } from "@scure/bip32";
import { NETWORK, p2wpkh } from "@scure/btc-signer";
import fc from "fast-check";
import { descriptorChecksum } from "./descriptor-checksum.ts";
import {
  deriveAddress,
  generateTestWallet,
  parseWalletKey,
  type WatchOnlyWallet,
} from "./wallet.ts";

// BIP84 test vectors for "abandon x11 about" (bitcoin/bips bip-0084.mediawiki), the same account
// as xpub / tpub, and descriptors as printed by wallet software for that mnemonic.
const ZPUB =
  "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs";
const XPUB =
  "xpub6CatWdiZiodmUeTDp8LT5or8nmbKNcuyvz7WyksVFkKB4RHwCD3XyuvPEbvqAQY3rAPshWcMLoP2fMFMKHPJ4ZeZXYVUhLv1VMrjPC7PW6V";
const ROOT_ZPUB =
  "zpub6jftahH18ngZxLmXaKw3GSZzZsszmt9WqedkyZdezFtWRFBZqsQH5hyUmb4pCEeZGmVfQuP5bedXTB8is6fTv19U1GQRyQUKQGUTzyHACMF";
const RECEIVE_ZPUB =
  "zpub6u4KbU8TSgNuZSxzv7HaGq5Tk361gMHdZxnM4UYuwzg5CMLcNytzhobitV4Zq6vWtWHpG9QijsigkxAzXvQWyLRfLq1L7VxPP1tky1hPfD4";
const ZPRV =
  "zprvAdG4iTXWBoARxkkzNpNh8r6Qag3irQB8PzEMkAFeTRXxHpbF9z4QgEvBRmfvqWvGp42t42nvgGpNgYSJA9iefm1yYNZKEm7z6qUWCroSQnE";
const VPUB =
  "vpub5Y6cjg78GGuNLsaPhmYsiw4gYX3HoQiRBiSwDaBXKUafCt9bNwWQiitDk5VZ5BVxYnQdwoTyXSs2JHRPAgjAvtbBrf8ZhDYe2jWAqvZVnsc";
const TPUB =
  "tpubDC8msFGeGuwnKG9Upg7DM2b4DaRqg3CUZa5g8v2SRQ6K4NSkxUgd7HsL2XVWbVm39yBA4LAxysQAm397zwQSQoQgewGiYZqrA9DsP4zbQ1M";
const VPRV =
  "vprv9K7GLAaERuM58PVvbk1sMo7wzVCoPwzZpVXLRBmum93gL5pSqQCAAvZjtmz93nnnYMr9i2FwG2fqrwYLRgJmDDwFjGiamGsbRMJ5Y6siJ8H";
const MAIN_DESC = `wpkh([73c5da0a/84'/0'/0']${XPUB}/0/*)#wc3n3van`;
const TEST_DESC = `wpkh([73c5da0a/84'/1'/0']${TPUB}/0/*)#2ag6nxcd`;
const ABANDON_SEED =
  "5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4";

const b58 = createBase58check(
  (d: Uint8Array) => new Uint8Array(createHash("sha256").update(d).digest()),
);

function withVersion(key: string, version: number): string {
  const raw = b58.decode(key);
  new DataView(raw.buffer, raw.byteOffset).setUint32(0, version);
  return b58.encode(raw);
}

function wallet(input: string, network?: WatchOnlyWallet["network"]): WatchOnlyWallet {
  const r = parseWalletKey(input, network);
  if (!r.ok) assert.fail(r.reason);
  return r.wallet;
}

function refusal(input: string, network?: WatchOnlyWallet["network"]): string {
  const r = parseWalletKey(input, network);
  assert.equal(r.ok, false, "should be refused");
  return r.ok ? "" : r.reason;
}

describe("BIP84 derivation", () => {
  test("the reference zpub derives the official BIP84 receive addresses 0/0..0/4", () => {
    const w = wallet(ZPUB);
    assert.equal(w.network, "mainnet");
    assert.equal(w.xpub, XPUB, "normalised to xpub version bytes");
    assert.deepEqual(
      [0, 1, 2, 3, 4].map((i) => deriveAddress(w, i)),
      [
        "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu",
        "bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g",
        "bc1qp59yckz4ae5c4efgw2s5wfyvrz0ala7rgvuz8z",
        "bc1qgl5vlg0zdl7yvprgxj9fevsc6q6x5dmcyk3cn3",
        "bc1qm97vqzgj934vnaq9s53ynkyf9dgr05rargr04n",
      ],
    );
  });

  test("the normalised xpub keeps key and chain code: official pubkeys and change 1/0 match", () => {
    const acct = HDKey.fromExtendedKey(wallet(ZPUB).xpub);
    const hex = (k: HDKey) => Buffer.from(k.publicKey ?? []).toString("hex");
    assert.equal(
      hex(acct.deriveChild(0).deriveChild(0)),
      "0330d54fd0dd420a6e5f8d3624f5f3482cae350f79d5f0753bf5beef9c2d91af3c",
    );
    assert.equal(
      hex(acct.deriveChild(0).deriveChild(1)),
      "03e775fd51f0dfb8cd865d9ff1cca2a158cf651fe997fdc9fee9c1d3b5e995ea77",
    );
    const change = acct.deriveChild(1).deriveChild(0);
    assert.equal(hex(change), "03025324888e429ab8e3dbaf1f7802648b9cd01e9b418485c5fa4c1b9b5700e1a6");
    assert.equal(
      p2wpkh(change.publicKey ?? new Uint8Array(), NETWORK).address,
      "bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el",
    );
  });

  test("zpub, xpub and descriptor forms of one account give the same wallet and addresses", () => {
    const forms = [ZPUB, XPUB, `wpkh(${XPUB})`, `wpkh(${ZPUB}/0/*)`, MAIN_DESC, ` ${ZPUB}\n`];
    for (const f of forms) {
      const w = wallet(f);
      assert.equal(w.xpub, XPUB);
      assert.equal(w.fingerprint, "fd13aac9", "the account key's own fingerprint");
      assert.equal(deriveAddress(w, 0), "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu");
    }
  });

  test("the canonical descriptor is Core's form and keeps a given key origin", () => {
    assert.equal(wallet(MAIN_DESC).descriptor, MAIN_DESC);
    assert.equal(wallet(MAIN_DESC.replace(/'/g, "h").replace(/#.*/, "")).descriptor, MAIN_DESC);
    const bare = wallet(ZPUB).descriptor;
    assert.equal(bare, `wpkh(${XPUB}/0/*)#${descriptorChecksum(`wpkh(${XPUB}/0/*)`)}`);
  });

  test("vpub/tpub derive the testnet vectors; the network hint picks signet", () => {
    for (const f of [VPUB, TPUB, TEST_DESC]) {
      const w = wallet(f);
      assert.equal(w.network, "testnet", "test keys default to testnet");
      assert.equal(w.xpub, TPUB);
      assert.equal(w.fingerprint, "e99b8628");
      assert.deepEqual(
        [0, 1, 2].map((i) => deriveAddress(w, i)),
        [
          "tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl",
          "tb1qd7spv5q28348xl4myc8zmh983w5jx32cjhkn97",
          "tb1qxdyjf6h5d6qxap4n2dap97q4j5ps6ua8sll0ct",
        ],
      );
    }
    const signet = wallet(VPUB, "signet");
    assert.equal(signet.network, "signet");
    assert.equal(deriveAddress(signet, 0), "tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl");
  });

  test("a multipath <0;1> descriptor is accepted with its checksum and reduced to /0/*", () => {
    const multi = `wpkh([73c5da0a/84'/1'/0']${TPUB}/<0;1>/*)#gwycrcrh`;
    assert.equal(wallet(multi).descriptor, TEST_DESC);
  });

  test("property: derivation is deterministic and distinct indexes give distinct addresses", () => {
    const w = wallet(ZPUB);
    const index = fc.integer({ min: 0, max: 0x7fffffff });
    fc.assert(
      fc.property(index, index, (i, j) => {
        const a = deriveAddress(w, i);
        assert.equal(deriveAddress(wallet(ZPUB), i), a);
        assert.match(a, /^bc1q[02-9ac-hj-np-z]{38}$/);
        if (i !== j) assert.notEqual(deriveAddress(w, j), a);
      }),
      { numRuns: 40 },
    );
  });

  test("the receive-chain cache keeps each key's addresses its own, even after 300 other keys", () => {
    const w = wallet(ZPUB);
    const first = deriveAddress(w, 0);
    const others = new Set<string>();
    for (let i = 0; i < 300; i++) {
      others.add(deriveAddress(generateTestWallet(randomBytes, "testnet"), 0));
    }
    assert.equal(others.size, 300, "300 keys, 300 different first addresses");
    assert.equal(deriveAddress(w, 0), first);
    assert.equal(first, "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu");
  });

  test("an index outside 0..2^31-1 or not an integer is refused", () => {
    const w = wallet(ZPUB);
    for (const bad of [-1, 0x80000000, 1.5, Number.NaN]) {
      assert.throws(() => deriveAddress(w, bad), RangeError);
    }
  });
});

describe("refusals", () => {
  test("private keys are refused with 'never send a private key' and never echoed", () => {
    const tprv = HDKey.fromMasterSeed(Buffer.from(ABANDON_SEED, "hex"), {
      public: 0x043587cf,
      private: 0x04358394,
    }).derive("m/84'/1'/0'").privateExtendedKey;
    const inputs = [ZPRV, VPRV, tprv, `wpkh(${tprv}/0/*)`, `${ZPRV.slice(0, -1)}x`];
    for (const input of inputs) {
      const reason = refusal(input);
      assert.match(reason, /never send a private key/);
      assert.ok(!reason.includes(input.slice(5, 30)), "the key is not repeated back");
    }
  });

  test("bad base58, a bad checksum and junk are refused", () => {
    assert.match(refusal(`${ZPUB.slice(0, -1)}t`), /checksum/);
    assert.match(refusal(ZPUB.replace("7y4", "0O4")), /base58/);
    assert.match(refusal(""), /empty/);
    assert.match(refusal("hello"), /not a valid extended public key/);
  });

  test("keys that are not account-level (root, receive branch) are refused by depth", () => {
    assert.match(refusal(ROOT_ZPUB), /depth 0/);
    assert.match(refusal(RECEIVE_ZPUB), /depth 4/);
    const bip32Master =
      "xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8";
    assert.match(refusal(bip32Master), /depth 0/);
  });

  test("ypub/upub (nested segwit) and multisig versions are refused as another script type", () => {
    for (const v of [0x049d7cb2, 0x044a5262, 0x02aa7ed3]) {
      assert.match(refusal(withVersion(ZPUB, v)), /another script type/);
    }
  });

  test("a key for the other network than the hint is refused", () => {
    assert.match(refusal(ZPUB, "testnet"), /mainnet key.*testnet/);
    assert.match(refusal(VPUB, "mainnet"), /test-network key.*mainnet/);
  });

  test("non-wpkh descriptors are refused by name", () => {
    assert.match(refusal(`sh(wpkh(${XPUB}/0/*))`), /sh\(\.\.\.\) is not supported/);
    assert.match(refusal(`tr(${XPUB}/0/*)`), /tr\(\.\.\.\) is not supported/);
    assert.match(refusal(`pkh(${XPUB}/0/*)`), /only wpkh/);
  });

  test("a descriptor whose checksum does not match is refused", () => {
    assert.match(refusal(MAIN_DESC.replace("#wc3n3van", "#wc3n3vam")), /checksum does not match/);
    assert.match(refusal(MAIN_DESC.replace("73c5da0a", "73c5da0b")), /checksum does not match/);
    assert.match(refusal(`${MAIN_DESC}x`), /8 characters/);
  });

  test("a descriptor origin that is not 84'/coin'/account' of this key is refused", () => {
    assert.match(refusal(`wpkh([73c5da0a/44'/0'/0']${XPUB}/0/*)`), /purpose 44'/);
    assert.match(refusal(`wpkh([73c5da0a/84'/1'/0']${XPUB}/0/*)`), /coin type 1'/);
    assert.match(refusal(`wpkh([73c5da0a/84'/0'/1']${XPUB}/0/*)`), /account/);
    assert.match(refusal(`wpkh([73c5da0a/84'/0']${XPUB}/0/*)`), /3 steps/);
    assert.match(refusal(`wpkh([73c5da0a/84'/0'/0]${XPUB}/0/*)`), /hardened/);
  });

  test("a derivation suffix other than /0/*, /<0;1>/* or none is refused", () => {
    for (const s of ["/1/*", "/*", "/0/0", "/0/*'"]) {
      assert.match(refusal(`wpkh(${XPUB}${s})`), /unsupported derivation/);
    }
  });
});

describe("generateTestWallet", () => {
  test("from the abandon seed it yields the known tpub and origin descriptor, and wipes the seed", () => {
    let given: Uint8Array | undefined;
    const w = generateTestWallet((n) => {
      assert.equal(n, 64);
      given = Buffer.from(ABANDON_SEED, "hex");
      return given;
    });
    assert.equal(w.xpub, TPUB);
    assert.equal(w.descriptor, TEST_DESC);
    assert.equal(w.network, "testnet");
    assert.ok(
      given?.every((b) => b === 0),
      "seed buffer zeroed",
    );
  });

  test("a random test wallet is public-only, parses back to itself, and pays to tb1q", () => {
    const w = generateTestWallet(randomBytes, "signet");
    assert.equal(w.network, "signet");
    assert.ok(w.xpub.startsWith("tpub"));
    assert.equal(
      HDKey.fromExtendedKey(w.xpub, { public: 0x043587cf, private: 0x04358394 }).privateKey,
      null,
    );
    assert.deepEqual(wallet(w.descriptor, "signet"), w);
    assert.match(deriveAddress(w, 7), /^tb1q/);
    assert.notEqual(generateTestWallet(randomBytes).xpub, w.xpub);
  });
});

test("the BIP380 checksum matches the specification's vector", () => {
  assert.equal(descriptorChecksum("raw(deadbeef)"), "89f8spxm");
  assert.equal(descriptorChecksum("raw(deadbeef)\u00e9"), undefined);
});
