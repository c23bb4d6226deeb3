import { findProductById } from "../../db/queries/products.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { AppError, notFound } from "../errors.ts";

/** The token id of a charge made by the public checkout (no token: the product's owner). */
export const PUBLIC_CHECKOUT = "public-checkout";

export const NO_TOKEN_NO_PRODUCT =
  "authorization: missing header; send Authorization: Bearer <API token>, or product_id to pay for a product (public checkout)";

/**
 * Who a charge (PIX or Bitcoin) is for: the caller, or on the public checkout (no token) the
 * account and mode of the product it names, whose price is then the amount. Without a token a
 * product is the only thing that can name an owner, so its absence is a missing credential
 * (401), as on every other route without a token.
 */
export async function checkoutOwner(
  deps: { db: Db },
  who: Principal | undefined,
  productId: string | undefined,
): Promise<Principal> {
  if (who) return who;
  if (!productId) throw new AppError("UNAUTHENTICATED", NO_TOKEN_NO_PRODUCT);
  const product = await findProductById(deps.db, productId);
  if (!product) throw notFound(`product_id: product ${productId} not found`);
  return { accountId: product.accountId, mode: product.mode, tokenId: PUBLIC_CHECKOUT };
}

/** Whether a charge is being made by the public checkout rather than a token's holder. */
export const isPublicCheckout = (who: Principal): boolean => who.tokenId === PUBLIC_CHECKOUT;
