import { type ChargeFilter, searchCharges } from "../../db/queries/charge-search.ts";
import type { ChargeRow } from "../../db/queries/charges.ts";
import { type ChargeStatus, STATUSES } from "../../kernel/charge-status.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";

// The dashboard's list of charges: PIX and Bitcoin together, newest first, filtered by status,
// kind, overdue (pending past a due date), period, the merchant's external_id and the customer's e-mail (the API list's filters,
// through the same query, src/db/queries/charge-search.ts), a page at a time (keyset: "listed after the last one shown", whose creation
// time and id make the `before` cursor).

export const PAGE_SIZE = 25;

export type ChargeListItem = {
  id: string;
  method: "pix" | "crypto";
  status: ChargeStatus;
  valueCents: number;
  title: string | null;
  customer: string | null;
  createdAt: Date;
};

export type ChargeListQuery = {
  status?: string | undefined;
  method?: string | undefined;
  /** yyyy-mm-dd, a day in São Paulo. */
  from?: string | undefined;
  to?: string | undefined;
  /** The merchant's own id, exactly. */
  external_id?: string | undefined;
  /** The customer's e-mail, without regard to case. */
  customer_email?: string | undefined;
  /** "1": only pending charges past their due date. */
  overdue?: string | undefined;
  before?: string | undefined;
};

/** A filter's text as typed, or undefined when the box was left empty. */
const given = (text: string | undefined): string | undefined => {
  const t = typeof text === "string" ? text.trim() : "";
  return t === "" ? undefined : t;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The instant a São Paulo day starts (UTC-3), or undefined for anything but yyyy-mm-dd. */
export function brazilDayStart(day: string | undefined, plusDays = 0): Date | undefined {
  if (!day || !DAY.test(day)) return undefined;
  const d = new Date(`${day}T03:00:00.000Z`);
  if (Number.isNaN(d.getTime())) return undefined;
  return new Date(d.getTime() + plusDays * 24 * 3_600_000);
}

/** The filters on screen as the list's query takes them (and the page's CSV export). */
export function chargeListFilter(
  deps: { clock: Clock },
  who: Principal,
  query: ChargeListQuery,
): Omit<ChargeFilter, "limit"> {
  const status = (STATUSES as readonly string[]).includes(query.status ?? "")
    ? (query.status as ChargeStatus)
    : undefined;
  const method = query.method === "pix" || query.method === "crypto" ? query.method : undefined;
  return {
    accountId: who.accountId,
    mode: who.mode,
    status,
    method,
    from: brazilDayStart(query.from),
    to: brazilDayStart(query.to, 1),
    externalId: given(query.external_id),
    customerEmail: given(query.customer_email),
    overdueAt: query.overdue === "1" ? deps.clock.now() : undefined,
  };
}

export async function listChargesPage(
  deps: { db: Db; clock: Clock },
  who: Principal,
  query: ChargeListQuery,
): Promise<{ items: ChargeListItem[]; nextBefore: string | undefined }> {
  const rows = await searchCharges(deps.db, {
    ...chargeListFilter(deps, who, query),
    before: parseCursor(query.before),
    limit: PAGE_SIZE + 1,
  });
  const page = rows.slice(0, PAGE_SIZE);
  return {
    items: page.map(item),
    nextBefore: rows.length > PAGE_SIZE ? cursorOf(page[page.length - 1]) : undefined,
  };
}

const cursorOf = (r: ChargeRow | undefined) => (r ? `${r.createdAt.getTime()}.${r.id}` : undefined);

function parseCursor(text: string | undefined): { createdAt: Date; id: string } | undefined {
  const m = text ? /^(\d{1,15})\.([\w-]{1,64})$/.exec(text) : null;
  if (!m?.[1] || !m[2]) return undefined;
  return { createdAt: new Date(Number(m[1])), id: m[2] };
}

function item(r: ChargeRow): ChargeListItem {
  const name = r.details.customer_name;
  return {
    id: r.id,
    method: r.method,
    status: r.status,
    valueCents: r.valueCents,
    title: r.title,
    customer: typeof name === "string" ? name : null,
    createdAt: r.createdAt,
  };
}
