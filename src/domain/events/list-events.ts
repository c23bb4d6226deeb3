import { z } from "zod";
import type { Db } from "../../db/db.ts";
import { findCharge } from "../../db/queries/charges.ts";
import { listEvents as queryEvents } from "../../db/queries/events.ts";
import { notFound } from "../errors.ts";
import { LimitQuery } from "../list-limit.ts";
import type { Principal } from "../mode.ts";

// The events (the outbox) as the API shows them: of one charge in order, or the latest of the
// account and mode.

export const ListEventsQuerySchema = z.strictObject({
  charge_id: z.string().trim().min(1, "must not be empty").optional(),
  limit: LimitQuery,
});

export { EventViewSchema } from "./event-data.ts";

/** An event as listed; its `data` fits its event's schema (EventViewSchema, event-data.ts). */
export type EventView = {
  id: string;
  event: string;
  chargeId: string | null;
  createdAt: string;
  data: Record<string, unknown>;
};

export async function listEvents(
  deps: { db: Db },
  who: Principal,
  input: z.output<typeof ListEventsQuerySchema>,
): Promise<{ events: EventView[] }> {
  const rows = await queryEvents(deps.db, {
    accountId: who.accountId,
    mode: who.mode,
    limit: input.limit,
    ...(input.charge_id ? { chargeId: input.charge_id } : {}),
  });
  // A charge the caller cannot see is 404, as on every route that takes its id. Every charge
  // has its creation events, so only an empty answer needs the second look.
  if (input.charge_id && rows.length === 0) {
    const key = { accountId: who.accountId, mode: who.mode, id: input.charge_id };
    if (!(await findCharge(deps.db, key))) {
      throw notFound(`charge_id: charge ${input.charge_id} not found`);
    }
  }
  return {
    events: rows.map((e) => ({
      id: e.id,
      event: e.type,
      chargeId: e.chargeId,
      createdAt: e.createdAt.toISOString(),
      data: e.payload,
    })),
  };
}
