import { z } from "zod";
import * as q from "../../db/queries/products.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { Brl } from "../charges/schemas.ts";
import { badRequest, notFound, unprocessable } from "../errors.ts";
import { newId } from "../ids.ts";
import { HasMore, PageArguments, PageQuery, pageOf } from "../list-limit.ts";
import { brlToCents, centsToBrl } from "../money.ts";
import { OpenAmountSchema, openAmountBrl, openAmountCents } from "./open-amount.ts";

// Products: what an account sells, per mode. A charge (PIX or crypto) can name a product_id
// and take its amount and title from it; the public crypto checkout needs one.

/**
 * A page of the merchant's own: http or https only (never javascript:, data: and the like, which
 * a browser would run when the payment page follows it), with a host, and no user:password@.
 */
const SuccessUrl = z
  .string()
  .trim()
  .max(2000, "must be at most 2000 characters")
  .refine((v) => {
    let u: URL;
    try {
      u = new URL(v);
    } catch {
      return false;
    }
    return (
      (u.protocol === "https:" || u.protocol === "http:") &&
      u.hostname !== "" &&
      !u.username &&
      !u.password
    );
  }, "must be an https (or http) URL without user:password@");

export const CreateProductSchema = z.strictObject({
  name: z.string().trim().min(1, "must not be empty").max(140, "must be at most 140 characters"),
  value: Brl.optional().describe(
    "The product's price in BRL (10.5 is R$ 10,50); or open_amount instead, never both.",
  ),
  open_amount: OpenAmountSchema.optional(),
  description: z.string().trim().max(500, "must be at most 500 characters").optional(),
  success_url: SuccessUrl.optional().describe(
    "Where the hosted payment page sends the payer once paid (https, or http for development).",
  ),
});
export const ProductIdSchema = z.strictObject({
  id: z.string().trim().min(1, "must not be empty"),
});
const IncludeArchived = z.enum(["true", "false"]).default("false");
export const ListProductsQuerySchema = z.strictObject({
  ...PageQuery,
  include_archived: IncludeArchived,
});
export const ListProductsArgsSchema = z.strictObject({
  ...PageArguments,
  include_archived: IncludeArchived,
});
export const ProductViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  value: z.number().nullable().describe("The price in BRL; null for a pay-what-you-want product."),
  openAmount: z
    .object({ min: z.number(), max: z.number(), suggested: z.array(z.number()) })
    .nullable()
    .describe("Pay what you want: the bounds and suggested amounts, in BRL like value; else null."),
  description: z.string().nullable(),
  success_url: z.string().nullable(),
  active: z.boolean(),
  livemode: z.boolean(),
  createdAt: z.string(),
  archivedAt: z.string().nullable(),
});
export const ProductListSchema = z.object({
  products: z.array(ProductViewSchema),
  hasMore: HasMore,
});

type Deps = { db: Db; clock: Clock; random: Random };

export function productView(p: q.ProductRow): z.infer<typeof ProductViewSchema> {
  return {
    id: p.id,
    name: p.name,
    value: p.valueCents === null ? null : centsToBrl(p.valueCents),
    openAmount: p.openAmount === null ? null : openAmountBrl(p.openAmount),
    description: p.description,
    success_url: p.successUrl,
    active: p.archivedAt === null,
    livemode: p.mode === "live",
    createdAt: p.createdAt.toISOString(),
    archivedAt: p.archivedAt?.toISOString() ?? null,
  };
}

export async function createProduct(
  deps: Deps,
  who: Principal,
  input: z.output<typeof CreateProductSchema>,
) {
  // Exactly one way to price it: a fixed value, or the payer's choice within bounds.
  if ((input.value === undefined) === (input.open_amount === undefined)) {
    throw badRequest(
      input.value === undefined
        ? "value: is required (or open_amount, for pay what you want)"
        : "open_amount: give either value or open_amount, not both",
    );
  }
  const valueCents = input.value === undefined ? null : brlToCents(input.value);
  if (valueCents === undefined) throw unprocessable("value: must have at most 2 decimal places");
  const row = await q.insertProduct(deps.db, {
    id: newId("prod", deps),
    accountId: who.accountId,
    mode: who.mode,
    name: input.name,
    description: input.description ?? null,
    valueCents,
    openAmount: input.open_amount === undefined ? null : openAmountCents(input.open_amount),
    successUrl: input.success_url ?? null,
    createdAt: deps.clock.now(),
    archivedAt: null,
  });
  return productView(row);
}

/** The caller's products, newest first, a page at a time. */
export async function listProducts(
  deps: { db: Db },
  who: Principal,
  input: { limit: number; offset?: number; include_archived: "true" | "false" },
) {
  const rows = await q.listProducts(deps.db, {
    accountId: who.accountId,
    mode: who.mode,
    includeArchived: input.include_archived === "true",
    limit: input.limit + 1,
    offset: input.offset ?? 0,
  });
  const page = pageOf(rows, input.limit);
  return { products: page.items.map(productView), hasMore: page.hasMore };
}

export async function archiveProduct(deps: { db: Db; clock: Clock }, who: Principal, id: string) {
  const row = await q.archiveProduct(deps.db, {
    accountId: who.accountId,
    mode: who.mode,
    id,
    at: deps.clock.now(),
  });
  if (!row) throw notFound(`id: product ${id} not found`);
  return productView(row);
}
