import { z } from "zod";
import { findCharge } from "../../db/queries/charges.ts";
import { listEvents as queryEvents } from "../../db/queries/events.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { notFound } from "../errors.ts";
import { HasMore, PageArguments, PageQuery, pageOf } from "../list-limit.ts";

// The events (the outbox) as the API shows them: of one charge in order, or the latest of the
// account and mode, with how far back they go (retention prunes older ones).

const ChargeIdFilter = z.string().trim().min(1, "must not be empty").optional();
export const ListEventsQuerySchema = z.strictObject({ charge_id: ChargeIdFilter, ...PageQuery });
export const ListEventsArgsSchema = z.strictObject({ charge_id: ChargeIdFilter, ...PageArguments });

import { eventDataOf } from "../charges/event-data-of.ts";
import type { EventPayloadDeps } from "../event-payload.ts";
import { EventViewSchema } from "./event-data.ts";

export { EventViewSchema };

export const EventListSchema = z.object({
  events: z.array(EventViewSchema),
  hasMore: HasMore,
  retentionDays: z
    .number()
    .int()
    .describe(
      "How far back history goes: events older than this many days are pruned (TOSTAO_RETENTION_DAYS); charges never are.",
    ),
});

/** An event as listed; its `data` fits its event's schema (EventViewSchema, event-data.ts). */
export type EventView = {
  id: string;
  event: string;
  chargeId: string | null;
  createdAt: string;
  data: Record<string, unknown>;
};

export async function listEvents(
  deps: { db: Db; config: { retention: { days: number } } } & EventPayloadDeps,
  who: Principal,
  input: { charge_id?: string | undefined; limit: number; offset?: number },
): Promise<{ events: EventView[]; hasMore: boolean; retentionDays: number }> {
  const found = await queryEvents(deps.db, {
    accountId: who.accountId,
    mode: who.mode,
    limit: input.limit + 1,
    offset: input.offset ?? 0,
    ...(input.charge_id ? { chargeId: input.charge_id } : {}),
  });
  const { items: rows, hasMore } = pageOf(found, input.limit);
  // A charge the caller cannot see is 404, as on every route that takes its id. Every charge
  // has events until retention prunes them, so only an empty answer needs the second look.
  if (input.charge_id && rows.length === 0) {
    const key = { accountId: who.accountId, mode: who.mode, id: input.charge_id };
    if (!(await findCharge(deps.db, key))) {
      throw notFound(`charge_id: charge ${input.charge_id} not found`);
    }
  }
  return {
    retentionDays: deps.config.retention.days,
    events: rows.map((e) => ({
      id: e.id,
      event: e.type,
      chargeId: e.chargeId,
      createdAt: e.createdAt.toISOString(),
      data: eventDataOf(deps, e),
    })),
    hasMore,
  };
}
