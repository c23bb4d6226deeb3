import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { listEvents } from "../../db/queries/events.ts";
import { LimitQuery } from "../../domain/charges/schemas.ts";
import type { AppDeps } from "../app-deps.ts";
import { okEnvelope } from "../envelope.ts";
import { principalOf } from "../plugins/guard.ts";

const EventViewSchema = z.object({
  id: z.string(),
  event: z.string(),
  chargeId: z.string().nullable(),
  createdAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});

export function registerEventRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/events",
    {
      config: { auth: "required" },
      schema: {
        summary: "Events (the outbox): of one charge in order, or the latest of the account",
        tags: ["events"],
        querystring: z.strictObject({
          charge_id: z.string().trim().min(1, "must not be empty").optional(),
          limit: LimitQuery,
        }),
        response: { 200: okEnvelope(z.object({ events: z.array(EventViewSchema) })) },
      },
    },
    async (req) => {
      const who = principalOf(req);
      const rows = await listEvents(deps.db, {
        ...who,
        limit: req.query.limit,
        ...(req.query.charge_id ? { chargeId: req.query.charge_id } : {}),
      });
      return {
        success: true as const,
        data: {
          events: rows.map((e) => ({
            id: e.id,
            event: e.type,
            chargeId: e.chargeId,
            createdAt: e.createdAt.toISOString(),
            data: e.payload,
          })),
        },
      };
    },
  );
}
