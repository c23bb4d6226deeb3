import { buildPaymentUri, formatBtc } from "../../bitcoin/payment-uri.ts";
import type { QuoteService } from "../../bitcoin/price-sources.ts";
import { deriveAddress } from "../../bitcoin/wallet.ts";
import { chargesAtAddress, takePooledAddress } from "../../db/queries/address-pool.ts";
import { insertCharges } from "../../db/queries/insert-charges.ts";
import { insertLightningInvoice } from "../../db/queries/lightning.ts";
import {
  addressUsed,
  findWallet,
  takeNextIndex,
  type WalletRow,
} from "../../db/queries/wallets.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import type { AddressPolicy } from "../../net/address-policy.ts";
import type { SecretBox } from "../../secrets/secret-box.ts";
import { creationEvents } from "../charges/charge-events.ts";
import { DISPLAY_STATUS } from "../charges/charge-status.ts";
import { isPublicCheckout } from "../charges/checkout-owner.ts";
import { newChargeRow } from "../charges/new-charge-row.ts";
import { paymentUrl } from "../charges/payment-url.ts";
import { unprocessable } from "../errors.ts";
import { newId } from "../ids.ts";
import { type ChargeInvoice, invoiceForCharge } from "../lightning/charge-invoice.ts";
import type { LightningSettings } from "../lightning/deps.ts";
import { centsToBrl } from "../money.ts";
import { resolveAmount } from "../products/resolve-amount.ts";
import type { Tally } from "../tally.ts";
import { uniqueAmount } from "./address-reuse.ts";
import { qrImageUrl } from "./crypto-view.ts";
import { type PricedQuote, quoteAhead, satsFor } from "./quote.ts";
import type { CreateCryptoCharge } from "./schemas.ts";
import { ensureWallet, NO_WALLET, walletKeyId } from "./wallets.ts";

/** A Bitcoin charge's id: "BTC-" and the time-ordered body of a new id, upper case. */
export const newCryptoChargeId = (deps: Parameters<typeof newId>[1]): string =>
  `BTC-${newId("pix", deps).slice(4).toUpperCase()}`;

export type CryptoDeps = {
  db: Db;
  clock: Clock;
  random: Random;
  maxChargeCents: number;
  crypto: { quotes: QuoteService; expiresMinutes: number; testNetwork: "testnet" | "signet" };
  tally?: Tally;
  /** Lightning on the charge (docs/lightning.md); without it charges are on-chain only. */
  lightning?: LightningSettings;
  secretBox?: SecretBox;
  urlPolicy?: AddressPolicy;
};

/**
 * What the prepare step learnt of Lightning for one charge: its id and invoice. `only`: the
 * charge is the invoice's (a Lightning address's pay request), for exactly its amount.
 */
export type LightningPrep = {
  id: string;
  invoice: ChargeInvoice;
  amountSats: number;
  only?: boolean;
};

/**
 * The smallest payment to a P2WPKH address that wallets relay: Bitcoin Core's dust limit for
 * native segwit v0 outputs. A smaller amount could never be paid.
 */
export const MIN_PAYMENT_SATS = 294;

/**
 * Bitcoin charge creation as every front door runs it: the price is fetched first, outside any
 * transaction (a slow price source must not hold a database connection), and what comes back
 * creates the charge in one transaction on the database it is given (the route's idempotency
 * transaction, or the pool).
 */
export async function startCryptoCharge(
  deps: CryptoDeps,
  owner: Principal,
  input: CreateCryptoCharge,
  baseUrl: string,
) {
  const priced = await quoteAhead(deps.crypto.quotes);
  const ln = await prepareLightning(deps, owner, input, priced);
  return (db: Db) =>
    db.transaction((tx) =>
      createCryptoCharge({ ...deps, db: tx }, owner, input, baseUrl, priced, ln),
    );
}

/**
 * A charge for an invoice the caller already has (a Lightning address's pay request): the price
 * it was reckoned at and the invoice come in, and the charge is created in its own transaction.
 */
export function startCryptoChargeWith(
  deps: CryptoDeps,
  owner: Principal,
  input: CreateCryptoCharge,
  baseUrl: string,
  priced: PricedQuote,
  ln: LightningPrep,
) {
  return deps.db.transaction((tx) =>
    createCryptoCharge({ ...deps, db: tx }, owner, input, baseUrl, priced, ln),
  );
}

/**
 * The Lightning invoice is asked for before the transaction (a node round trip must not hold a
 * database connection), for the amount the quote gives now, with the charge's id and expiry.
 */
async function prepareLightning(
  deps: CryptoDeps,
  owner: Principal,
  input: CreateCryptoCharge,
  priced: PricedQuote,
): Promise<LightningPrep | undefined> {
  if (!deps.lightning || !deps.secretBox || !deps.urlPolicy) return undefined;
  // A missing price or a bad amount is the creation's own error, raised inside the operation
  // (after an Idempotency-Key replay had its chance): here it only means no invoice.
  let valueCents: number;
  let title: string | null;
  let sats: number;
  try {
    ({ valueCents, title } = await resolveAmount(deps, owner, {
      value: input.value,
      productId: input.product_id,
      title: isPublicCheckout(owner) ? null : (input.product_name ?? null),
    }));
    sats = satsFor(valueCents, priced().priceCents, "value");
  } catch {
    return undefined;
  }
  const id = newCryptoChargeId(deps);
  const invoice = await invoiceForCharge(
    {
      ...deps,
      secretBox: deps.secretBox,
      urlPolicy: deps.urlPolicy,
      lightning: deps.lightning,
      sandboxNetwork: deps.crypto.testNetwork,
    },
    owner,
    {
      amountSats: sats,
      memo: title ?? `Charge ${id}`,
      expirySeconds: deps.crypto.expiresMinutes * 60,
    },
  );
  return { id, invoice, amountSats: sats };
}

/**
 * Creates a Bitcoin charge: the amount in BRL (value, or the product's), the BTC/BRL rate locked
 * now, a fresh address of the merchant's wallet, and a BIP21 payment URI; stored with its
 * charge.created and charge.pending events. Run inside a transaction: the address index and the
 * charge commit together, so a failed creation hands out no address. The price comes in already
 * fetched (quoteAhead, before the transaction opened).
 */
export async function createCryptoCharge(
  deps: CryptoDeps,
  who: Principal,
  input: CreateCryptoCharge,
  baseUrl: string,
  priced: PricedQuote,
  ln?: LightningPrep,
) {
  const isPublic = isPublicCheckout(who);
  const { valueCents, title } = await resolveAmount(deps, who, {
    value: input.value,
    productId: input.product_id,
    // A payer on the public checkout does not name what they pay for: the product's name is
    // what the merchant's wallet label and the charge show.
    title: isPublic ? null : (input.product_name ?? null),
  });

  const quote = priced();
  const quotedSats = ln?.only ? ln.amountSats : satsFor(valueCents, quote.priceCents, "value");
  const invoice = ln?.invoice.kind === "invoice" ? ln.invoice : undefined;
  // The sandbox's simulated invoice stands in for a node's on ordinary charges, but does not
  // make a below-dust charge: without a node of their own, live and test refuse it alike.
  const lnUsable = invoice !== undefined && !invoice.simulated;
  const lightningOnly = ln?.only === true || quotedSats < MIN_PAYMENT_SATS;
  if (lightningOnly && !lnUsable) {
    const why =
      ln?.invoice.kind === "none" && ln.invoice.reason === "unavailable"
        ? ` (the Lightning node did not answer: ${ln.invoice.detail})`
        : " and no Lightning node is connected (POST /api/crypto/lightning), which could take it";
    throw unprocessable(
      `value: is ${quotedSats} sats at this price, below the ${MIN_PAYMENT_SATS} sats wallets will send on-chain (the dust limit)${why}; charge at least R$ ${centsToBrl(Math.ceil((MIN_PAYMENT_SATS * quote.priceCents) / 100_000_000))}`,
    );
  }

  if (!(await ensureWallet(deps, who, deps.crypto.testNetwork))) throw unprocessable(NO_WALLET);
  const now = deps.clock.now();
  const id = ln?.id ?? newCryptoChargeId(deps);
  const { index, wallet, address, reused } = await nextAddress(deps.db, who, id, now);
  // On an address other charges held, the amount alone must say whose a payment is.
  const amountSats =
    reused && !ln?.only
      ? uniqueAmount(await chargesAtAddress(deps.db, { ...who, address }), quotedSats)
      : quotedSats;
  const onchainUri = buildPaymentUri({
    address,
    amountSats,
    ...(title ? { label: title } : {}),
    message: `Charge ${id}`,
  });
  // BIP21 with lightning=: a Lightning wallet pays the invoice, an on-chain wallet the address.
  // Below the dust limit only the invoice can be paid, so the URI is the invoice alone.
  const payUri = invoice
    ? lightningOnly
      ? `lightning:${invoice.invoice}`
      : `${onchainUri}&lightning=${invoice.invoice}`
    : onchainUri;
  const details: Record<string, string> = {};
  if (input.customer_name) details.customer_name = input.customer_name;
  if (input.customer_email) details.customer_email = input.customer_email;
  if (input.customer_cpf) details.customer_cpf = input.customer_cpf;
  const row = newChargeRow(who, {
    id,
    method: "crypto",
    valueCents,
    title,
    productId: input.product_id ?? null,
    details,
    provider: "crypto",
    txid: id,
    brCode: null,
    expiresAt: new Date(now.getTime() + deps.crypto.expiresMinutes * 60_000),
    createdAt: now,
    crypto: {
      address,
      index,
      network: wallet.network,
      amountSats,
      rateCents: quote.priceCents,
      payUri,
      keyId: walletKeyId(wallet.xpub),
    },
  });
  await insertCharges(deps.db, [
    {
      row,
      events: creationEvents(deps, row),
    },
  ]);
  if (invoice) {
    await insertLightningInvoice(deps.db, {
      accountId: who.accountId,
      mode: who.mode,
      chargeId: id,
      paymentHash: invoice.paymentHash,
      invoice: invoice.invoice,
      amountMsat: (ln?.amountSats ?? quotedSats) * 1000,
      expiresAt: row.expiresAt,
      simulated: invoice.simulated,
      createdAt: now,
    });
  }
  deps.tally?.chargeCreated("crypto", who.mode);
  return {
    chargeId: id,
    status: DISPLAY_STATUS.pending,
    statusCode: "pending" as const,
    amountBrl: centsToBrl(valueCents),
    amountCrypto: formatBtc(amountSats),
    address,
    copyAddress: address,
    payUri,
    qrCodeImage: qrImageUrl(baseUrl, id),
    expiresAt: row.expiresAt.toISOString(),
    provider: "crypto" as const,
    livemode: who.mode === "live",
    paymentUrl: paymentUrl(baseUrl, id),
    ...(ln ? lightningFields(ln.invoice, lightningOnly) : {}),
  };
}

/** What the response says of Lightning: the invoice, or why the charge has none. */
function lightningFields(invoice: ChargeInvoice, lightningOnly: boolean) {
  if (invoice.kind === "invoice") {
    return {
      lightningInvoice: invoice.invoice,
      lightning: lightningOnly
        ? ("lightning_only" as const)
        : invoice.simulated
          ? ("simulated" as const)
          : ("included" as const),
      ...(lightningOnly
        ? {
            lightningNote:
              "Lightning-only charge: the amount is below the on-chain dust limit, so only the invoice can pay it.",
          }
        : {}),
    };
  }
  return {
    lightningInvoice: null,
    lightning:
      invoice.reason === "not_connected" ? ("not_connected" as const) : ("unavailable" as const),
    ...(invoice.reason === "unavailable"
      ? {
          lightningNote: `On-chain only: the Lightning node did not answer in time (${invoice.detail}).`,
        }
      : {}),
  };
}

/**
 * The address for a new charge: the lowest one of the wallet's pool (an address whose charge
 * expired unpaid and that the chain showed unused, address-reuse.ts) before a new index, so
 * checkouts opened and abandoned, however many, do not walk the wallet past its gap limit.
 */
async function nextAddress(db: Db, who: Principal, chargeId: string, at: Date) {
  const wallet = await ensureCurrentWallet(db, who);
  const pooled = await takePooledAddress(db, {
    ...who,
    keyId: walletKeyId(wallet.xpub),
    network: wallet.network,
    chargeId,
    at,
  });
  if (pooled) return { ...pooled, wallet, reused: true };
  return { ...(await nextFreshAddress(db, who)), reused: false };
}

async function ensureCurrentWallet(db: Db, who: Principal): Promise<WalletRow> {
  const w = await findWallet(db, who);
  if (!w) throw unprocessable(NO_WALLET);
  return w;
}

/**
 * The next receive address never given to a charge: an address already used (its key was
 * activated before, and the index started again) is skipped, so old payments to it can never
 * count for a new charge.
 */
async function nextFreshAddress(db: Db, who: Principal) {
  for (let tries = 0; tries < 1000; tries++) {
    const taken = await takeNextIndex(db, who);
    if (!taken) throw unprocessable(NO_WALLET);
    const address = deriveAddress(taken.wallet, taken.index);
    if (!(await addressUsed(db, address)))
      return { index: taken.index, wallet: taken.wallet, address };
  }
  throw unprocessable("wallet: no unused address in the next 1000; activate a fresh wallet key");
}
