import type { OpenAmountCents } from "../../db/queries/products.ts";
import { type AmountLang, parseAmountText } from "../products/amount-text.ts";

// The amount a payer chose on a pay-what-you-want checkout: typed in the text field (which wins
// when given, since it is what the payer wrote last without script), or one of the suggested
// amounts (radio buttons carrying centavos). Checked against the bounds here, before any charge
// or budget: a refused amount makes no charge and is shown beside the field.

export type PayerAmount = { cents: number } | { error: "error.amount" | "error.amountRange" };

export function payerAmount(
  open: OpenAmountCents,
  fields: { amount: string; suggested: string },
  lang: AmountLang,
): PayerAmount {
  let cents: number | undefined;
  if (fields.amount !== "") {
    cents = parseAmountText(fields.amount, lang);
  } else if (/^\d{1,15}$/.test(fields.suggested)) {
    cents = Number(fields.suggested);
  }
  if (cents === undefined) return { error: "error.amount" };
  if (cents < open.min || cents > open.max) return { error: "error.amountRange" };
  return { cents };
}
