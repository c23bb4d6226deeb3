import { type ChargeRow, expireDue, findCharge, moveCharge } from "../../db/queries/charges.ts";
import { insertEvents } from "../../db/queries/events.ts";
import type { ChargeStatus } from "../../kernel/charge-status.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { notFound } from "../errors.ts";
import type { Tally } from "../tally.ts";
import { chargeEvent } from "./charge-events.ts";
import { EVENT_FOR_STATUS, sourcesOf } from "./charge-status.ts";
import { announceClaimed, type ClaimedEventsPass } from "./claimed-events-pass.ts";

type Deps = { db: Db; clock: Clock; random: Random; tally?: Tally };
type Key = { accountId: string; mode: Principal["mode"]; id: string };

/**
 * Moves a charge into `to` and writes the move's event in the same transaction. Returns the
 * charge after the attempt and whether this call made the move: a charge already elsewhere (or
 * moved by a concurrent call) is returned unchanged with moved=false, never moved twice.
 */
export async function transition(
  deps: Deps,
  key: Key,
  to: Exclude<ChargeStatus, "pending">,
  opts: { simulated?: boolean; amountPaidCents?: number } = {},
): Promise<{ moved: boolean; charge: ChargeRow }> {
  const result = await deps.db.transaction(async (db) => {
    const moved = await moveCharge(db, key, {
      from: sourcesOf(to),
      to,
      at: deps.clock.now(),
      ...(opts.simulated === undefined ? {} : { simulated: opts.simulated }),
      ...(opts.amountPaidCents === undefined ? {} : { amountPaidCents: opts.amountPaidCents }),
    });
    if (moved) {
      await insertEvents(db, [chargeEvent(deps, EVENT_FOR_STATUS[to], moved)]);
      return { moved: true, charge: moved };
    }
    const current = await findCharge(db, key);
    if (!current) throw notFound(`charge_id: charge ${key.id} not found`);
    return { moved: false, charge: current };
  });
  if (result.moved && to === "approved") deps.tally?.chargePaid(result.charge.method, key.mode);
  return result;
}

/** A charge of the caller, expired first if it is pending and overdue (so reads never lie). */
export async function loadCharge(deps: Deps, who: Principal, id: string): Promise<ChargeRow> {
  const row = await findCharge(deps.db, { accountId: who.accountId, mode: who.mode, id });
  if (!row) throw notFound(`charge_id: charge ${id} not found`);
  return expireIfOverdue(deps, row);
}

/**
 * A charge as a read should show it: a pending charge past its expiry is expired first. Not a
 * live PIX charge: it expires only once its cob is removed at the PSP (live-expire.ts), or the
 * payer could still pay a charge we call expired.
 */
export async function expireIfOverdue(deps: Deps, row: ChargeRow): Promise<ChargeRow> {
  const live = row.mode === "live" && row.method === "pix";
  if (row.status === "pending" && row.expiresAt <= deps.clock.now() && !live) {
    const key = { accountId: row.accountId, mode: row.mode, id: row.id };
    return (await transition(deps, key, "expired")).charge;
  }
  return row;
}

/**
 * One pass of the expiry job: moves overdue pending charges (sandbox PIX and Bitcoin) to expired
 * with their charge.declined events, a batch per transaction, until none is left or the budget
 * is spent. Each batch is one UPDATE and one INSERT of its events (with their webhook
 * deliveries), so the drain rate is set by the database, not by a per-pass ceiling. Safe to run
 * in every instance at once (SKIP LOCKED). Returns how many charges it expired.
 */
export function expireOverdueCharges(deps: Deps, pass: ClaimedEventsPass = {}): Promise<number> {
  return announceClaimed(deps, pass, expireDue, EVENT_FOR_STATUS.expired);
}
