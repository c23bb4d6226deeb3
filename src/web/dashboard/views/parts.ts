import { type HtmlValue, html, type SafeHtml } from "../../html.ts";
import type { DashT } from "../chrome.ts";

// The two pieces of markup every dashboard page builds its data with, written once so the
// stylesheet can rely on them (src/web/assets/style.css):
// - a data table is `<table class="cards">` whose every cell carries its column's heading in
//   `data-label`, so a phone shows each row as a card of "heading: value" lines;
// - a long value (URL, id, key, txid, address, BR Code) is one line cut with an ellipsis, the
//   whole value in its `title`, followed by a copy button. The button uses app.js's existing
//   copy behaviour (`data-copy="#id"` copies the text of the element #id, `data-copied` is the
//   label it shows once copied), so the value has an id.

/** One column: its heading (already translated) and how a row fills its cell. */
export type Column<R> = {
  label: string;
  cell: (row: R, index: number) => HtmlValue;
  /** Cell classes: "num" (right-aligned figures), "opt" (hidden on narrow screens), "mono", "actions". */
  class?: string;
  /** The heading is read by screen readers only (an actions column). */
  hideLabel?: boolean;
};

export function dataTable<R>(
  rows: readonly R[],
  columns: readonly Column<R>[],
  opts: { wrapClass?: string; tableClass?: string; rowAttrs?: (row: R) => SafeHtml } = {},
): SafeHtml {
  const cls = (c: Column<R>) => (c.class ? html` class="${c.class}"` : "");
  const head = columns.map(
    (c) =>
      html`<th${cls(c)}>${c.hideLabel ? html`<span class="visually-hidden">${c.label}</span>` : c.label}</th>`,
  );
  const body = rows.map(
    (r, i) =>
      html`<tr${opts.rowAttrs ? opts.rowAttrs(r) : ""}>${columns.map((c) => html`<td${cls(c)} data-label="${c.label}">${c.cell(r, i)}</td>`)}</tr>`,
  );
  const table = html`<table class="cards${opts.tableClass ? ` ${opts.tableClass}` : ""}"><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table>`;
  return opts.wrapClass === ""
    ? table
    : html`<div class="table-wrap${opts.wrapClass ? ` ${opts.wrapClass}` : ""}">${table}</div>`;
}

/**
 * A long value, cut to one line with the whole of it in the title, and its copy button. `id`
 * names the element the button copies; without one it is drawn from the value (the same value
 * twice on a page then shares an id, and either copy button copies that same text).
 */
export function longValue(t: DashT, value: string, id?: string): SafeHtml {
  const key = id ?? `v-${fnv1a(value)}`;
  return html`<span class="long" title="${value}" id="${key}">${value}</span><button type="button" class="copy secondary" data-copy="#${key}" data-copied="${t("action.copied")}">${t("action.copy")}</button>`;
}

/** A short stable hash of a text (FNV-1a, 32 bits, base 36): an id, not a secret. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36);
}

/**
 * A translated message whose parameters are markup (an amount's `<span class="amount">`): the
 * message is translated with markers in their places, then each marker becomes its markup.
 */
export function withMarkup<K extends string>(
  t: (key: K, params?: Record<string, string | number>) => string,
  key: K,
  params: Record<string, SafeHtml>,
): SafeHtml {
  const marked = Object.fromEntries(Object.keys(params).map((k) => [k, `\u0000${k}\u0000`]));
  const parts = t(key, marked).split("\u0000");
  // Odd places hold the parameters' names (split on the markers around each).
  return html`${parts.map((p, i) => (i % 2 === 1 ? (params[p] ?? p) : p))}`;
}
