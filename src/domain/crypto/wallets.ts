import type { z } from "zod";
import { publishedKeySource } from "../../bitcoin/published-keys.ts";
import {
  deriveAddress,
  generateTestWallet,
  parseWalletKey,
  type WatchOnlyWallet,
} from "../../bitcoin/wallet.ts";
import { reuseFigures } from "../../db/queries/address-pool.ts";
import * as q from "../../db/queries/wallets.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { type AuditActor, recordAudit } from "../audit/record-audit.ts";
import { unprocessable } from "../errors.ts";
import { sha256Hex } from "../sha256.ts";
import type { ActivateWalletSchema, WalletViewSchema } from "./schemas.ts";

// The merchant's own wallet, watch-only: we keep an extended public key and derive a fresh
// BIP84 address per charge, so the money goes straight to the merchant. Live mode takes mainnet
// keys only; the sandbox takes test-network keys, and makes itself a test wallet on first use so
// it works with no setup at all.

export const GAP_LIMIT = 20;
export const NO_WALLET =
  'wallet: no Bitcoin wallet is active for live mode; activate one with POST /api/crypto/wallet {"key": "zpub..."} (an account-level extended public key or a wpkh(...) descriptor)';

type Deps = { db: Db; clock: Clock; random: Random };

/**
 * A short id of a wallet key, kept with each charge so the wallet's figures can tell its keys'
 * charges apart: not the key itself, which would reveal every address of the wallet.
 */
export function walletKeyId(xpub: string): string {
  return sha256Hex(`tostao-wallet-key:${xpub}`).slice(0, 16);
}

/**
 * The first `count` receive addresses of a key, checked as activation checks it, without saving
 * anything: the dashboard shows them so the merchant can compare with their wallet app first.
 */
export function previewWallet(
  who: Principal,
  input: z.output<typeof ActivateWalletSchema>,
  count = 3,
): {
  network: WatchOnlyWallet["network"];
  fingerprint: string;
  addresses: string[];
  /** Set when activation will refuse the key as a published test key (it names the source). */
  refusal: string | undefined;
} {
  const w = checkWalletKey(who, input, { published: "allow" });
  const addresses = Array.from({ length: count }, (_, i) => deriveAddress(w, i));
  let refusal: string | undefined;
  try {
    checkWalletKey(who, input, { published: "refuse" });
  } catch (err) {
    refusal = (err as Error).message;
  }
  return { network: w.network, fingerprint: w.fingerprint, addresses, refusal };
}

export async function activateWallet(
  deps: Deps,
  who: Principal,
  input: z.output<typeof ActivateWalletSchema>,
  actor: AuditActor,
) {
  const w = checkWalletKey(who, input, { published: "refuse" });
  const row = await deps.db.transaction(async (db) => {
    const saved = await q.upsertWallet(
      db,
      walletRecord(who, w, { generated: false, at: deps.clock.now() }),
      walletKeyId,
    );
    // The key's fingerprint and network name it; the key itself stays out of the log.
    await recordAudit(
      { ...deps, db },
      {
        accountId: who.accountId,
        mode: who.mode,
        actor,
        action: "wallet.changed",
        target: walletKeyId(w.xpub),
        changes: { fingerprint: { after: w.fingerprint }, network: { after: w.network } },
      },
    );
    return saved;
  });
  return walletView(deps.db, row);
}

/** The parsed key when the caller's mode may use it (422 naming the reason otherwise). */
function checkWalletKey(
  who: Principal,
  input: z.output<typeof ActivateWalletSchema>,
  opts: { published: "allow" | "refuse" },
): WatchOnlyWallet {
  const parsed = parseWalletKey(input.key, input.network);
  if (!parsed.ok) throw unprocessable(`key: ${parsed.reason}`);
  const w = parsed.wallet;
  if (who.mode === "live" && w.network !== "mainnet") {
    throw unprocessable(
      "key: live mode takes a mainnet key (xpub, zpub); use a test token for tpub/vpub keys",
    );
  }
  if (who.mode === "test" && w.network === "mainnet") {
    throw unprocessable(
      "key: the sandbox takes a test-network key (tpub, vpub); use a live token for mainnet keys",
    );
  }
  // A merchant who copies a documented example key would hand every payment to whoever sweeps
  // it first; the sandbox keeps them, where they are harmless and handy.
  const published =
    who.mode === "live" && opts.published === "refuse" ? publishedKeySource(w.xpub) : undefined;
  if (published !== undefined) {
    throw unprocessable(
      `key: this is a published test key (${published}); anyone can spend from it. ` +
        "Activate your own wallet's account key; test keys belong in the sandbox (a test token)",
    );
  }
  return w;
}

/** The caller's wallet; in the sandbox one is generated on first use. */
export async function ensureWallet(
  deps: Deps,
  who: Principal,
  testNetwork: "testnet" | "signet",
): Promise<q.WalletRow | undefined> {
  const found = await q.findWallet(deps.db, who);
  if (found || who.mode === "live") return found;
  const w = generateTestWallet((n) => deps.random.bytes(n), testNetwork);
  return q.insertWalletIfAbsent(
    deps.db,
    walletRecord(who, w, { generated: true, at: deps.clock.now() }),
  );
}

/** The stored form of a parsed (or generated) key as an account's wallet for a mode. */
function walletRecord(
  who: Principal,
  w: WatchOnlyWallet,
  opts: { generated: boolean; at: Date },
): Omit<q.WalletRow, "nextIndex"> {
  return {
    accountId: who.accountId,
    mode: who.mode,
    network: w.network,
    xpub: w.xpub,
    fingerprint: w.fingerprint,
    descriptor: w.descriptor,
    generated: opts.generated,
    createdAt: opts.at,
  };
}

export async function getWallet(deps: Deps, who: Principal, testNetwork: "testnet" | "signet") {
  const row = await ensureWallet(deps, who, testNetwork);
  if (!row) throw unprocessable(NO_WALLET);
  return walletView(deps.db, row);
}

async function walletView(db: Db, w: q.WalletRow): Promise<z.infer<typeof WalletViewSchema>> {
  const keyId = walletKeyId(w.xpub);
  const unpaid = await q.unpaidTail(db, { ...w, keyId });
  const reuse = await reuseFigures(db, { ...w, keyId });
  return {
    network: w.network,
    fingerprint: w.fingerprint,
    descriptor: w.descriptor,
    nextIndex: w.nextIndex,
    generated: w.generated,
    livemode: w.mode === "live",
    unpaidAddresses: unpaid,
    gapWarning:
      unpaid > GAP_LIMIT
        ? `${unpaid} addresses in a row are unpaid: wallets stop looking after ${GAP_LIMIT} (the gap limit); raise your wallet's gap limit to at least ${unpaid + 1} or payments to later addresses will not show in it`
        : null,
    reusedAddresses: reuse.reused,
    pooledAddresses: reuse.pooled,
    unmatchedPayments: reuse.unmatched,
  };
}
