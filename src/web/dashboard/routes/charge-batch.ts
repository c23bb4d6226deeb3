import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { baseUrlOf } from "../../../base-url.ts";
import type { AppDeps } from "../../../deps.ts";
import { billingLines } from "../../../domain/charge-lifecycle/billing-csv.ts";
import {
  MAX_BATCH_LINES,
  prepareChargeBatch,
  writeChargeBatch,
} from "../../../domain/charge-lifecycle/create-charge-batch.ts";
import { idempotencySeed } from "../../../domain/idempotency/request-identity.ts";
import { submitOnce } from "../../../domain/idempotency/submit-once.ts";
import type { Principal } from "../../../kernel/mode.ts";
import { submission } from "../../form-once.ts";
import { formBody } from "../../forms.ts";
import { translator } from "../../i18n/catalogue.ts";
import { chargeBatch } from "../../i18n/charge-batch.ts";
import { runAction } from "../chrome.ts";
import { signed, signedInRoutes } from "../session.ts";
import { type BatchReport, chargeBatchView, MAX_CSV_BYTES } from "../views/charge-batch.ts";
import { BATCH_PAGE } from "../views/charges.ts";
import { dashPage } from "./page.ts";

// "Bill many (CSV)" (views/charge-batch.ts): a billing CSV uploaded from the dashboard becomes
// one batch of charges with a due date, through the same parser as `tostao charges import`
// (domain/charge-lifecycle/billing-csv.ts) and the same use case as POST /api/pix/charges/batch, for the
// signed-in account and the mode shown.

export { MAX_CSV_BYTES };

/** What the multipart reader accepts, above MAX_CSV_BYTES so a file just over it gets this page's message. */
const UPLOAD_LIMIT = { fileSize: 4 * MAX_CSV_BYTES };

/** The downloadable template: one line per shape a merchant meets (CPF with fine and interest, CNPJ with a discount). */
export const EXAMPLE_CSV = `${[
  "value;due_date;days_after_due;title;external_id;customer_name;customer_cpf;customer_cnpj;customer_email;fine_mode;fine_value;interest_mode;interest_value;discount_mode;discount_1_date;discount_1_value",
  "150,00;2030-01-10;30;Mensalidade janeiro;fatura-0001;Maria Silva;529.982.247-25;;maria@example.com;percent;2;percent_per_month_calendar_days;1;;;",
  "1200,00;2030-01-15;60;Condomínio janeiro;fatura-0002;Empresa Exemplo Ltda;;11.222.333/0001-81;;percent;2;percent_per_month_calendar_days;1;fixed_until_date;2030-01-10;50,00",
].join("\r\n")}\r\n`;

export function registerChargeBatchPages(web: FastifyInstance, deps: AppDeps): void {
  const r = signedInRoutes(web, deps);
  const show = dashPage(deps, "charges", async () => ({}), chargeBatchView);

  r.get(BATCH_PAGE, "charges:write", (req, reply) => show(req, reply));

  r.get(`${BATCH_PAGE}/example.csv`, "charges:write", async (_req, reply) =>
    reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", 'attachment; filename="tostao-billing-example.csv"')
      .send(EXAMPLE_CSV),
  );

  r.post(
    BATCH_PAGE,
    "charges:write",
    async (req, reply) => {
      const b = translator(req.lang, chargeBatch);
      const refuse = (text: string, status: number) =>
        show(req, reply, { flash: { kind: "error", text }, status });
      const file = uploadedFile(req);
      if (!file) return refuse(b("batch.noFile"), 422);
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
      const done = await runAction(() => billFile(deps, req, signed(req).who, file, lines));
      if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
      const report = done.value;
      const summary = b("batch.summary", { created: report.created, failed: report.failed });
      const dups =
        report.duplicates > 0 ? ` ${b("batch.duplicates", { n: report.duplicates })}` : "";
      const kind = report.failed > 0 || report.duplicates > 0 ? "warn" : "ok";
      return show(req, reply, { report, flash: { kind, text: `${summary}${dups}` } });
    },
    UPLOAD_LIMIT,
  );
}

function uploadedFile(req: FastifyRequest): Buffer | undefined {
  const raw = formBody(req.body).file as unknown;
  const file = Array.isArray(raw) ? raw[0] : raw;
  return Buffer.isBuffer(file) && file.length > 0 ? file : undefined;
}

/** The batch made once per file and form key (a double click makes its charges once). */
function billFile(
  deps: AppDeps,
  req: FastifyRequest,
  who: Principal,
  file: Buffer,
  lines: ReturnType<typeof billingLines>,
): Promise<BatchReport> {
  const sub = submission(req, who, BATCH_PAGE, {
    file: createHash("sha256").update(file).digest("hex"),
  });
  const base = baseUrlOf(deps, req);
  return submitOnce(deps, sub, {
    // Live txids derive from the key bound to the submission; the scope's route ("form:…")
    // keeps a page's keys apart from an API client's.
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
      };
    },
  });
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
