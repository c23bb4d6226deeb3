import { findProduct } from "../../db/queries/products.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { badRequest, notFound, unprocessable } from "../errors.ts";
import { brlToCents, centsToBrl, formatCents } from "../money.ts";
import { outOfBounds } from "./open-amount.ts";

/**
 * The amount and title of a new charge (PIX or Bitcoin): the `value` given, or the product's,
 * which must then agree with any value given (a pay-what-you-want product's takes the value
 * given, within its bounds); within the configured maximum.
 */
export async function resolveAmount(
  deps: { db: Db; maxChargeCents: number },
  who: Principal,
  input: { value: number | undefined; productId: string | undefined; title: string | null },
): Promise<{ valueCents: number; title: string | null }> {
  let valueCents = input.value === undefined ? undefined : brlToCents(input.value);
  let title = input.title;
  if (input.value !== undefined && valueCents === undefined) {
    throw unprocessable("value: must have at most 2 decimal places");
  }
  if (input.productId !== undefined) {
    const product = await findProduct(deps.db, { ...who, id: input.productId });
    if (!product) throw notFound(`product_id: product ${input.productId} not found`);
    if (product.archivedAt) throw unprocessable(`product_id: product ${product.id} is archived`);
    if (product.openAmount) {
      // Pay what you want: the payer's amount, given as `value`, within the product's bounds.
      if (valueCents === undefined) {
        throw badRequest(
          `value: is required for product ${product.id}, whose payer chooses the amount`,
        );
      }
      const out = outOfBounds(product.openAmount, valueCents);
      if (out) throw unprocessable(out);
    } else if (product.valueCents !== null) {
      if (valueCents !== undefined && valueCents !== product.valueCents) {
        throw unprocessable(
          `value: does not match the product's value (${centsToBrl(product.valueCents)})`,
        );
      }
      valueCents = product.valueCents;
    }
    title ??= product.name;
  }
  if (valueCents === undefined) throw badRequest("value: is required when product_id is absent");
  if (valueCents > deps.maxChargeCents) {
    throw unprocessable(`value: must be at most ${formatCents(deps.maxChargeCents)}`);
  }
  return { valueCents, title };
}
