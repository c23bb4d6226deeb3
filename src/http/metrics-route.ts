import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config.ts";
import { AppError } from "../domain/errors.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Left out of the route table (the API's manifest, OpenAPI, and their tests). */
    unlisted?: boolean;
  }
}

const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * GET /metrics, the Prometheus text exposition. Registered only when configured
 * (TOSTAO_METRICS=open or TOSTAO_METRICS_TOKEN), so by default it is a plain 404; with a token it
 * answers only to `Authorization: Bearer <that token>`, compared in constant time (as digests,
 * so neither the token's value nor its length shows in the timing). It is not part of the API
 * and is not listed in its documents.
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  setting: Config["metrics"],
  metrics: { render(): Promise<string>; contentType: string },
): void {
  if (setting.kind === "off") return;
  const expected = setting.kind === "token" ? digest(`Bearer ${setting.token}`) : undefined;
  app.get(
    "/metrics",
    { config: { auth: "none", unlisted: true }, schema: { hide: true } },
    async (req, reply) => {
      if (expected && !timingSafeEqual(digest(req.headers.authorization ?? ""), expected)) {
        throw new AppError(
          "UNAUTHENTICATED",
          "authorization: /metrics takes its own bearer token (TOSTAO_METRICS_TOKEN), not an API token",
          { headers: { "WWW-Authenticate": 'Bearer realm="metrics"' } },
        );
      }
      return reply.type(metrics.contentType).send(await metrics.render());
    },
  );
}
