import { randomUUID } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from "fastify";
import type { AppDeps } from "../deps.ts";
import { AppError, badRequest, STATUS_BY_CODE } from "../domain/errors.ts";
import type { Metrics } from "../metrics/metrics.ts";
import { OPERATIONS } from "../operations/index.ts";
import { type RouteEntry, routeEntry } from "../route-table.ts";
import { WEB_AREAS } from "../web/areas.ts";
import { registerWeb, sendNotFoundPage, wantsNotFoundPage } from "../web/register-web.ts";
import { makeAccessLog } from "./access-log.ts";
import { registerApiReference } from "./api-reference.ts";
import { connectionOptions } from "./connection-options.ts";
import { fail } from "./envelope.ts";
import { registerJsonParser } from "./json-body.ts";
import { registerMetricsRoute } from "./metrics-route.ts";
import { makeGuard } from "./plugins/guard.ts";
import { frameworkErrors, protocolRefusal } from "./protocol-checks.ts";
import { refuseBadText } from "./refuse-bad-text.ts";
import { registerOperations } from "./register-operations.ts";
import { useSchemaSerializers } from "./response-serializer.ts";
import { registerCobvPayloadRoutes } from "./routes/cobv-payload.ts";
import { registerCryptoRoutes } from "./routes/crypto.ts";
import { registerHealthRoutes } from "./routes/health.ts";
import { registerIntegrationRoutes } from "./routes/integrations.ts";
import { registerPixProviderRoutes } from "./routes/pix-provider.ts";
import { fastifyTrustProxy } from "./trust-proxy.ts";
import { validatorCompiler } from "./validation.ts";

const REQUEST_ID = /^[\w.:-]{1,128}$/;

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
    metrics?: Metrics;
    /** Tests: a response field its schema lacks is an error, not dropped (response-serializer.ts). */
    strictResponses?: boolean;
  } = {},
): FastifyInstance {
  const { metrics } = opts;
  const app: FastifyInstance = Fastify({
    logger: opts.logger ?? false,
    ...connectionOptions(deps.config.http, {
      log: () => app.log,
      ...(metrics
        ? { onRefused: (status: number) => metrics.request("-", "refused", status, 0) }
        : {}),
    }),
    // Fastify's own request lines are off (two per request, with the URL, whose ids and query
    // may carry customer data); the access log is one line from the onResponse hook below.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: deps.config.bodyLimitBytes,
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    // A URL the router cannot decode (/api/pix/%ZZ) answers the envelope too.
    frameworkErrors,
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
    if (r.config?.unlisted) return;
    for (const method of [r.method].flat()) {
      if (method === "HEAD") continue;
      routes.push(routeEntry(method, r.url, r.config, r.schema));
    }
  });
  app.setValidatorCompiler(validatorCompiler);
  useSchemaSerializers(app, { strict: opts.strictResponses === true });
  // JSON is the only request body type; a text/plain body is a 415, not a string to validate.
  app.removeContentTypeParser(["text/plain"]);
  registerJsonParser(app);

  // One onRequest hook for every request: the common headers, then the guard (each async hook
  // costs a promise and a turn of the hook runner on every request).
  const guard = makeGuard({
    ...deps,
    limits: deps.config.rateLimit,
    openPerToken: deps.config.openRequestsPerToken,
  });
  app.addHook("onRequest", (req, reply) => {
    reply.header("X-Request-Id", req.id);
    reply.header("Cache-Control", "no-store");
    const refused = protocolRefusal(req);
    if (refused) return Promise.reject(refused);
    return guard(req, reply);
  });
  // Text the database cannot store is refused before any handler, pages included.
  app.addHook("preHandler", refuseBadText);
  // The access log and request metrics, once the response is out (a callback hook: no promise
  // per request).
  app.addHook("onResponse", makeAccessLog(metrics?.request));

  app.setErrorHandler((err, req, reply) => {
    const { status, message, headers } = classifyError(err, deps.config.bodyLimitBytes);
    if (status >= 500) req.log.error({ err, reqId: req.id }, "request failed");
    return reply
      .code(status)
      .headers(headers)
      .type("application/json; charset=utf-8")
      .send(fail(message));
  });
  // A person who types a wrong address gets a page with a way back; the API keeps its envelope.
  app.setNotFoundHandler((req, reply) => {
    if (wantsNotFoundPage(req)) return sendNotFoundPage(req, reply);
    const path = req.url.split("?")[0] ?? req.url;
    return reply.code(404).send(fail(`route not found: ${req.method} ${path}`));
  });

  // The OpenAPI generator collects routes as they are added, so it is loaded first and the
  // routes are added in a plugin after it (one that shares the app's hooks and decorators).
  registerApiReference(app, deps, routes);
  app.register(async (api) => {
    registerHealthRoutes(api, deps);
    // The operation table (src/operations/): one route per entry. By hand, just below, only
    // what is no operation: the PSP's notification endpoint, the QR image, the due-date
    // location payloads, the MCP bridge's call, /mcp and the documents (manifest, guide,
    // OpenAPI); integrations.ts registers the table's tool list among them.
    registerOperations(api, deps, OPERATIONS);
    registerPixProviderRoutes(api, deps);
    registerCryptoRoutes(api, deps);
    registerCobvPayloadRoutes(api, deps);
    registerIntegrationRoutes(api, deps);
    if (metrics) registerMetricsRoute(api, deps.config.metrics, metrics);
  });
  // The HTML pages (dashboard, payment page), in their own context: forms and cookies are
  // parsed there only, and the routes stay out of the route table (src/web/register-web.ts).
  registerWeb(app, deps, WEB_AREAS);
  return app;
}

type Classified = { status: number; message: string; headers: Record<string, string> };

function classifyError(err: unknown, bodyLimit: number): Classified {
  const known = err instanceof AppError ? err : bodyRefusal(err, bodyLimit);
  if (known) {
    return { status: STATUS_BY_CODE[known.code], message: known.message, headers: known.headers };
  }
  const e = err as { statusCode?: number; message?: string };
  if (typeof e.statusCode === "number" && e.statusCode >= 400 && e.statusCode < 500) {
    return { status: e.statusCode, message: e.message ?? "invalid request", headers: {} };
  }
  return {
    status: 500,
    message: "internal error; retry with exponential backoff",
    headers: {},
  };
}

/** Fastify's refusals of a request body, as errors of the catalogue (src/domain/errors.ts). */
function bodyRefusal(err: unknown, bodyLimit: number): AppError | undefined {
  switch ((err as { code?: string }).code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return new AppError("UNSUPPORTED_MEDIA_TYPE", "content-type: must be application/json");
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new AppError("PAYLOAD_TOO_LARGE", `body: larger than ${bodyLimit} bytes`);
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return badRequest("body: is empty; send a JSON object");
    case "FST_ERR_CTP_INVALID_JSON_BODY":
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return badRequest("body: malformed JSON");
  }
  return err instanceof SyntaxError ? badRequest("body: malformed JSON") : undefined;
}
