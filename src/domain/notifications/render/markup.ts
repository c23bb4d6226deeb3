// The mail templates' escaping. The rule is src/web/html.ts's (every interpolated value is
// escaped unless it is markup this code wrote), written again here because the domain may not
// import src/web (test/architecture.test.ts): a title of `<script>` reaches the payer as text.

const SAFE = Symbol("mail-markup");

/** Markup already safe to send: the result of `markup` or `trusted`. */
export class Markup {
  readonly [SAFE] = true;
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type MarkupValue = Markup | string | number | null | undefined | false | MarkupValue[];

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

function render(v: MarkupValue): string {
  if (v instanceof Markup) return v.value;
  if (Array.isArray(v)) return v.map(render).join("");
  if (v === null || v === undefined || v === false) return "";
  return escapeHtml(String(v));
}

/** The template tag: markup`<p>${text}</p>`, every value escaped (see MarkupValue). */
export function markup(strings: TemplateStringsArray, ...values: MarkupValue[]): Markup {
  let out = strings[0] ?? "";
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? "");
  return new Markup(out);
}

// Control characters (C0, DEL, C1) and the Unicode line and paragraph separators: any of them in
// a header could end it and start another (a `\r\nBcc:` in a shop's name), and in a one-line
// field of the body they only break the layout.
const CONTROL = /[\p{Cc}\u2028\u2029]+/gu;

/** Text a merchant or payer wrote, on one line: control characters become one space. */
export function oneLine(text: string): string {
  return text.replace(CONTROL, " ").replace(/ {2,}/g, " ").trim();
}

/** A Subject: one line, no control character, at most `max` characters (cut at a word). */
export function subjectLine(text: string, max = 200): string {
  const line = oneLine(text);
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
