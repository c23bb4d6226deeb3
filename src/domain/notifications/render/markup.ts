// The mail templates' escaping: the pages' rule (kernel/html.ts: every interpolated value is
// escaped unless it is markup this code wrote), so a title of `<script>` reaches the payer as
// text.
export {
  escapeHtml,
  type HtmlValue as MarkupValue,
  html as markup,
  SafeHtml as Markup,
} from "../../../kernel/html.ts";

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
