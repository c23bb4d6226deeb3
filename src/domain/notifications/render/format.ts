import { formatCents } from "../../money.ts";
import type { MailLanguage } from "../settings.ts";

// Money, days and instants as a payer reads them in each language. The amounts follow
// src/web/i18n/catalogue.ts's formatBrl (Intl from the exact decimal text, never a float
// division of money), with a plain space where Intl puts a no-break one, so the text part, the
// subject and the PDF's extracted text all read "R$ 1.234,56". Dates are Brazil's.

// Made once: an Intl formatter costs far more to make than to use.
const money = {
  "pt-BR": new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }),
  en: new Intl.NumberFormat("en", { style: "currency", currency: "BRL" }),
};

/** Centavos as money: "R$ 1.234,56" (pt-BR), "R$1,234.56" (en). */
export function formatBrl(lang: MailLanguage, cents: number): string {
  // Intl takes the decimal string as an exact decimal (no float in between).
  return money[lang].format(formatCents(cents) as unknown as number).replace(/\u00a0/g, " ");
}

const days = {
  "pt-BR": new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeZone: "UTC" }),
  en: new Intl.DateTimeFormat("en", { dateStyle: "medium", timeZone: "UTC" }),
};

/** A `YYYY-MM-DD` calendar day: "09/12/2026" (pt-BR, the boleto's habit), "Dec 9, 2026" (en). */
export function formatDay(lang: MailLanguage, date: string): string {
  return days[lang].format(new Date(`${date}T00:00:00Z`));
}

const instants = {
  "pt-BR": new Intl.DateTimeFormat("pt-BR", {
    dateStyle: "short",
    timeStyle: "short",
    timeZone: "America/Sao_Paulo",
  }),
  en: new Intl.DateTimeFormat("en", {
    dateStyle: "medium",
    timeStyle: "short",
    hourCycle: "h23",
    timeZone: "America/Sao_Paulo",
  }),
};

/** An instant in Brazil's time: "02/12/2026 14:05" (pt-BR), "Dec 2, 2026, 14:05" (en). */
export function formatBrazilTime(lang: MailLanguage, at: Date): string {
  return instants[lang]
    .format(at)
    .replace(/\u00a0|\u202f/g, " ")
    .replace(/^(\S+), /, (m, d) => (lang === "pt-BR" ? `${d} ` : m));
}

const percents = {
  "pt-BR": new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 2 }),
  en: new Intl.NumberFormat("en", { maximumFractionDigits: 2 }),
};

/** A rate in basis points as a percent: 150 -> "1,5%" (pt-BR), "1.5%" (en). */
export function formatPercent(lang: MailLanguage, basisPoints: number): string {
  // Basis points to a percent for display only: the amounts themselves stay integers.
  return `${percents[lang].format(basisPoints / 100)}%`;
}
