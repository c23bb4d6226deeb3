// The day's PSP statement (issue 38 part 3), its pure core: which instants a day is, every page
// of the PSP's GET /pix for that window, and each received Pix matched to one of our charges or
// marked unmatched, with the day's devoluções and totals in integer centavos.
//
// The day is the America/Sao_Paulo calendar day. Brazil has kept UTC-03:00 all year since daylight
// saving ended in 2019, so the day D is the RFC 3339 window [D 00:00-03:00, D+1 00:00-03:00),
// sent to the PSP as UTC instants (`inicio`, `fim`), the form BACEN's RFC 3339 fields accept.

import type { PixListPage, PixListQuery, PixReceived } from "../../pix-psp/types.ts";
import {
  epochDayOf,
  formatEpochDay,
  parseCalendarDate,
  todayIn,
  toEpochDay,
} from "../due-date/calendar-date.ts";

const DAY_MS = 86_400_000;
const SAO_PAULO_OFFSET_MS = 3 * 3_600_000;

export type StatementDay = { date: string; inicio: Date; fim: Date };

/** The window of `date`, or why it cannot be asked for (`malformed`, or a day after today). */
export function statementDay(
  date: string,
  now: Date,
): StatementDay | { error: "malformed" | "future" } {
  const d = parseCalendarDate(date);
  if (!d) return { error: "malformed" };
  const day = toEpochDay(d);
  if (day > toEpochDay(todayIn(now))) return { error: "future" };
  const inicio = new Date(day * DAY_MS + SAO_PAULO_OFFSET_MS);
  return { date: formatEpochDay(day), inicio, fim: new Date(inicio.getTime() + DAY_MS) };
}

/** The day before and after `date` (for the page's links); `next` is absent for today. */
export function neighbourDays(date: string, now: Date): { prev: string; next?: string } {
  const day = epochDayOf(date);
  const out: { prev: string; next?: string } = { prev: formatEpochDay(day - 1) };
  if (day < toEpochDay(todayIn(now))) out.next = formatEpochDay(day + 1);
  return out;
}

/** Every page of GET /pix for the window, in order; stops at the PSP's page count (capped). */
export async function listAllPix(
  listPix: (q: PixListQuery) => Promise<PixListPage>,
  day: { inicio: Date; fim: Date },
  perPage = 1000,
  maxPages = 100,
): Promise<PixReceived[]> {
  const out: PixReceived[] = [];
  for (let page = 0; page < maxPages; page++) {
    const got = await listPix({ inicio: day.inicio, fim: day.fim, page, perPage });
    out.push(...got.pix);
    if (page + 1 >= got.pages) break;
  }
  return out;
}

/** What we know of a charge the statement names: found by txid or by end-to-end id. */
export type StatementCharge = {
  id: string;
  txid: string;
  status: string;
  e2eIds: string[];
  /** The payer's name the charge was made with (its customer_name), if any. */
  payerName?: string | null;
};

export type StatementLine = {
  endToEndId: string;
  txid: string | null;
  horario: string;
  amountCents: number;
  chargeId: string | null;
  chargeStatus: string | null;
  payerName: string | null;
  matched: boolean;
  flag?: "charge_not_approved";
  devolucoes: Array<{ id: string; amountCents: number; status: string }>;
};

export type Statement = {
  date: string;
  lines: StatementLine[];
  totals: { receivedCents: number; refundedCents: number; netCents: number; count: number };
  unmatched: number;
  flagged: number;
};

/** Lines in PSP order. Refunded counts devoluções that are DEVOLVIDO or in processing. */
export function buildStatement(
  date: string,
  pix: readonly PixReceived[],
  charges: readonly StatementCharge[],
): Statement {
  const byTxid = new Map(charges.map((c) => [c.txid, c]));
  const byE2e = new Map(charges.flatMap((c) => c.e2eIds.map((e) => [e, c] as const)));
  let receivedCents = 0;
  let refundedCents = 0;
  let unmatched = 0;
  let flagged = 0;
  const lines = pix.map((p): StatementLine => {
    const charge = (p.txid ? byTxid.get(p.txid) : undefined) ?? byE2e.get(p.endToEndId);
    const devolucoes = p.devolucoes
      .filter((d) => d.status !== "NAO_REALIZADO")
      .map((d) => ({ id: d.id, amountCents: d.amountCents, status: d.rawStatus || d.status }));
    receivedCents += p.amountCents;
    for (const d of devolucoes) refundedCents += d.amountCents;
    const line: StatementLine = {
      endToEndId: p.endToEndId,
      txid: p.txid ?? null,
      horario: p.horario,
      amountCents: p.amountCents,
      chargeId: charge?.id ?? null,
      chargeStatus: charge?.status ?? null,
      payerName: charge?.payerName ?? null,
      matched: charge !== undefined,
      devolucoes,
    };
    if (!charge) unmatched++;
    else if (charge.status !== "approved" && charge.status !== "refunded") {
      line.flag = "charge_not_approved";
      flagged++;
    }
    return line;
  });
  return {
    date,
    lines,
    totals: {
      receivedCents,
      refundedCents,
      netCents: receivedCents - refundedCents,
      count: lines.length,
    },
    unmatched,
    flagged,
  };
}
