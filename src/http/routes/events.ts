import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../deps.ts";
import {
  EventListSchema,
  ListEventsQuerySchema,
  listEvents,
} from "../../domain/events/list-events.ts";
import { okEnvelope } from "../envelope.ts";
import { principalOf } from "../plugins/guard.ts";

export function registerEventRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/events",
    {
      config: { auth: "required" },
      schema: {
        operationId: "listEvents",
        summary: "Events (the outbox): of one charge in order, or the latest of the account",
        tags: ["events"],
        querystring: ListEventsQuerySchema,
        response: { 200: okEnvelope(EventListSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: await listEvents(deps, principalOf(req), req.query),
    }),
  );
}
