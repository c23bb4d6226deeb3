// Decoding of a pasted extended public key (xpub/zpub/tpub/vpub) into the one form the rest of the
// code uses: the standard xpub/tpub version bytes, which are what descriptors and @scure/bip32
// expect. The SLIP-132 prefixes (zpub, vpub...) only restate the script type, and we always derive
// native segwit, so nothing is lost by normalising. Reasons never echo the key back: a mistaken
// paste may well be a private key.
import { createHash } from "node:crypto";
import { createBase58check } from "@scure/base";
import { HDKey, type Versions } from "@scure/bip32";

export type BitcoinNetwork = "mainnet" | "testnet" | "signet";

export const MAINNET_VERSIONS: Versions = { public: 0x0488b21e, private: 0x0488ade4 };
export const TESTNET_VERSIONS: Versions = { public: 0x043587cf, private: 0x04358394 };

// bip32 needs sha256 for base58check; node's own keeps us off undeclared transitive packages.
const base58check = createBase58check(
  (data: Uint8Array) => new Uint8Array(createHash("sha256").update(data).digest()),
);

type VersionInfo = { name: string; mainnet: boolean; usable: boolean; private: boolean };

// BIP32 (xpub/tpub), BIP49/BIP84 and SLIP-132 version bytes. Only the four single-key public ones
// are usable; the rest are recognised to give a precise refusal rather than "unknown key".
const VERSIONS = new Map<number, VersionInfo>([
  [0x0488b21e, { name: "xpub", mainnet: true, usable: true, private: false }],
  [0x04b24746, { name: "zpub", mainnet: true, usable: true, private: false }],
  [0x043587cf, { name: "tpub", mainnet: false, usable: true, private: false }],
  [0x045f1cf6, { name: "vpub", mainnet: false, usable: true, private: false }],
  [0x049d7cb2, { name: "ypub", mainnet: true, usable: false, private: false }],
  [0x044a5262, { name: "upub", mainnet: false, usable: false, private: false }],
  [0x0295b43f, { name: "Ypub", mainnet: true, usable: false, private: false }],
  [0x02aa7ed3, { name: "Zpub", mainnet: true, usable: false, private: false }],
  [0x024289ef, { name: "Upub", mainnet: false, usable: false, private: false }],
  [0x02575483, { name: "Vpub", mainnet: false, usable: false, private: false }],
  [0x0488ade4, { name: "xprv", mainnet: true, usable: false, private: true }],
  [0x04b2430c, { name: "zprv", mainnet: true, usable: false, private: true }],
  [0x04358394, { name: "tprv", mainnet: false, usable: false, private: true }],
  [0x045f18bc, { name: "vprv", mainnet: false, usable: false, private: true }],
  [0x049d7878, { name: "yprv", mainnet: true, usable: false, private: true }],
  [0x044a4e28, { name: "uprv", mainnet: false, usable: false, private: true }],
]);

export const PRIVATE_KEY_REASON =
  "this is an extended private key: never send a private key to any service; export the " +
  "wallet's extended public key (zpub/xpub, or vpub/tpub on testnet) instead";

export type AccountKey = {
  network: BitcoinNetwork;
  key: HDKey;
  /** Hash160 of the account public key, first 4 bytes, as 8 hex digits. */
  fingerprint: string;
};

export type KeyResult = { ok: true; value: AccountKey } | { ok: false; reason: string };

export function hex8(n: number): string {
  return n.toString(16).padStart(8, "0");
}

export function looksPrivate(text: string): boolean {
  return /(?:^|[^0-9A-Za-z])[a-zA-Z]prv[1-9A-HJ-NP-Za-km-z]{20,}/.test(text);
}

/** Decodes an account-level (depth 3, hardened) extended public key for BIP84 use. */
export function decodeAccountKey(text: string, hint?: BitcoinNetwork): KeyResult {
  const fail = (reason: string): KeyResult => ({ ok: false, reason });
  if (looksPrivate(text)) return fail(PRIVATE_KEY_REASON);
  let raw: Uint8Array;
  try {
    raw = base58check.decode(text);
  } catch {
    return fail("not a valid extended public key (bad base58 characters or checksum)");
  }
  if (raw.length !== 78) return fail("not a valid extended public key (wrong length)");
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const info = VERSIONS.get(view.getUint32(0));
  if (!info) return fail("unknown extended key version: expected zpub, xpub, vpub or tpub");
  if (info.private || raw[45] === 0) return fail(PRIVATE_KEY_REASON);
  if (!info.usable) {
    return fail(
      `${info.name} keys are for another script type (nested segwit or multisig); ` +
        "this service pays to native segwit (BIP84): export the zpub/vpub account key",
    );
  }
  if (hint !== undefined && info.mainnet !== (hint === "mainnet")) {
    const kind = info.mainnet ? "mainnet" : "test-network";
    return fail(`a ${info.name} is a ${kind} key, but the wallet is for ${hint}`);
  }
  const network: BitcoinNetwork = info.mainnet ? "mainnet" : (hint ?? "testnet");
  const depth = raw[4];
  if (depth !== 3) {
    return fail(
      `expected the account-level key at depth 3 (m/84'/coin'/account'), got depth ${depth}`,
    );
  }
  if (view.getUint32(9) < 0x80000000) {
    return fail("not an account-level key: the account index of m/84'/coin'/account' is hardened");
  }
  const versions = network === "mainnet" ? MAINNET_VERSIONS : TESTNET_VERSIONS;
  view.setUint32(0, versions.public);
  try {
    const key = HDKey.fromExtendedKey(base58check.encode(raw), versions);
    return { ok: true, value: { network, key, fingerprint: hex8(key.fingerprint) } };
  } catch {
    return fail("not a valid extended public key (the key is not a point on the curve)");
  }
}
