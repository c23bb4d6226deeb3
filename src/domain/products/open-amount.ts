import { z } from "zod";
import type { OpenAmountCents } from "../../db/queries/products.ts";
import { formatCents } from "../money.ts";

// Pay what you want: a product whose payer chooses the amount on its checkout, within the
// merchant's bounds, from suggested amounts or typed in. Bounds and suggestions are integer
// centavos on the wire and inside, so no decimal can be lost on the way.

/** At most this many suggested amounts: a phone's row or two of buttons. */
export const MAX_SUGGESTED = 6;

const Centavos = z
  .number()
  .int("must be a whole number of centavos")
  .min(1, "must be at least 1 centavo")
  .max(Number.MAX_SAFE_INTEGER, "is too large");

export const OpenAmountSchema = z
  .strictObject({
    min: Centavos.describe("The least the payer may pay, in centavos (500 is R$ 5,00)."),
    max: Centavos.describe("The most the payer may pay, in centavos."),
    suggested: z
      .array(Centavos)
      .max(MAX_SUGGESTED, `must have at most ${MAX_SUGGESTED} amounts`)
      .default([])
      .describe("Amounts offered as buttons, in centavos, ascending, each within [min, max]."),
  })
  .superRefine((o, ctx) => {
    const issue = (path: (string | number)[], message: string) =>
      ctx.addIssue({ code: "custom", path, message, input: undefined });
    if (o.min > o.max) issue(["max"], "must be at least min");
    o.suggested.forEach((s, i) => {
      if (s < o.min || s > o.max) issue(["suggested", i], "must be within [min, max]");
      const prev = o.suggested[i - 1];
      if (prev !== undefined && s <= prev) issue(["suggested", i], "must be ascending, no repeats");
    });
  })
  .describe(
    "Pay what you want, instead of value: the payer chooses the amount on the checkout, within [min, max] (integer centavos).",
  );

/** A payer's amount in centavos against the product's bounds: undefined if within, else why. */
export function outOfBounds(o: OpenAmountCents, cents: number): string | undefined {
  if (cents >= o.min && cents <= o.max) return undefined;
  return `value: must be between ${formatCents(o.min)} and ${formatCents(o.max)} for this product (it is pay what you want)`;
}
