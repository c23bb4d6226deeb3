import type { z } from "zod";
import { toAppError } from "../../domain/input-errors.ts";
import { html, type SafeHtml } from "../html.ts";
import { formatBrl, formatDateTime } from "../i18n/catalogue.ts";
import type { DashT } from "./chrome.ts";

// Small pieces the dashboard's pages share: money, dates, status badges, and reading a form
// through the same zod schema the JSON API validates with.

/** An amount as the page shows it: one unbreakable piece (`.amount`, never split across lines). */
export const amount = (t: { lang: DashT["lang"] }, cents: number): SafeHtml =>
  html`<span class="amount">${formatBrl(t.lang, cents)}</span>`;
export const when = (t: DashT, at: Date | string | null | undefined): string =>
  at ? formatDateTime(t.lang, at) : "—";

const CHARGE_STATUS_KEYS = {
  pending: "status.pending",
  approved: "status.approved",
  declined: "status.declined",
  canceled: "status.canceled",
  expired: "status.expired",
  failed: "status.failed",
  refunded: "status.refunded",
  succeeded: "status.succeeded",
  revoked: "status.revoked",
} as const;

/** A status as a coloured badge, its label in the page's language. */
export function badge(t: DashT, status: string): SafeHtml {
  const key = CHARGE_STATUS_KEYS[status as keyof typeof CHARGE_STATUS_KEYS];
  return html`<span class="badge ${status}">${key ? t(key) : status}</span>`;
}

/**
 * A BRL amount typed in a form ("49,90", "49.90", "1.234,56") as the JSON number the API's
 * schemas take; NaN when it is not an amount (the schema then names the field).
 */
export function formAmount(text: string): number {
  const s = text.replace(/\s|R\$/g, "");
  if (!/^\d{1,3}([.,]?\d{3})*([.,]\d{1,2})?$/.test(s) && !/^\d+([.,]\d{1,2})?$/.test(s))
    return Number.NaN;
  const lastSep = Math.max(s.lastIndexOf(","), s.lastIndexOf("."));
  const decimals = lastSep >= 0 && s.length - lastSep - 1 <= 2 ? s.slice(lastSep + 1) : "";
  const whole = (decimals ? s.slice(0, lastSep) : s).replace(/[.,]/g, "");
  return Number(decimals ? `${whole}.${decimals}` : whole);
}

/** The form's fields through the API's schema: the parsed input, or the 4xx error it names. */
export function parseForm<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw toAppError(parsed.error.issues);
  return parsed.data;
}
