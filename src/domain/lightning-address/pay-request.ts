import { findAccount } from "../../db/queries/accounts.ts";
import { findConnectionByAddress } from "../../db/queries/lightning-address.ts";
import type { Principal } from "../../kernel/mode.ts";
import {
  type CryptoDeps,
  newCryptoChargeId,
  startCryptoChargeWith,
} from "../crypto/create-crypto-charge.ts";
import { currentQuote } from "../crypto/quote.ts";
import { AppError } from "../errors.ts";
import { invoiceForCharge } from "../lightning/charge-invoice.ts";
import type { LightningDeps } from "../lightning/deps.ts";
import { centsToBrl } from "../money.ts";
import { sha256Hex } from "../sha256.ts";
import { centsForSats, checkAmount, sendableBounds } from "./bounds.ts";

// A Lightning address (LUD-16 over LUD-06's payRequest): name@host pays the live Lightning node
// of the account that holds the name, and each invoice asked for is a Bitcoin charge of that
// account in BRL at the price of the moment, settled as any charge's invoice is.

export type AddressDeps = CryptoDeps & LightningDeps & { maxChargeCents: number };

/** An answer as LUD-06 words it: its body, and the HTTP status it goes with. */
export type LnurlAnswer = { status: number; body: Record<string, unknown> };

const fail = (status: number, reason: string): LnurlAnswer => ({
  status,
  body: { status: "ERROR", reason },
});

/** Who the address is, or the 404 for a name no live connection holds. */
async function addressOf(deps: AddressDeps, name: string, baseUrl: string) {
  const row = await findConnectionByAddress(deps.db, name);
  if (!row) return undefined;
  const account = await findAccount(deps.db, row.accountId);
  const identifier = `${name}@${new URL(baseUrl).host}`;
  // The exact string the invoice's description hash commits to (the wallet checks it).
  const metadata = JSON.stringify([
    ["text/plain", account?.displayName ?? account?.name ?? identifier],
    ["text/identifier", identifier],
  ]);
  const owner: Principal = { accountId: row.accountId, mode: "live", tokenId: "lightning-address" };
  return { owner, identifier, metadata };
}

const unknown = (name: string) =>
  fail(404, `no Lightning address ${name} on this service (unknown or disabled)`);

/** GET /.well-known/lnurlp/{name}: the payRequest a wallet reads first. */
export async function payRequest(
  deps: AddressDeps,
  name: string,
  baseUrl: string,
): Promise<LnurlAnswer> {
  const a = await addressOf(deps, name, baseUrl);
  if (!a) return unknown(name);
  const quote = await quoteOrFail(deps);
  if ("status" in quote) return quote;
  return {
    status: 200,
    body: {
      tag: "payRequest",
      callback: `${baseUrl}/lnurlp/${name}/callback`,
      ...sendableBounds(quote.priceCents, deps.maxChargeCents),
      metadata: a.metadata,
      commentAllowed: 0,
    },
  };
}

async function quoteOrFail(deps: AddressDeps) {
  try {
    return await currentQuote(deps.crypto.quotes);
  } catch {
    return fail(503, "no BTC/BRL price is available now; try again in a minute");
  }
}

/**
 * GET /lnurlp/{name}/callback?amount=<msat>: an invoice of the merchant's node for exactly the
 * amount, committing to the metadata's SHA-256, recorded as a pending Bitcoin charge of
 * Lightning only. The node is asked before the charge's transaction opens, as for any charge.
 */
export async function payCallback(
  deps: AddressDeps,
  name: string,
  amount: unknown,
  baseUrl: string,
): Promise<LnurlAnswer> {
  const a = await addressOf(deps, name, baseUrl);
  if (!a) return unknown(name);
  const quote = await quoteOrFail(deps);
  if ("status" in quote) return quote;
  const checked = checkAmount(amount, sendableBounds(quote.priceCents, deps.maxChargeCents));
  if (!checked.ok) return fail(400, checked.reason);
  const id = newCryptoChargeId(deps);
  const invoice = await invoiceForCharge(
    { ...deps, sandboxNetwork: deps.crypto.testNetwork },
    a.owner,
    {
      amountSats: checked.sats,
      memo: a.identifier,
      expirySeconds: deps.crypto.expiresMinutes * 60,
      descriptionHash: sha256Hex(a.metadata),
    },
  );
  if (invoice.kind !== "invoice") {
    return fail(503, "the merchant's Lightning node did not answer; try again shortly");
  }
  try {
    await startCryptoChargeWith(
      deps,
      a.owner,
      { value: centsToBrl(centsForSats(checked.sats, quote)), product_name: a.identifier },
      baseUrl,
      () => quote,
      { id, invoice, amountSats: checked.sats, only: true },
    );
  } catch (err) {
    // The merchant's setup (no live Bitcoin wallet, say) is theirs to fix, not the payer's.
    if (err instanceof AppError) {
      return fail(503, "this Lightning address cannot take payments now; try again later");
    }
    throw err;
  }
  return { status: 200, body: { pr: invoice.invoice, routes: [] } };
}
