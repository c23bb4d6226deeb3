import type { DueDateTerms } from "../../due-date/modalities.ts";
import { formatBrl, formatDay, formatPercent } from "./format.ts";
import type { Words } from "./messages.ts";

// A due-date bill's terms in words and numbers (the payment page's termsInWords, for mail): what
// paying early takes off, and what paying late adds.

const valueText = (t: Words, mode: string, value: number) =>
  mode.startsWith("percent") ? formatPercent(t.lang, value) : formatBrl(t.lang, value);

/** [before the due date, after it], each a list of phrases ("multa de 2%", ...). */
export function termsInWords(t: Words, terms: DueDateTerms): [string[], string[]] {
  const before: string[] = [];
  const d = terms.discounts;
  if (d && "tiers" in d) {
    for (const tier of d.tiers) {
      before.push(
        t("terms.discountUntil", {
          value: valueText(t, d.mode, tier.value),
          date: formatDay(t.lang, tier.date),
        }),
      );
    }
  } else if (d) {
    const key = d.mode.includes("business")
      ? "terms.discountPerBusinessDay"
      : "terms.discountPerDay";
    before.push(t(key, { value: valueText(t, d.mode, d.value) }));
  }
  const after: string[] = [];
  if (terms.fine)
    after.push(t("terms.fine", { value: valueText(t, terms.fine.mode, terms.fine.value) }));
  const i = terms.interest;
  if (i) {
    const period = i.mode.includes("year") ? "year" : i.mode.includes("month") ? "month" : "day";
    const words = t(`terms.interest.${period}`, { value: valueText(t, i.mode, i.value) });
    after.push(i.mode.includes("business") ? `${words} ${t("terms.businessDays")}` : words);
  }
  return [before, after];
}
