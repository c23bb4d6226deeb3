import { z } from "zod";
import { findAccount } from "../../db/queries/accounts.ts";
import { findProductById } from "../../db/queries/products.ts";
import { findConnection } from "../../db/queries/psp-connections.ts";
import { findWallet } from "../../db/queries/wallets.ts";
import type { Db } from "../../kernel/db.ts";
import type { Mode, Principal } from "../../kernel/mode.ts";
import { type PixChargeDeps, preparePixCharge } from "../charge-lifecycle/create-pix-charge.ts";
import { checkoutOwner } from "../charges/checkout-owner.ts";
import { CreatePixChargeSchema } from "../charges/schemas.ts";
import { type CryptoDeps, startCryptoCharge } from "../crypto/create-crypto-charge.ts";
import { CreateCryptoChargeSchema } from "../crypto/schemas.ts";
import { notFound, unprocessable } from "../errors.ts";
import { idempotencySeed } from "../idempotency/request-identity.ts";
import {
  formScope,
  submitOnce,
  twinResult,
  twinResultOr,
  writeOnce,
} from "../idempotency/submit-once.ts";
import { centsToBrl } from "../money.ts";

// The public checkout page of a product (GET/POST /checkout/{productId}): what it sells, which
// ways to pay its merchant has enabled in the product's mode, and the creation of the charge
// through the same use cases, and the same input schemas, as the API's public create.

export type CheckoutDeps = PixChargeDeps & CryptoDeps;
/**
 * How long the second of two submissions of one form waits for the first one's charge: a
 * sandbox charge takes milliseconds, a live one a PSP round trip, a Bitcoin one a quote and a
 * node's invoice (TOSTAO_LIGHTNING_TIMEOUT_MS, at most 10 s). Past it, the second goes on as a
 * new submission (its budget spent, its write then answered by the first one's charge).
 */
const TWIN_WAIT_MS = 12_000;
export const PAY_METHODS = ["pix", "crypto"] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

/**
 * What the payer may give on the page, checked by the API's own field schemas (so a CPF or an
 * e-mail is refused with the API's message), blank fields being "not given".
 */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
export const CheckoutFormSchema = z.object({
  method: z.enum(PAY_METHODS, "choose PIX or Bitcoin"),
  customer_name: z.preprocess(blankToUndefined, CreatePixChargeSchema.shape.customer_name),
  customer_email: z.preprocess(blankToUndefined, CreatePixChargeSchema.shape.customer_email),
  customer_cpf: z.preprocess(blankToUndefined, CreatePixChargeSchema.shape.customer_cpf),
});
export type CheckoutForm = z.output<typeof CheckoutFormSchema> & {
  /** A pay-what-you-want product's amount, as the payer chose it (read by amount-text.ts). */
  amountCents?: number;
};

/**
 * The ways to pay a merchant has enabled in a mode: the sandbox PIX always in test; live PIX
 * once the account has saved its PSP connection (live PIX on, pix-psp-connection/); Bitcoin in
 * test always (the sandbox makes its own wallet on first use, as the API does), and in live
 * once a wallet is activated.
 */
export async function enabledMethods(
  deps: { db: Db; pixProviders: PixChargeDeps["pixProviders"] },
  owner: { accountId: string; mode: Mode },
): Promise<Record<PayMethod, boolean>> {
  if (owner.mode === "test") return { pix: true, crypto: true };
  const [connection, wallet] = await Promise.all([
    deps.pixProviders.live ? findConnection(deps.db, owner) : undefined,
    findWallet(deps.db, owner),
  ]);
  return { pix: connection !== undefined, crypto: wallet !== undefined };
}

/** What the checkout page shows: the product, its merchant and the ways to pay. */
export async function checkoutPage(deps: CheckoutDeps, productId: string) {
  const product = await findProductById(deps.db, productId);
  // An archived product is no longer sold: its link is as dead as an unknown one.
  if (!product || product.archivedAt) throw notFound(`product ${productId} not found`);
  const [account, methods] = await Promise.all([
    findAccount(deps.db, product.accountId),
    enabledMethods(deps, product),
  ]);
  return {
    productId: product.id,
    name: product.name,
    description: product.description,
    /** The fixed price; null when the payer chooses the amount (openAmount). */
    amountCents: product.valueCents,
    /** Pay what you want: the bounds and suggested amounts (centavos), else null. */
    openAmount: product.openAmount,
    // The display name the merchant chose; never the operator's label ("Default account").
    merchantName: account?.displayName ?? "",
    livemode: product.mode === "live",
    methods,
  };
}
export type CheckoutPage = Awaited<ReturnType<typeof checkoutPage>>;

/**
 * Creates the payer's charge: a public creation by product_id, as POST /api/pix/charge/create or
 * /api/crypto/charge/create without a token would make it (the amount is the product's, or the
 * payer's within its bounds for a pay-what-you-want product). Returns
 * the new charge's id. The form's key (`formKey`, drawn when the page was rendered) makes a
 * double click or a browser's retry one charge: the second submission gets the first one's
 * charge. `spendBudget` (the checkout budgets) runs after that lookup, for a new submission only,
 * so a payer's replay does not count against them. `claimForm` claims the key before the budget
 * is spent (checkout-budget.ts: claimCheckoutForm): the second of two clicks arriving together,
 * which the lookup cannot tell from a new submission yet, waits for the first one's charge
 * instead of spending the budget again.
 */
export async function createCheckoutCharge(
  deps: CheckoutDeps,
  productId: string,
  form: CheckoutForm,
  baseUrl: string,
  opts: {
    formKey?: string;
    spendBudget?: () => Promise<void>;
    claimForm?: (formKey: string) => Promise<boolean>;
  } = {},
): Promise<string> {
  const owner: Principal = await checkoutOwner(deps, undefined, productId);
  const sub = {
    accountId: owner.accountId,
    mode: owner.mode,
    form: `/checkout/${productId}`,
    key: opts.formKey ?? "",
    fields: { ...form },
  };
  const spend = opts.spendBudget ?? (async () => {});
  const methods = await enabledMethods(deps, owner);
  if (!methods[form.method]) {
    throw unprocessable(`method: ${form.method} is not enabled for this product`);
  }
  if (opts.claimForm && formScope(sub) && !(await opts.claimForm(sub.key))) {
    const twin = await twinResult<string>(deps, sub, TWIN_WAIT_MS);
    if (twin.found) return twin.value;
  }
  const customer = {
    // The payer's amount, for a pay-what-you-want product; resolveAmount holds it to the bounds.
    ...(form.amountCents !== undefined ? { value: centsToBrl(form.amountCents) } : {}),
    ...(form.customer_name ? { customer_name: form.customer_name } : {}),
    ...(form.customer_email ? { customer_email: form.customer_email } : {}),
    ...(form.customer_cpf ? { customer_cpf: form.customer_cpf } : {}),
  };
  if (form.method === "pix") {
    const input = CreatePixChargeSchema.parse({ product_id: productId, ...customer });
    return writeOnce(deps, sub, async (scope) => {
      await spend();
      // A live charge's txid is derived from the key bound to the submission (live-create.ts);
      // the scope's route ("form:/checkout/…") keeps a payer's form key apart from a merchant's.
      const p = await preparePixCharge(
        deps,
        owner,
        input,
        baseUrl,
        scope ? { idempotencySeed: idempotencySeed(scope) } : {},
      );
      return {
        value: p.data.chargeId,
        write: p.write,
        ...(p.abandon ? { abandon: p.abandon } : {}),
      };
    }).catch((err) => twinResultOr<string>(deps, sub, err));
  }
  const input = CreateCryptoChargeSchema.parse({ product_id: productId, ...customer });
  return submitOnce(deps, sub, {
    before: async () => {
      await spend();
      return startCryptoCharge(deps, owner, input, baseUrl);
    },
    run: async (db, create) => (await create(db)).chargeId,
  }).catch((err) => twinResultOr<string>(deps, sub, err));
}
