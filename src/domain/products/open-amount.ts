import { z } from "zod";
import type { OpenAmountCents } from "../../db/queries/products.ts";
import { Brl } from "../charges/schemas.ts";
import { brlToCents, centsToBrl, formatCents } from "../money.ts";

// Pay what you want: a product whose payer chooses the amount on its checkout, within the
// merchant's bounds, from suggested amounts or typed in. On the wire the bounds and suggestions
// are BRL like every other amount of the API (`value`: 5 is R$ 5,00, at most 2 decimals), so a
// product never mixes units; inside they are integer centavos, converted once at the door.

/** At most this many suggested amounts: a phone's row or two of buttons. */
export const MAX_SUGGESTED = 6;

export const OpenAmountSchema = z
  .strictObject({
    min: Brl.describe("The least the payer may pay, in BRL (5 is R$ 5,00)."),
    max: Brl.describe("The most the payer may pay, in BRL."),
    suggested: z
      .array(Brl)
      .max(MAX_SUGGESTED, `must have at most ${MAX_SUGGESTED} amounts`)
      .default([])
      .describe("Amounts offered as buttons, in BRL, ascending, each within [min, max]."),
  })
  .superRefine((o, ctx) => {
    // Decimals of at most two places compare exactly as doubles (each parses to the double
    // nearest it, and that order is theirs), so the bounds are checked before any conversion.
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
    "Pay what you want, instead of value: the payer chooses the amount on the checkout, within [min, max] (BRL, like value).",
  );

/** The API's bounds (BRL, validated: at most 2 decimals) as centavos. */
export function openAmountCents(o: z.output<typeof OpenAmountSchema>): OpenAmountCents {
  const cents = (v: number) => brlToCents(v) as number;
  return { min: cents(o.min), max: cents(o.max), suggested: o.suggested.map(cents) };
}

/** Stored bounds as the API answers them, in BRL. */
export function openAmountBrl(o: OpenAmountCents): OpenAmountCents {
  return { min: centsToBrl(o.min), max: centsToBrl(o.max), suggested: o.suggested.map(centsToBrl) };
}

/** A payer's amount in centavos against the product's bounds: undefined if within, else why. */
export function outOfBounds(o: OpenAmountCents, cents: number): string | undefined {
  if (cents >= o.min && cents <= o.max) return undefined;
  return `value: must be between ${formatCents(o.min)} and ${formatCents(o.max)} for this product (it is pay what you want)`;
}
