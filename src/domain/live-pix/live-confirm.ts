import type { ChargeRow } from "../../db/queries/charges.ts";
import { insertEvents } from "../../db/queries/events.ts";
import { PLACEHOLDER_E2EID_PREFIX } from "../../db/queries/live-payment-ids.ts";
import { approveByPayment, recordUnderpaid } from "../../db/queries/live-pix/charge-state.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { CobView } from "../../pix-psp/types.ts";
import { chargeEvent } from "../charges/charge-events.ts";
import { MAX_REFUNDS } from "../charges/refund-ledger.ts";
import { amountDue } from "../due-date/amount-due.ts";
import { brazilDate, dueTermsOf } from "../due-date/due-charge.ts";
import type { LiveConnection } from "../pix-psp-connection/clients.ts";
import { sha256Hex } from "../sha256.ts";
import type { Tally } from "../tally.ts";
import { getCobOf } from "./live-cob-kind.ts";

export type LiveDeps = {
  db: Db;
  clock: Clock;
  random: Random;
  tally?: Tally;
  /** Undeclared event fields throw instead of being dropped (tests; event-payload.ts). */
  strictPayloads?: boolean;
};

/**
 * Settles a live charge from its cob as the PSP reports it (GET /cob/{txid}, or the PSP's own
 * list of Pix received; never a notification's word). CONCLUIDA approves it, once (a
 * conditional update keyed by the payment's end-to-end id), with its charge.approved event.
 * What was paid is the sum of the cob's `pix` list, or, when the PSP lists none (the list is
 * optional in CobCompleta), the cob's own value. Paid for less than the charge's value, or a
 * cobv for less than its amount due on the day paid (underpaid), the charge stays pending with
 * amountReceived and one charge.updated event says so (docs/live-pix.md). Returns the cob's
 * status as seen.
 */
export async function settleFromCob(
  deps: LiveDeps,
  live: LiveConnection,
  charge: ChargeRow,
  known?: CobView,
): Promise<{ cob: CobView; approved: boolean; underpaid: boolean }> {
  const cob = known ?? (await getCobOf(live.client, charge.txid));
  if (cob.status !== "CONCLUIDA") return { cob, approved: false, underpaid: false };
  const paid =
    cob.pix.length > 0 ? cob.pix.reduce((sum, p) => sum + p.amountCents, 0) : cob.amountCents;
  const due = dueTermsOf(charge) !== undefined;
  if (paid < owedCents(deps, charge, cob)) {
    await deps.db.transaction(async (db) => {
      const row = await recordUnderpaid(db, {
        accountId: charge.accountId,
        id: charge.id,
        receivedCents: paid,
        at: deps.clock.now(),
      });
      if (row) await insertEvents(db, [chargeEvent(deps, "charge.updated", row)]);
    });
    return { cob, approved: false, underpaid: true };
  }
  // One payment per charge: its end-to-end id; a PSP that lists none still settles it once.
  const e2eid =
    cob.pix[0]?.endToEndId ?? `${PLACEHOLDER_E2EID_PREFIX}${live.row.accountId}:${charge.txid}`;
  const approved = await deps.db.transaction(async (db) => {
    const row = await approveByPayment(db, {
      accountId: charge.accountId,
      id: charge.id,
      e2eid,
      at: deps.clock.now(),
      ...(due ? { amountPaidCents: paid } : {}),
    });
    if (!row) return false;
    await insertEvents(db, [chargeEvent(deps, "charge.approved", row)]);
    return true;
  });
  if (approved) deps.tally?.chargePaid("pix", "live");
  return { cob, approved, underpaid: false };
}

/**
 * What the payer owed for a concluded cob: a cob's value; a cobv's amount due on the day it was
 * paid (fine, interest and discount of that day, due-date/amount-due.ts), the day being the
 * Brazilian date of its first Pix's `horario` (the clock's, when the PSP's is unreadable). The
 * PSP computes that amount by its own calendar, which may know a holiday ours does not (a
 * municipal one moves its due date and discount dates later): the least amount due over the
 * day and the CALENDAR_SLACK_DAYS before it is owed, so a correct payment is never read as
 * underpaid. A cobv concluded without its `pix` list tells neither day nor amount: its own value
 * is taken as paid, as for a cob, and nothing is owed beyond it.
 */
function owedCents(deps: LiveDeps, charge: ChargeRow, cob: CobView): number {
  const terms = dueTermsOf(charge);
  if (!terms) return charge.valueCents;
  if (cob.pix.length === 0) return 0;
  const times = cob.pix.map((p) => Date.parse(p.horario)).filter((t) => !Number.isNaN(t));
  const paidAt = times.length > 0 ? Math.min(...times) : deps.clock.now().getTime();
  let owed = Number.MAX_SAFE_INTEGER;
  for (let k = 0; k <= CALENDAR_SLACK_DAYS; k++) {
    const day = brazilDate(new Date(paidAt - k * 86_400_000));
    owed = Math.min(owed, amountDue(terms, day).total);
  }
  return owed;
}

// How far two calendars may disagree on a moved date: three holidays one knows and the other not.
const CALENDAR_SLACK_DAYS = 3;

/** The devolução id of a charge's n-th refund: derived, so a retry never refunds twice. */
export function refundIdFor(chargeId: string, n: number): string {
  return `rf${sha256Hex(`refund:${chargeId}:${n}`).slice(0, 30)}`;
}

/** The attempt number whose id this is, or -1 when the id is not one of this charge's. */
export function refundAttemptOf(chargeId: string, id: string): number {
  if (!id.startsWith("rf")) return -1;
  for (let n = 0; n < MAX_REFUND_ATTEMPTS; n++) if (refundIdFor(chargeId, n) === id) return n;
  return -1;
}

/** Devolução ids a charge may use: one per refund (refund-ledger.ts MAX_REFUNDS). */
export const MAX_REFUND_ATTEMPTS = MAX_REFUNDS;
