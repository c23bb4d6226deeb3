import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../domain/errors.ts";

export function registerHealthRoutes(app: FastifyInstance, deps: AppDeps): void {
  app.get("/healthz", { schema: { hide: true } }, async () => ({
    success: true,
    data: { status: "ok" },
  }));
  app.get("/readyz", { schema: { hide: true } }, async () => {
    try {
      await deps.db.query("SELECT 1");
    } catch (err) {
      throw new AppError("UNAVAILABLE", "database: not reachable", { cause: err });
    }
    return { success: true, data: { status: "ready", database: deps.db.kind } };
  });
}
