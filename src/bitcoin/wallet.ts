// Watch-only BIP84 (native segwit) wallets. The merchant gives us only the account-level extended
// public key, as a bare zpub/xpub/vpub/tpub or as a wpkh() descriptor; we derive one fresh receive
// address per charge at m/84'/coin'/account'/0/index, so money goes straight to their wallet and
// no private key ever exists on this side.
//
// `fingerprint` is the fingerprint of the account key itself (first 4 bytes of hash160 of its
// public key, what wallets such as Bull Bitcoin call the "xpub fingerprint"), not the parent's and
// not the master fingerprint: it is computable from every accepted input, identifies exactly the
// key we watch, and differs between accounts of one seed (the parent fingerprint does not). When a
// descriptor carries the master fingerprint in its origin `[73c5da0a/84'/0'/0']`, it is kept in
// `descriptor`.
import { HDKey } from "@scure/bip32";
import { NETWORK, p2wpkh, TEST_NETWORK } from "@scure/btc-signer";
import { descriptorChecksum, withChecksum } from "./descriptor-checksum.ts";
import {
  type BitcoinNetwork,
  decodeAccountKey,
  hex8,
  looksPrivate,
  PRIVATE_KEY_REASON,
  TESTNET_VERSIONS,
} from "./extended-key.ts";

export type { BitcoinNetwork } from "./extended-key.ts";

export type WatchOnlyWallet = {
  readonly network: BitcoinNetwork;
  /** Account-level key with the standard xpub (mainnet) or tpub (test networks) version bytes. */
  readonly xpub: string;
  /** 8 hex digits: the fingerprint of the account key itself (see the file comment). */
  readonly fingerprint: string;
  /** `wpkh([origin]xpub/0/*)#checksum`, origin only when the input had one; receive branch. */
  readonly descriptor: string;
};

export type ParseWalletResult =
  | { ok: true; wallet: WatchOnlyWallet }
  | { ok: false; reason: string };

const MAX_INPUT = 1000;
const HARDENED = 0x80000000;
// wpkh( [fingerprint/path] key suffix ) where the suffix is what follows the key, checked apart.
const WPKH =
  /^wpkh\((?:\[([0-9a-fA-F]{8})((?:\/\d{1,10}['hH]?)*)\])?([1-9A-HJ-NP-Za-km-z]+)(.*)\)$/;
const SUFFIXES = new Set(["", "/0/*", "/<0;1>/*"]);

/**
 * Accepts a zpub/xpub (mainnet), a vpub/tpub (testnet or signet: the key cannot tell them apart,
 * so `network` decides and defaults to testnet), or a `wpkh(...)` descriptor of one, optionally
 * with `[fingerprint/84'/coin'/account']`, a `/0/*` or `/<0;1>/*` suffix and a `#checksum`.
 */
export function parseWalletKey(input: string, network?: BitcoinNetwork): ParseWalletResult {
  const text = input.trim();
  const fail = (reason: string): ParseWalletResult => ({ ok: false, reason });
  if (text === "") return fail("empty wallet key");
  if (text.length > MAX_INPUT) return fail("wallet key too long");
  if (looksPrivate(text)) return fail(PRIVATE_KEY_REASON);
  if (!text.includes("(")) {
    const key = decodeAccountKey(text, network);
    if (!key.ok) return key;
    const { key: hd, fingerprint } = key.value;
    const descriptor = withChecksum(`wpkh(${hd.publicExtendedKey}/0/*)`);
    return {
      ok: true,
      wallet: { network: key.value.network, xpub: hd.publicExtendedKey, fingerprint, descriptor },
    };
  }
  return parseDescriptor(text, network);
}

function parseDescriptor(text: string, network: BitcoinNetwork | undefined): ParseWalletResult {
  const fail = (reason: string): ParseWalletResult => ({ ok: false, reason });
  const hash = text.lastIndexOf("#");
  const body = hash === -1 ? text : text.slice(0, hash);
  if (hash !== -1) {
    const given = text.slice(hash + 1);
    if (!/^[a-z0-9]{8}$/.test(given)) return fail("descriptor checksum must be 8 characters");
    if (descriptorChecksum(body) !== given) {
      return fail("descriptor checksum does not match: the descriptor was altered or mistyped");
    }
  }
  if (!body.startsWith("wpkh(")) {
    const kind = /^[a-z_]+\(/.exec(body)?.[0] ?? "this descriptor";
    return fail(`${kind}...) is not supported: only wpkh(...) (native segwit, BIP84) descriptors`);
  }
  const m = WPKH.exec(body);
  if (!m)
    return fail("malformed wpkh() descriptor: expected wpkh([fingerprint/84'/0'/0']xpub.../0/*)");
  const [, originFp, originPath, keyText = "", suffix = ""] = m;
  if (!SUFFIXES.has(suffix)) {
    return fail("unsupported derivation after the key: expected /0/*, /<0;1>/* or nothing");
  }
  const key = decodeAccountKey(keyText, network);
  if (!key.ok) return key;
  const { key: hd, fingerprint } = key.value;
  let origin = "";
  if (originFp !== undefined) {
    const path = parseOrigin(originPath ?? "", key.value.network, hd);
    if (!path.ok) return path;
    origin = `[${originFp.toLowerCase()}/${path.path}]`;
  }
  const descriptor = withChecksum(`wpkh(${origin}${hd.publicExtendedKey}/0/*)`);
  return {
    ok: true,
    wallet: { network: key.value.network, xpub: hd.publicExtendedKey, fingerprint, descriptor },
  };
}

type OriginResult = { ok: true; path: string } | { ok: false; reason: string };

// The origin path is metadata, but a wrong one means the merchant exported the wrong account (a
// BIP44 or BIP49 one, or another network's): their wallet would not watch the addresses we hand
// out, and payments would look lost. So it must be 84'/coin'/account' and agree with the key.
function parseOrigin(text: string, network: BitcoinNetwork, key: HDKey): OriginResult {
  const steps = text.split("/").slice(1);
  const wrong = (why: string): OriginResult => ({ ok: false, reason: `key origin: ${why}` });
  if (steps.length !== 3) return wrong("expected 3 steps 84'/coin'/account'");
  const values: number[] = [];
  for (const step of steps) {
    const hardened = /['hH]$/.test(step);
    const n = Number.parseInt(step, 10);
    if (!hardened || n >= HARDENED) return wrong("every step of 84'/coin'/account' is hardened");
    values.push(n);
  }
  const [purpose, coin, account = 0] = values;
  if (purpose !== 84) return wrong(`purpose ${purpose}' is not 84' (native segwit)`);
  const expectedCoin = network === "mainnet" ? 0 : 1;
  if (coin !== expectedCoin) return wrong(`coin type ${coin}' does not match ${network}`);
  if (key.index !== account + HARDENED) return wrong("the account does not match the key's index");
  return { ok: true, path: values.map((v) => `${v}'`).join("/") };
}

/** The BIP84 receive address m/.../0/index of the wallet (bc1q... on mainnet, tb1q... otherwise). */
export function deriveAddress(wallet: WatchOnlyWallet, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= HARDENED) {
    throw new RangeError(`address index must be an integer in 0..2^31-1, got ${index}`);
  }
  const child = receiveChain(wallet).deriveChild(index);
  if (!child.publicKey) throw new Error("derivation produced no public key");
  return p2wpkh(child.publicKey, wallet.network === "mainnet" ? NETWORK : TEST_NETWORK).address;
}

// The receive chain (.../0) of recently used keys. Decoding the key and deriving its /0 child
// was two thirds of an address's cost, and a wallet's key changes rarely; only public keys are
// held, and at most RECEIVE_CHAINS of them (the least recently used dropped first).
const RECEIVE_CHAINS = 256;
const receiveChains = new Map<string, HDKey>();
function receiveChain(wallet: WatchOnlyWallet): HDKey {
  const id = `${wallet.network}:${wallet.xpub}`;
  let chain = receiveChains.get(id);
  if (chain) {
    // Moved to the end, so the key dropped when the cache is full is the least recently used.
    receiveChains.delete(id);
    receiveChains.set(id, chain);
  } else {
    const key = decodeAccountKey(wallet.xpub, wallet.network);
    if (!key.ok) throw new Error(`invalid wallet: ${key.reason}`);
    chain = key.value.key.deriveChild(0);
    if (receiveChains.size >= RECEIVE_CHAINS) {
      const oldest = receiveChains.keys().next().value;
      if (oldest !== undefined) receiveChains.delete(oldest);
    }
    receiveChains.set(id, chain);
  }
  return chain;
}

/**
 * A fresh sandbox wallet: 64 random bytes as the BIP32 seed, the account m/84'/1'/0' on the test
 * networks, and only its public half kept. The private keys and the seed buffer are wiped before
 * returning, so a sandbox can never hold spendable keys (and test coins are worthless anyway).
 */
export function generateTestWallet(
  randomBytes: (size: number) => Uint8Array,
  network: "testnet" | "signet" = "testnet",
): WatchOnlyWallet {
  const seed = randomBytes(64);
  const root = HDKey.fromMasterSeed(seed, TESTNET_VERSIONS);
  const account = root.derive("m/84'/1'/0'");
  const body = `wpkh([${hex8(root.fingerprint)}/84'/1'/0']${account.publicExtendedKey}/0/*)`;
  account.wipePrivateData();
  root.wipePrivateData();
  seed.fill(0);
  const parsed = parseWalletKey(body, network);
  if (!parsed.ok) throw new Error(`generated wallet did not parse: ${parsed.reason}`);
  return parsed.wallet;
}
