import { z } from "zod";
import { chargesNamedBy } from "../../db/queries/live-pix/statement.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { formatCalendarDate, todayIn } from "../due-date/calendar-date.ts";
import { forbidden, unprocessable } from "../errors.ts";
import type { PspClients } from "../pix-psp-connection/clients.ts";
import { pspFailure } from "../pix-psp-connection/psp-failure.ts";
import { LIVE_PSP_MISSING } from "./live-create.ts";
import {
  buildStatement,
  listAllPix,
  neighbourDays,
  type Statement,
  statementDay,
} from "./pix-statement.ts";

// GET /api/pix/statement?date=: the day's statement as the PSP keeps it. The PSP's own list of
// Pix received (GET /pix) is read for the day every time: the reconciliation's watermark keeps
// only how far it has read, and the devoluções of each Pix live at the PSP, so there is no stored
// copy of the day to answer from. What this service stores (charges by txid and by the payment's
// end-to-end id, the unmatched payments) is what each line is matched against.

export const StatementQuerySchema = z.object({
  date: z
    .string()
    .max(10)
    .optional()
    .describe("The day, YYYY-MM-DD, in America/Sao_Paulo; absent: today there"),
});

const DevolucaoLineSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  status: z.string(),
});

const StatementLineSchema = z.object({
  endToEndId: z.string(),
  txid: z.string().nullable(),
  horario: z.string().describe("When the PSP says the Pix was paid (RFC 3339, as the PSP sent it)"),
  amountCents: z.number().int(),
  chargeId: z.string().nullable(),
  chargeStatus: z.string().nullable(),
  payerName: z
    .string()
    .nullable()
    .describe("The payer's name on the matched charge (its customer_name); null when none"),
  matched: z.boolean().describe("Whether one of this account's live charges holds the Pix"),
  flag: z
    .literal("charge_not_approved")
    .optional()
    .describe("Paid at the PSP, but the charge here is not approved: money unseen"),
  devolucoes: z.array(DevolucaoLineSchema),
});

export const StatementSchema = z.object({
  date: z.string(),
  timeZone: z.literal("America/Sao_Paulo"),
  inicio: z.string().describe("The window asked of the PSP (RFC 3339, UTC)"),
  fim: z.string(),
  prev: z.string(),
  next: z.string().nullable(),
  lines: z.array(StatementLineSchema),
  totals: z.object({
    receivedCents: z.number().int(),
    refundedCents: z.number().int(),
    netCents: z.number().int(),
    count: z.number().int(),
  }),
  unmatched: z.number().int(),
  flagged: z.number().int(),
});

type Deps = { db: Db; clock: Clock; pspClients?: PspClients | undefined };

export const STATEMENT_LIVE_ONLY =
  "the PSP statement is live only: it is the PSP's own list of Pix received (GET /pix), and a test token has no PSP; the sandbox's charges are at GET /api/pix/charges";

export async function pixStatement(
  deps: Deps,
  who: Principal,
  input: { date?: string | undefined },
): Promise<z.output<typeof StatementSchema>> {
  // Who the caller is comes before what it asked, as everywhere (a refusal, then the arguments).
  if (who.mode !== "live") throw forbidden(STATEMENT_LIVE_ONLY);
  const now = deps.clock.now();
  const asked = input.date ?? statementDate(now);
  const day = statementDay(asked, now);
  if ("error" in day) {
    throw unprocessable(
      day.error === "future"
        ? `date: ${asked} is after today in America/Sao_Paulo; a statement is of a day that has begun`
        : "date: must be a calendar date YYYY-MM-DD",
    );
  }
  const live = await deps.pspClients?.forAccount(deps.db, who.accountId);
  if (!live) throw unprocessable(LIVE_PSP_MISSING);
  let statement: Statement;
  try {
    const pix = await listAllPix((q) => live.client.listPix(q), day);
    const charges = await chargesNamedBy(deps.db, {
      accountId: who.accountId,
      txids: [...new Set(pix.flatMap((p) => (p.txid ? [p.txid] : [])))],
      e2eids: pix.map((p) => p.endToEndId),
    });
    statement = buildStatement(
      day.date,
      pix,
      charges.map((c) => ({
        id: c.id,
        txid: c.txid,
        status: c.status,
        e2eIds: c.pspE2eid ? [c.pspE2eid] : [],
        payerName: c.customerName,
      })),
    );
  } catch (err) {
    throw pspFailure(err, "the statement was not read");
  }
  const { prev, next } = neighbourDays(day.date, now);
  return {
    ...statement,
    timeZone: "America/Sao_Paulo",
    inicio: day.inicio.toISOString(),
    fim: day.fim.toISOString(),
    prev,
    next: next ?? null,
  };
}

/** Today in America/Sao_Paulo, YYYY-MM-DD. */
export const statementDate = (now: Date) => formatCalendarDate(todayIn(now));
