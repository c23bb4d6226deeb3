import { formatCents } from "../../domain/money.ts";

// The message catalogue's machinery. Each area of the interface (common, dashboard, pay) keeps
// its messages in its own file, in Brazilian Portuguese (the interface language) and English,
// checked by the compiler to have the same keys. A page asks for a translator of the areas it
// uses; the key is typed, so a missing message is a type error, not a blank on screen.

export const LANGS = ["pt-BR", "en"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "pt-BR";

/** One area's messages: the same keys in every language. `{name}` marks a parameter. */
export type Area<K extends string> = { readonly [L in Lang]: Readonly<Record<K, string>> };

/** Defines an area from its Portuguese messages and their English twins (same keys enforced). */
export function defineArea<const P extends Record<string, string>>(
  ptBR: P,
  en: { readonly [K in keyof P]: string },
): Area<keyof P & string> {
  return { "pt-BR": ptBR, en } as Area<keyof P & string>;
}

type KeyOf<A> = A extends Area<infer K> ? K : never;

export type Params = Readonly<Record<string, string | number>>;
/** A translator: the message for `key` in the chosen language, with `{param}`s filled in. */
export type Translate<K extends string> = ((key: K, params?: Params) => string) & { lang: Lang };

export function translator<A extends Area<string>[]>(
  lang: Lang,
  ...areas: A
): Translate<KeyOf<A[number]>> {
  const table: Record<string, string> = {};
  for (const a of areas) Object.assign(table, a[lang]);
  const t = (key: string, params?: Params) => {
    const text = table[key] ?? key;
    if (!params) return text;
    return text.replace(/\{(\w+)\}/g, (m, name: string) =>
      params[name] === undefined ? m : String(params[name]),
    );
  };
  return Object.assign(t, { lang });
}

/** Is `value` one of the interface languages (as written in LANGS, case-insensitive)? */
export function asLang(value: unknown): Lang | undefined {
  if (typeof value !== "string") return undefined;
  const v = value.trim().toLowerCase();
  if (v === "pt-br" || v === "pt") return "pt-BR";
  if (v === "en") return "en";
  return undefined;
}

/**
 * The language of an Accept-Language header: the first of its ranges by weight that is
 * Portuguese or English (any region); otherwise the default.
 */
export function langFromAcceptLanguage(header: string | undefined): Lang {
  if (!header) return DEFAULT_LANG;
  const ranges = header
    .split(",")
    .map((part, i) => {
      const [tag = "", ...rest] = part.trim().split(";");
      const q = rest.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.toLowerCase(), weight: Number.isFinite(weight) ? weight : 0, i };
    })
    .filter((r) => r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.i - b.i);
  for (const r of ranges) {
    if (r.tag === "pt" || r.tag.startsWith("pt-")) return "pt-BR";
    if (r.tag === "en" || r.tag.startsWith("en-")) return "en";
  }
  return DEFAULT_LANG;
}

/** Formats centavos as money in the language's convention (R$ 1.234,56 / R$1,234.56). */
export function formatBrl(lang: Lang, cents: number): string {
  // Formatted from the exact decimal text: no float division of money, even for display.
  const exact = formatCents(cents) as unknown as number;
  return new Intl.NumberFormat(lang, { style: "currency", currency: "BRL" }).format(exact);
}

/** A date and time in the language's convention, in the given IANA time zone (São Paulo default). */
export function formatDateTime(
  lang: Lang,
  at: Date | string,
  timeZone = "America/Sao_Paulo",
): string {
  return new Intl.DateTimeFormat(lang, {
    dateStyle: "short",
    timeStyle: "medium",
    timeZone,
  }).format(typeof at === "string" ? new Date(at) : at);
}
