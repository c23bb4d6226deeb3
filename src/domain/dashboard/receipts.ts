import { dailyReceipts, type ReceiptMethod } from "../../db/queries/daily-receipts.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";

// The home page's money received: the last 30 São Paulo days, each by method, and today's
// figures, all from one read of the daily rollup (migration 0030), so the chart and the
// figures above it cannot disagree and neither grows with the account's volume.

export const CHART_DAYS = 30;
export const RECEIPT_METHODS = ["pix", "onchain", "lightning"] as const;

export type ReceiptDay = {
  /** YYYY-MM-DD, the São Paulo date. */
  day: string;
  /** Centavos received per method. */
  cents: Record<ReceiptMethod, number>;
  totalCents: number;
  payments: number;
};

const saoPauloDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Sao_Paulo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The São Paulo calendar date of an instant, YYYY-MM-DD (the IANA zone, as the SQL uses). */
export function saoPauloDay(at: Date): string {
  return saoPauloDate.format(at);
}

/** The date `n` days after `day` (YYYY-MM-DD; n may be negative). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

export async function receiptsByDay(
  deps: { db: Db; clock: Clock },
  who: Principal,
  days = CHART_DAYS,
): Promise<{ days: ReceiptDay[]; today: ReceiptDay; totalCents: number; payments: number }> {
  const to = saoPauloDay(deps.clock.now());
  const from = addDays(to, 1 - days);
  const rows = await dailyReceipts(deps.db, {
    accountId: who.accountId,
    mode: who.mode,
    from,
    to,
  });
  const out: ReceiptDay[] = [];
  const byDay = new Map<string, ReceiptDay>();
  for (let i = 0; i < days; i++) {
    const d: ReceiptDay = {
      day: addDays(from, i),
      cents: { pix: 0, onchain: 0, lightning: 0 },
      totalCents: 0,
      payments: 0,
    };
    out.push(d);
    byDay.set(d.day, d);
  }
  for (const r of rows) {
    const d = byDay.get(r.day);
    if (!d) continue;
    d.cents[r.method] += r.cents;
    d.totalCents += r.cents;
    d.payments += r.payments;
  }
  let totalCents = 0;
  let payments = 0;
  for (const d of out) {
    totalCents += d.totalCents;
    payments += d.payments;
  }
  return { days: out, today: out[out.length - 1] as ReceiptDay, totalCents, payments };
}

export type Receipts = Awaited<ReturnType<typeof receiptsByDay>>;
