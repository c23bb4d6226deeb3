import type { DueSummary } from "../../domain/due-date/due-charge.ts";
import type { DueDateTerms } from "../../domain/due-date/modalities.ts";
import { type HtmlValue, html, type SafeHtml } from "../html.ts";
import { formatBrl, type Lang, type translator } from "../i18n/catalogue.ts";
import type { common } from "../i18n/common.ts";
import type { pay } from "../i18n/pay.ts";
import type { payDue } from "../i18n/pay-due.ts";

// The part of a payment page (and of the dashboard's charge page) that a charge with a due date
// adds: the due date, today's amount, what changes before it (discount) and after it (fine and
// interest), or that it can no longer be paid. Dates are Brazil's calendar days.

type T = ReturnType<typeof translator<[typeof common, typeof pay, typeof payDue]>>;

/** A `YYYY-MM-DD` calendar date in the language's medium style (9 de dez. de 2026, Dec 9, 2026). */
export function formatDay(lang: Lang, date: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeZone: "UTC" }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** A mode's value in words: a percent (basis points) or an amount (centavos). */
function valueText(lang: Lang, mode: string, value: number): string {
  if (!mode.startsWith("percent")) return formatBrl(lang, value);
  // Basis points to a percent for display only: the amounts themselves are integers elsewhere.
  return `${new Intl.NumberFormat(lang, { maximumFractionDigits: 2 }).format(value / 100)}%`;
}

/** The discount, fine and interest terms in words: [before the due date, after it]. */
export function termsInWords(t: T, lang: Lang, terms: DueDateTerms): [string[], string[]] {
  const before: string[] = [];
  const d = terms.discounts;
  if (d && "tiers" in d) {
    for (const tier of d.tiers) {
      before.push(
        t("due.discountUntil", {
          value: valueText(lang, d.mode, tier.value),
          date: formatDay(lang, tier.date),
        }),
      );
    }
  } else if (d) {
    const key = d.mode.includes("business") ? "due.discountPerBusinessDay" : "due.discountPerDay";
    before.push(t(key, { value: valueText(lang, d.mode, d.value) }));
  }
  const after: string[] = [];
  if (terms.fine)
    after.push(t("due.fine", { value: valueText(lang, terms.fine.mode, terms.fine.value) }));
  const i = terms.interest;
  if (i) {
    const period = i.mode.includes("year") ? "year" : i.mode.includes("month") ? "month" : "day";
    const words = t(`due.interest.${period}`, { value: valueText(lang, i.mode, i.value) });
    after.push(i.mode.includes("business") ? `${words} ${t("due.interest.businessDays")}` : words);
  }
  return [before, after];
}

/** The due-date block of a payment page. */
export function dueBlock(t: T, lang: Lang, due: DueSummary, status: string): SafeHtml {
  const a = due.amount;
  const pending = status === "pending";
  const [before, after] = termsInWords(t, lang, due.terms);
  const rows: SafeHtml[] = [
    html`<div><dt>${t("due.dueDate")}</dt><dd>${formatDay(lang, due.dueDate)}</dd></div>`,
  ];
  if (pending && due.payable) {
    rows.push(
      html`<div><dt>${t("due.todayAmount")}</dt><dd class="pay-due-today">${formatBrl(lang, a.total)}</dd></div>`,
    );
    if (a.total !== a.original) {
      rows.push(
        html`<div><dt>${t("due.original")}</dt><dd>${formatBrl(lang, a.original)}</dd></div>`,
      );
    }
  }
  if (due.amountPaidCents !== null) {
    rows.push(
      html`<div><dt>${t("due.paid")}</dt><dd>${formatBrl(lang, due.amountPaidCents)}</dd></div>`,
    );
  }
  const notes: SafeHtml[] = [];
  if (pending && !due.payable) {
    notes.push(
      html`<p class="pay-due-closed" role="alert">${t("due.noLongerPayable", { date: formatDay(lang, due.lastPayableDate) })}</p>`,
    );
  } else if (status === "expired") {
    notes.push(
      html`<p class="pay-due-closed">${t("due.noLongerPayable", { date: formatDay(lang, due.lastPayableDate) })}</p>`,
    );
  } else if (pending) {
    if (a.overdue) notes.push(html`<p class="pay-due-overdue">${t("due.overdue")}</p>`);
    if (a.discount > 0) {
      notes.push(html`<p>${t("due.discountToday", { amount: formatBrl(lang, a.discount) })}</p>`);
    }
    if (a.abatement > 0) {
      notes.push(
        html`<p class="muted small">${t("due.abatement", { value: formatBrl(lang, a.abatement) })}</p>`,
      );
    }
    if (before.length > 0 && !a.overdue) {
      notes.push(html`<p><strong>${t("due.before")}:</strong> ${before.join("; ")}.</p>`);
    }
    if (after.length > 0)
      notes.push(html`<p><strong>${t("due.after")}:</strong> ${after.join(", ")}.</p>`);
  }
  return html`<div class="pay-due"><dl class="pay-due-facts">${rows}</dl>${notes}</div>`;
}

/** The merchant's breakdown (dashboard charge page): dates, today's parts, the terms in words. */
export function dueBreakdown(t: T, lang: Lang, due: DueSummary, status: string): SafeHtml {
  const a = due.amount;
  // Each amount one unbreakable piece (a phone never splits "R$ 1.234,56" across lines).
  const brl = (c: number) => html`<span class="amount">${formatBrl(lang, c)}</span>`;
  const line = (label: string, value: HtmlValue) => html`<dt>${label}</dt><dd>${value}</dd>`;
  const pending = status === "pending";
  const [before, after] = termsInWords(t, lang, due.terms);
  return html`<section class="card due-breakdown"><h2>${t("due.breakdown")}</h2>
<dl class="facts">
${line(t("due.dueDate"), formatDay(lang, due.dueDate))}
${line(t("due.lastPayable"), formatDay(lang, due.lastPayableDate))}
${line(t("due.overdueFlag"), due.overdue ? t("due.yes") : t("due.no"))}
${line(t("due.original"), brl(a.original))}
${a.abatement > 0 ? line(t("due.abatementLine"), html`− ${brl(a.abatement)}`) : ""}
${pending && a.discount > 0 ? line(t("due.discountLine"), html`− ${brl(a.discount)}`) : ""}
${pending && a.fine > 0 ? line(t("due.fineLine"), html`+ ${brl(a.fine)}`) : ""}
${pending && a.interest > 0 ? line(t("due.interestLine"), html`+ ${brl(a.interest)}`) : ""}
${pending && due.payable ? line(t("due.totalToday", { date: formatDay(lang, due.today) }), brl(a.total)) : ""}
${due.amountPaidCents !== null ? line(t("due.paid"), brl(due.amountPaidCents)) : ""}
${before.length + after.length > 0 ? line(t("due.terms"), [before.length > 0 ? `${t("due.before")}: ${before.join("; ")}` : "", after.length > 0 ? `${t("due.after")}: ${after.join(", ")}` : ""].filter(Boolean).join(". ")) : ""}
</dl></section>`;
}
