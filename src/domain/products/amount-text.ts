// The amount a payer types on a pay-what-you-want checkout, as text, to integer centavos. Read
// digit by digit (the integer part and the centavos are parsed as whole numbers, never as a
// float), so "0,29" is 29 centavos and not 28.999….
//
// Brazilian Portuguese writes a decimal comma and dots between thousands: "12,34", "12",
// "1.234,56", "1234,5". English pages take the dot form, "12.34", "1,234.56", and the pt-BR
// form with its decimal comma too (the amount is in reais, which a payer in Brazil writes that
// way), but not "1.234", which an English reader takes for one real and 234 thousandths. A leading "R$" and spaces are
// ignored, so an amount copied from the page itself reads back. Anything else (a sign, three
// decimals, groups of the wrong size, letters) is not an amount: undefined.

export type AmountLang = "pt-BR" | "en";

/** At most 13 digits of reais, as the API's `value` (money.ts). */
const PT_GROUPED = /^(\d{1,3}(?:\.\d{3}){1,4})(?:,(\d{1,2}))?$/;
const PT_PLAIN = /^(\d{1,13})(?:,(\d{1,2}))?$/;
const EN_GROUPED = /^(\d{1,3}(?:,\d{3}){1,4})(?:\.(\d{1,2}))?$/;
const EN_PLAIN = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

function centsOf(m: RegExpExecArray | null, group: string): number | undefined {
  if (!m?.[1]) return undefined;
  const reais = m[1].split(group).join("");
  if (reais.length > 13) return undefined;
  return Number(reais) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** Integer centavos of an amount typed in the page's language, or undefined if it is not one. */
export function parseAmountText(text: string, lang: AmountLang): number | undefined {
  // Spaces only around the amount and after R$ (Intl puts a no-break space there): "12 34" is
  // not an amount.
  const s = text.trim().replace(/^R\$\s*/i, "");
  if (s === "") return undefined;
  const pt = centsOf(PT_GROUPED.exec(s), ".") ?? centsOf(PT_PLAIN.exec(s), ".");
  if (lang === "pt-BR") return pt;
  const en = centsOf(EN_GROUPED.exec(s), ",") ?? centsOf(EN_PLAIN.exec(s), ".");
  if (en !== undefined) return en;
  // The pt-BR form on an English page only with its decimal comma: "1.234" alone reads as
  // 1.234 to an English eye, and is refused rather than taken for a thousand.
  return s.includes(",") ? pt : undefined;
}
