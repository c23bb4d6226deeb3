import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { baseUrlOf } from "../../base-url.ts";
import type { AppDeps } from "../../deps.ts";
import { billingLines } from "../../domain/charge-lifecycle/billing-csv.ts";
import {
  MAX_BATCH_LINES,
  prepareChargeBatch,
  writeChargeBatch,
} from "../../domain/charge-lifecycle/create-charge-batch.ts";
import { idempotencySeed } from "../../domain/idempotency/request-identity.ts";
import { submitOnce } from "../../domain/idempotency/submit-once.ts";
import { brlToCents } from "../../domain/money.ts";
import { csrfField } from "../csrf.ts";
import { onceField, submission } from "../form-once.ts";
import { formBody } from "../forms.ts";
import { type HtmlValue, html } from "../html.ts";
import { translator } from "../i18n/catalogue.ts";
import { chargeBatch } from "../i18n/charge-batch.ts";
import { domainMessage } from "../i18n/domain-messages.ts";
import { formatDay } from "../pay/due-view.ts";
import { dashT, type Flash, runAction, sendDashPage } from "./chrome.ts";
import { money } from "./format.ts";
import { signed, signedInRoutes } from "./session.ts";

// "Bill many (CSV)": a billing CSV uploaded from the dashboard becomes one batch of charges with
// a due date, through the same parser as `tostao charges import` (domain/charge-lifecycle/billing-csv.ts)
// and the same use case as POST /api/pix/charges/batch, for the signed-in account and the mode
// shown. The answer is a report per line of the file: the charge made, or that line's error.

export const BATCH_PAGE = "/dashboard/charges/batch";
/** The file's size limit: 1,000 lines of a full-width billing CSV stay well under it. */
export const MAX_CSV_BYTES = 512 * 1024;
/** What the multipart reader accepts, above MAX_CSV_BYTES so a file just over it gets this page's message. */
const UPLOAD_LIMIT = { fileSize: 4 * MAX_CSV_BYTES };

/** The downloadable template: one line per shape a merchant meets (CPF with fine and interest, CNPJ with a discount). */
export const EXAMPLE_CSV = `${[
  "value;due_date;days_after_due;title;external_id;customer_name;customer_cpf;customer_cnpj;customer_email;fine_mode;fine_value;interest_mode;interest_value;discount_mode;discount_1_date;discount_1_value",
  "150,00;2030-01-10;30;Mensalidade janeiro;fatura-0001;Maria Silva;529.982.247-25;;maria@example.com;percent;2;percent_per_month_calendar_days;1;;;",
  "1200,00;2030-01-15;60;Condomínio janeiro;fatura-0002;Empresa Exemplo Ltda;;11.222.333/0001-81;;percent;2;percent_per_month_calendar_days;1;fixed_until_date;2030-01-10;50,00",
].join("\r\n")}\r\n`;

type Report = {
  created: number;
  failed: number;
  duplicates: number;
  lines: {
    row: number;
    chargeId?: string;
    duplicate?: boolean;
    value?: number;
    dueDate?: string;
    error?: string;
  }[];
};

export function registerChargeBatchPages(web: FastifyInstance, deps: AppDeps): void {
  const r = signedInRoutes(web, deps);

  const render = (
    req: FastifyRequest,
    reply: FastifyReply,
    o: { flash?: Flash; status?: number; report?: Report } = {},
  ) => {
    const t = dashT(req);
    const b = translator(req.lang, chargeBatch);
    const { who, session } = signed(req);
    const kb = MAX_CSV_BYTES / 1024;
    return sendDashPage(req, reply, {
      section: "charges",
      title: b("batch.heading"),
      flash: o.flash,
      status: o.status ?? 200,
      main: html`<p><a href="/dashboard/charges">← ${t("nav.charges")}</a></p>
<h1>${b("batch.heading")}</h1>
${o.report ? reportHtml(req, o.report) : ""}
<section class="card"><p>${b("batch.intro", { max: MAX_BATCH_LINES.toLocaleString(req.lang), kb })}</p>
<p><strong>${b("batch.mode", { mode: t(`mode.${who.mode}`) })}</strong></p>
<p><a href="${BATCH_PAGE}/example.csv" download>${b("batch.example")}</a></p>
<form method="post" action="${BATCH_PAGE}" enctype="multipart/form-data" class="stack">${csrfField(session.csrfToken)}${onceField(deps)}
<label>${o.report ? b("batch.again") : b("batch.file")}<input type="file" name="file" accept=".csv,text/csv,text/plain" required></label>
<button type="submit">${b("batch.submit")}</button></form></section>`,
    });
  };

  r.get(BATCH_PAGE, (req, reply) => render(req, reply));

  r.get(`${BATCH_PAGE}/example.csv`, async (_req, reply) =>
    reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", 'attachment; filename="tostao-billing-example.csv"')
      .send(EXAMPLE_CSV),
  );

  r.post(
    BATCH_PAGE,
    async (req, reply) => {
      const b = translator(req.lang, chargeBatch);
      const refuse = (text: string, status: number) =>
        render(req, reply, { flash: { kind: "error", text }, status });
      const raw = formBody(req.body).file as unknown;
      const file = Array.isArray(raw) ? raw[0] : raw;
      if (!Buffer.isBuffer(file) || file.length === 0) return refuse(b("batch.noFile"), 422);
      if (file.length > MAX_CSV_BYTES) {
        return refuse(b("batch.tooLarge", { kb: MAX_CSV_BYTES / 1024 }), 413);
      }
      const text = csvText(file);
      if (text === undefined) return refuse(b("batch.notText"), 422);
      const lines = billingLines(text);
      if (lines.length === 0) return refuse(b("batch.empty"), 422);
      if (lines.length > MAX_BATCH_LINES) {
        return refuse(b("batch.tooMany", { n: lines.length, max: MAX_BATCH_LINES }), 422);
      }
      const { who } = signed(req);
      // The same file sent twice with one form key (a double click) makes its charges once.
      const sub = submission(req, who, BATCH_PAGE, {
        file: createHash("sha256").update(file).digest("hex"),
      });
      const base = baseUrlOf(deps, req);
      const done = await runAction(() =>
        submitOnce(deps, sub, {
          // Live txids derive from the key bound to the submission; the scope's route
          // ("form:…") keeps a page's keys apart from an API client's.
          before: (scope) =>
            prepareChargeBatch(
              deps,
              who,
              { charges: lines.map((l) => l.line) },
              base,
              scope ? idempotencySeed(scope) : undefined,
            ),
          abandon: async (prepared) => prepared.live?.abandon(),
          run: async (db, prepared) => {
            const out = await writeChargeBatch({ ...deps, db }, who, prepared);
            return {
              created: out.created,
              failed: out.failed,
              duplicates: out.duplicates,
              lines: out.results.map((res, i) => ({
                row: lines[i]?.row ?? i + 2,
                ...(res.chargeId ? { chargeId: res.chargeId } : {}),
                ...(res.duplicate ? { duplicate: true } : {}),
                ...(res.value !== undefined ? { value: res.value } : {}),
                ...(res.dueDate ? { dueDate: res.dueDate } : {}),
                ...(res.error ? { error: res.error.message } : {}),
              })),
            } satisfies Report;
          },
        }),
      );
      if (!done.ok) return render(req, reply, { flash: done.flash, status: done.status });
      return render(req, reply, {
        report: done.value,
        flash: {
          kind: done.value.failed > 0 || done.value.duplicates > 0 ? "warn" : "ok",
          text: `${b("batch.summary", { created: done.value.created, failed: done.value.failed })}${
            done.value.duplicates > 0
              ? ` ${b("batch.duplicates", { n: done.value.duplicates })}`
              : ""
          }`,
        },
      });
    },
    UPLOAD_LIMIT,
  );
}

/** The file as text: UTF-8 (a spreadsheet's BOM is the parser's to drop), never a NUL byte. */
function csvText(file: Buffer): string | undefined {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(file);
    return text.includes("\u0000") ? undefined : text;
  } catch {
    return undefined;
  }
}

function reportHtml(req: FastifyRequest, report: Report): HtmlValue {
  const t = dashT(req);
  const b = translator(req.lang, chargeBatch);
  // A line's error may name several fields ("a: …; b: …"): each is put in the page's language.
  const words = (message: string) =>
    message
      .split("; ")
      .map((m) => domainMessage(req.lang, m))
      .join("; ");
  return html`<section class="card batch-report"><h2>${b("batch.report")}</h2>
<div class="table-wrap"><table><thead><tr><th class="num">${b("batch.line")}</th><th>${b("batch.result")}</th></tr></thead><tbody>${report.lines.map(
    (l) =>
      html`<tr${l.error ? html` class="failed"` : ""}><td class="num">${l.row}</td><td>${
        l.duplicate
          ? html`<strong>${b("batch.duplicate")}:</strong> <a class="mono" href="/dashboard/charges/${l.chargeId}">${l.chargeId}</a>`
          : l.chargeId
            ? html`<a class="mono" href="/dashboard/charges/${l.chargeId}">${l.chargeId}</a><br><span class="muted">${b("batch.dueDate")} ${l.dueDate ? formatDay(req.lang, l.dueDate) : "—"} · ${l.value === undefined ? "—" : money(t, brlToCents(l.value) ?? 0)}</span>`
            : html`<strong>${b("batch.error")}:</strong> ${words(l.error ?? "")}`
      }</td></tr>`,
  )}</tbody></table></div></section>`;
}
