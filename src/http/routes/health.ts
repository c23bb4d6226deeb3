import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../domain/errors.ts";
import { okEnvelope } from "../envelope.ts";

const tags = ["health"];
const Healthy = z.object({ status: z.literal("ok") });
const Ready = z.object({ status: z.literal("ready"), database: z.string() });

export function registerHealthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/healthz",
    {
      schema: {
        operationId: "getHealth",
        summary: "Liveness: the process answers (no dependency is asked)",
        tags,
        response: { 200: okEnvelope(Healthy) },
      },
    },
    async () => ({ success: true as const, data: { status: "ok" as const } }),
  );
  r.get(
    "/readyz",
    {
      schema: {
        operationId: "getReadiness",
        summary: "Readiness: the database answers; 503 when it does not",
        tags,
        raises: ["UNAVAILABLE"],
        response: { 200: okEnvelope(Ready) },
      },
    },
    async () => {
      try {
        await deps.db.query("SELECT 1");
      } catch (err) {
        throw new AppError("UNAVAILABLE", "database: not reachable", { cause: err });
      }
      return { success: true as const, data: { status: "ready" as const, database: deps.db.kind } };
    },
  );
}
