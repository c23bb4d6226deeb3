// The HTML templates' one rule: every value put into a template is escaped, unless it is itself
// the output of a template or was marked trusted with raw(). A page is a tree of `html` calls, so
// a charge titled `<script>` reaches the browser as text and nobody has to remember to escape.
// Why a dozen lines of our own and not a library: docs/decisions/0004-html-templates.md.

const SAFE = Symbol("safe-html");

/** Markup that is already safe to send: the result of `html` or `raw`. */
export class SafeHtml {
  readonly [SAFE] = true;
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/** A value a template accepts: text (escaped), markup, or a list of them; nothing renders as "". */
export type HtmlValue =
  | SafeHtml
  | string
  | number
  | bigint
  | boolean
  | null
  | undefined
  | HtmlValue[];

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "`": "&#96;",
};

/** Text as HTML: safe in element content and in quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"'`]/g, (c) => ESCAPES[c] ?? c);
}

function render(v: HtmlValue): string {
  if (v instanceof SafeHtml) return v.value;
  if (Array.isArray(v)) return v.map(render).join("");
  // false/null/undefined render as nothing, so `${cond && html`...`}` reads naturally.
  if (v === null || v === undefined || v === false) return "";
  return escapeHtml(String(v));
}

/** The template tag: html`<p>${text}</p>`. Interpolated values are escaped (see HtmlValue). */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let out = strings[0] ?? "";
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? "");
  return new SafeHtml(out);
}

/** Trusted markup, sent as is. Only for fragments the service itself wrote (never input). */
export function raw(trusted: string): SafeHtml {
  return new SafeHtml(trusted);
}

/** Joins fragments with a separator (itself markup). */
export function joinHtml(parts: readonly HtmlValue[], separator: SafeHtml = raw("")): SafeHtml {
  return new SafeHtml(parts.map(render).join(separator.value));
}
