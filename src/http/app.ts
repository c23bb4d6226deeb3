import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from "fastify";
import { AppError } from "../domain/errors.ts";
import type { AppDeps } from "./app-deps.ts";
import { fail } from "./envelope.ts";
import { STATUS_BY_CODE } from "./errors.ts";
import { type AuthPolicy, makeGuard } from "./plugins/guard.ts";
import { useSchemaSerializers } from "./response-serializer.ts";
import { registerCryptoRoutes } from "./routes/crypto.ts";
import { registerEventRoutes } from "./routes/events.ts";
import { registerHealthRoutes } from "./routes/health.ts";
import { registerIntegrationRoutes } from "./routes/integrations.ts";
import { registerPixChargeRoutes } from "./routes/pix-charges.ts";
import { registerProductRoutes } from "./routes/products.ts";
import { registerTokenRoutes } from "./routes/tokens.ts";
import { registerWebhookRoutes } from "./routes/webhooks.ts";
import { validatorCompiler } from "./validation.ts";

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** One registered route, as the security suite, the manifest and OpenAPI see it. */
export type RouteEntry = { method: string; url: string; auth: AuthPolicy; schema: unknown };

declare module "fastify" {
  interface FastifyInstance {
    routeTable: readonly RouteEntry[];
  }
}

/** Builds the HTTP app; it never listens (src/main.ts does), so tests use inject(). */
export function buildApp(
  deps: AppDeps,
  opts: {
    logger?: FastifyServerOptions["logger"];
    /** Tests: a response field its schema lacks is an error, not dropped (response-serializer.ts). */
    strictResponses?: boolean;
  } = {},
): FastifyInstance {
  const app = Fastify({
    logger: opts.logger ?? false,
    // Per-request log lines are off: they cost throughput and carry URLs with ids; errors are
    // still logged with their request id.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: deps.config.bodyLimitBytes,
    trustProxy: deps.config.trustProxy,
    requestIdHeader: false,
    // A caller's own X-Request-Id is kept when it is a sane token, so logs on both sides join up.
    genReqId: (req) => {
      const given = req.headers["x-request-id"];
      return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    },
  });
  const routes: RouteEntry[] = [];
  app.decorate("routeTable", routes);
  app.addHook("onRoute", (r) => {
    for (const method of [r.method].flat()) {
      if (method === "HEAD") continue;
      routes.push({ method, url: r.url, auth: r.config?.auth ?? "none", schema: r.schema });
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  useSchemaSerializers(app, { strict: opts.strictResponses === true });
  // JSON is the only request body type; a text/plain body is a 415, not a string to validate.
  app.removeContentTypeParser(["text/plain"]);

  // One onRequest hook for every request: the common headers, then the guard (each async hook
  // costs a promise and a turn of the hook runner on every request).
  const guard = makeGuard({ ...deps, limits: deps.config.rateLimit });
  app.addHook("onRequest", (req, reply) => {
    reply.header("X-Request-Id", req.id);
    reply.header("Cache-Control", "no-store");
    return guard(req, reply);
  });

  app.setErrorHandler((err, req, reply) => {
    const { status, message, headers } = classifyError(err, deps.config.bodyLimitBytes);
    if (status >= 500) req.log.error({ err, reqId: req.id }, "request failed");
    return reply
      .code(status)
      .headers(headers)
      .type("application/json; charset=utf-8")
      .send(fail(message));
  });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split("?")[0] ?? req.url;
    return reply.code(404).send(fail(`route not found: ${req.method} ${path}`));
  });

  registerHealthRoutes(app, deps);
  registerTokenRoutes(app, deps);
  registerProductRoutes(app, deps);
  registerPixChargeRoutes(app, deps);
  registerEventRoutes(app, deps);
  registerWebhookRoutes(app, deps);
  registerCryptoRoutes(app, deps);
  registerIntegrationRoutes(app, deps);
  return app;
}

type Classified = { status: number; message: string; headers: Record<string, string> };

function classifyError(err: unknown, bodyLimit: number): Classified {
  if (err instanceof AppError) {
    return { status: STATUS_BY_CODE[err.code], message: err.message, headers: err.headers };
  }
  const e = err as { code?: string; statusCode?: number; message?: string };
  switch (e.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return { status: 415, message: "content-type: must be application/json", headers: {} };
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return { status: 413, message: `body: larger than ${bodyLimit} bytes`, headers: {} };
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return { status: 400, message: "body: is empty; send a JSON object", headers: {} };
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return { status: 400, message: "body: malformed JSON", headers: {} };
  }
  if (err instanceof SyntaxError || e.code === "FST_ERR_CTP_INVALID_CONTENT_LENGTH") {
    return { status: 400, message: "body: malformed JSON", headers: {} };
  }
  if (typeof e.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500) {
    return { status: e.statusCode, message: e.message ?? "invalid request", headers: {} };
  }
  return {
    status: 500,
    message: "internal error; retry with exponential backoff",
    headers: {},
  };
}
