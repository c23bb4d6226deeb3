import type { MailLanguage } from "../settings.ts";
import { EN } from "./messages-en.ts";
import { type MessageKey, PT } from "./messages-pt.ts";

export type { MessageKey };
export type Params = Readonly<Record<string, string | number>>;
/** The mail's words in one language, `{param}`s filled in (plain text, escaped by the layout). */
export type Words = ((key: MessageKey, params?: Params) => string) & { lang: MailLanguage };

export function wordsFor(lang: MailLanguage): Words {
  const table: Readonly<Record<MessageKey, string>> = lang === "en" ? EN : PT;
  const t = (key: MessageKey, params?: Params) => {
    const text = table[key];
    if (!params) return text;
    // One pass over the message: a parameter's own text (a title with "{shop}" in it) is never
    // read as a parameter.
    return text.replace(/\{(\w+)\}/g, (m, name: string) =>
      params[name] === undefined ? m : String(params[name]),
    );
  };
  return Object.assign(t, { lang });
}
