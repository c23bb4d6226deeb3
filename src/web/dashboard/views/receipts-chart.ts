import {
  RECEIPT_METHODS,
  type ReceiptDay,
  type Receipts,
} from "../../../domain/dashboard/receipts.ts";
import { html, type SafeHtml } from "../../html.ts";
import { formatBrl, type Lang, translator } from "../../i18n/catalogue.ts";
import { homeChart } from "../../i18n/home-chart.ts";
import { amount } from "../format.ts";
import { dataTable } from "./parts.ts";

// The last 30 days' money received as a stacked bar chart drawn on the server (an SVG: no
// script, which the pages' CSP forbids inline anyway). Screen readers get a summary (role="img"
// with its label, title and desc) and the same figures as a table inside a <details>. Amounts
// stay integer centavos; only the bars' coordinates are computed as numbers, for drawing.

// The drawing's own units: 360 wide is about a phone's column, so its 10.5-unit text is read at
// about 10 px there; wider screens scale it up to the stylesheet's max-width.
const W = 360;
const TOP = 16;
const BOTTOM = 182;
const LEFT = 2;
const SLOT = (W - LEFT * 2) / 30;
const BAR = SLOT * 0.7;

/** The chart's top: the smallest of 1, 1.5, 2, 2.5, 3, 4, 5, 6, 8 times a power of ten (at
 *  least R$ 1) at or above `cents`, so the tallest bar fills most of the height. Integers: the
 *  power is at least 100 centavos, so its tenths are whole. */
export function niceCeiling(cents: number): number {
  if (cents <= 100) return 100;
  let step = 100;
  while (step * 10 < cents) step *= 10;
  for (const tenths of [10, 15, 20, 25, 30, 40, 50, 60, 80, 100]) {
    if ((tenths * step) / 10 >= cents) return (tenths * step) / 10;
  }
  return 10 * step;
}

const dayOf = (day: string) => {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, 12));
};
const axisDate = (lang: Lang, day: string) =>
  new Intl.DateTimeFormat(lang, {
    timeZone: "UTC",
    ...(lang === "en" ? { month: "short", day: "numeric" } : { day: "2-digit", month: "2-digit" }),
  } as const).format(dayOf(day));
const longDate = (lang: Lang, day: string) =>
  new Intl.DateTimeFormat(lang, {
    timeZone: "UTC",
    weekday: "short",
    day: "numeric",
    month: "short",
  }).format(dayOf(day));

const y = (cents: number, max: number) => ((BOTTOM - TOP) * cents) / max;
const n2 = (v: number) => Math.round(v * 100) / 100;

export function receiptsChart(lang: Lang, r: Receipts): SafeHtml {
  const c = translator(lang, homeChart);
  const days = r.days;
  const max = niceCeiling(Math.max(0, ...days.map((d) => d.totalCents)));
  const sums = { pix: 0, onchain: 0, lightning: 0 };
  for (const d of days) for (const m of RECEIPT_METHODS) sums[m] += d.cents[m];
  const best = days.reduce<ReceiptDay | undefined>(
    (b, d) => (d.totalCents > (b?.totalCents ?? 0) ? d : b),
    undefined,
  );
  const first = days[0] as ReceiptDay;
  const summary = [
    c("receipts.summary", {
      total: formatBrl(lang, r.totalCents),
      payments: r.payments,
      from: longDate(lang, first.day),
      to: longDate(lang, r.today.day),
      pix: formatBrl(lang, sums.pix),
      onchain: formatBrl(lang, sums.onchain),
      lightning: formatBrl(lang, sums.lightning),
    }),
    best
      ? c("receipts.best", {
          day: longDate(lang, best.day),
          amount: formatBrl(lang, best.totalCents),
        })
      : c("receipts.none"),
    c("receipts.todayIs", { amount: formatBrl(lang, r.today.totalCents) }),
  ].join(" ");

  const bars = days.map((d, i) => {
    let base = BOTTOM;
    const x = n2(LEFT + i * SLOT + (SLOT - BAR) / 2);
    const rects = RECEIPT_METHODS.filter((m) => d.cents[m] > 0).map((m) => {
      // At least half a unit high, so a day with a few centavos still shows.
      const h = Math.max(0.5, y(d.cents[m], max));
      base -= h;
      return html`<rect class="bar-${m}" x="${x}" y="${n2(base)}" width="${n2(BAR)}" height="${n2(h)}"/>`;
    });
    return rects.length > 0
      ? html`<g><title>${longDate(lang, d.day)}: ${formatBrl(lang, d.totalCents)}</title>${rects}</g>`
      : "";
  });
  const lines = [max, max / 2].map((v) => n2(BOTTOM - y(v, max)));
  const grid = lines.map((at) => html`<line class="grid" x1="0" x2="${W}" y1="${at}" y2="${at}"/>`);
  // The gridlines' figures are written over the bars, each on a halo of the card's colour.
  const figures = [max, max / 2].map(
    (v, i) =>
      html`<text class="tick figure" x="${LEFT}" y="${n2((lines[i] ?? 0) - 3)}">${formatBrl(lang, v)}</text>`,
  );
  // A date under every seventh day, counted back from today so today is always labelled.
  const labels = days.map((d, i) =>
    (days.length - 1 - i) % 7 === 0
      ? html`<text class="tick" x="${n2(LEFT + i * SLOT + SLOT / 2)}" y="${BOTTOM + 14}" text-anchor="${i === days.length - 1 ? "end" : "middle"}">${axisDate(lang, d.day)}</text>`
      : "",
  );
  const svg = html`<svg class="receipts-chart" viewBox="0 0 ${W} ${BOTTOM + 20}" role="img" aria-label="${summary}" preserveAspectRatio="xMidYMid meet"><title id="receipts-title">${c("receipts.title")}</title><desc id="receipts-desc">${summary}</desc>${grid}<line class="axis" x1="0" x2="${W}" y1="${BOTTOM}" y2="${BOTTOM}"/>${bars}${figures}${labels}</svg>`;
  const legend = html`<ul class="chart-legend">${RECEIPT_METHODS.map(
    (m) =>
      html`<li><span class="swatch bar-${m}" aria-hidden="true"></span>${c(`receipts.method.${m}`)} <span class="amount">${formatBrl(lang, sums[m])}</span></li>`,
  )}</ul>`;
  const cents = (d: ReceiptDay, m: (typeof RECEIPT_METHODS)[number]) =>
    amount({ lang }, d.cents[m]);
  const table = dataTable(
    [...days].reverse(),
    [
      { label: c("receipts.day"), cell: (d) => longDate(lang, d.day) },
      ...RECEIPT_METHODS.map((m) => ({
        label: c(`receipts.method.${m}`),
        class: "num",
        cell: (d: ReceiptDay) => cents(d, m),
      })),
      { label: c("receipts.total"), class: "num", cell: (d) => amount({ lang }, d.totalCents) },
    ],
    { tableClass: "receipts-table" },
  );
  return html`<section class="card receipts"><h2 id="receipts-heading">${c("receipts.title")}</h2>
<figure>${svg}<figcaption>${legend}</figcaption></figure>
<details><summary>${c("receipts.table")}</summary>${table}</details></section>`;
}
