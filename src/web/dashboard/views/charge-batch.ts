import { MAX_BATCH_LINES } from "../../../domain/charge-lifecycle/create-charge-batch.ts";
import { brlToCents } from "../../../domain/money.ts";
import { csrfField } from "../../csrf.ts";
import { onceInput } from "../../form-once.ts";
import { type HtmlValue, html } from "../../html.ts";
import { translator } from "../../i18n/catalogue.ts";
import { chargeBatch } from "../../i18n/charge-batch.ts";
import { domainMessage } from "../../i18n/domain-messages.ts";
import { formatDay } from "../../pay/due-view.ts";
import { amount } from "../format.ts";
import type { ViewCtx } from "../routes/page.ts";
import { BATCH_PAGE } from "./charges.ts";
import { dataTable } from "./parts.ts";

// "Bill many (CSV)": the upload form, and after an upload the report per line of the file. The
// report leads with what needs the merchant: the counts (created, already there, refused), then
// the refused lines, then the lines already billed, then the charges made, each group in the
// file's order (a 1,000-line file's few errors are not buried among its successes).

/** The file's size limit: 1,000 lines of a full-width billing CSV stay well under it. */
export const MAX_CSV_BYTES = 512 * 1024;

export type BatchLine = {
  row: number;
  chargeId?: string;
  duplicate?: boolean;
  value?: number;
  dueDate?: string;
  error?: string;
};
export type BatchReport = {
  created: number;
  failed: number;
  duplicates: number;
  lines: BatchLine[];
};

export function chargeBatchView(ctx: ViewCtx, _data: unknown, opts: { report?: BatchReport }) {
  const { t } = ctx;
  const b = translator(ctx.lang, chargeBatch);
  const kb = MAX_CSV_BYTES / 1024;
  return {
    title: b("batch.heading"),
    main: html`<p><a href="/dashboard/charges">← ${t("nav.charges")}</a></p>
<h1>${b("batch.heading")}</h1>
${opts.report ? reportHtml(ctx, opts.report) : ""}
<section class="card"><p>${b("batch.intro", { max: MAX_BATCH_LINES.toLocaleString(ctx.lang), kb })}</p>
<p><strong>${b("batch.mode", { mode: t(`mode.${ctx.who.mode}`) })}</strong></p>
<p><a href="${BATCH_PAGE}/example.csv" download>${b("batch.example")}</a></p>
<form method="post" action="${BATCH_PAGE}" enctype="multipart/form-data" class="stack">${csrfField(ctx.csrf)}${onceInput(ctx.formKey)}
<label>${opts.report ? b("batch.again") : b("batch.file")}<input type="file" name="file" accept=".csv,text/csv,text/plain" required></label>
<button type="submit">${b("batch.submit")}</button></form></section>`,
  };
}

/** The lines in the order the report shows them: refused, already billed, created. */
export function reportOrder(lines: readonly BatchLine[]): BatchLine[] {
  const rank = (l: BatchLine) => (l.error ? 0 : l.duplicate ? 1 : 2);
  return [...lines].sort((a, b) => rank(a) - rank(b) || a.row - b.row);
}

function reportHtml(ctx: ViewCtx, report: BatchReport): HtmlValue {
  const b = translator(ctx.lang, chargeBatch);
  // A line's error may name several fields ("a: …; b: …"): each is put in the page's language.
  const words = (message: string) =>
    message
      .split("; ")
      .map((m) => domainMessage(ctx.lang, m))
      .join("; ");
  const charge = (id: string | undefined) =>
    html`<a class="mono" href="/dashboard/charges/${id}">${id}</a>`;
  const result = (l: BatchLine) =>
    l.error
      ? html`<strong>${b("batch.error")}:</strong> ${words(l.error)}`
      : l.duplicate
        ? html`<strong>${b("batch.duplicate")}:</strong> ${charge(l.chargeId)}`
        : html`${charge(l.chargeId)}<br><span class="muted">${b("batch.dueDate")} ${l.dueDate ? formatDay(ctx.lang, l.dueDate) : "—"} · ${l.value === undefined ? "—" : amount(ctx.t, brlToCents(l.value) ?? 0)}</span>`;
  const count = (key: "created" | "duplicates" | "failed", n: number) =>
    html`<div class="stat" data-count="${key}"><span class="n">${n}</span><span class="l">${b(`batch.count.${key}`)}</span></div>`;
  return html`<section class="card batch-report"><h2>${b("batch.report")}</h2>
<div class="stats batch-counts">${count("created", report.created)}${count("duplicates", report.duplicates)}${count("failed", report.failed)}</div>
${report.failed > 0 ? html`<p>${b("batch.errorsFirst")}</p>` : ""}
${dataTable(
  reportOrder(report.lines),
  [
    { label: b("batch.line"), class: "num", cell: (l) => l.row },
    { label: b("batch.result"), cell: result },
  ],
  { rowAttrs: (l) => (l.error ? html` class="failed"` : html``) },
)}</section>`;
}
