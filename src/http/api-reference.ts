import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { baseUrlOf } from "../base-url.ts";
import type { AppDeps } from "../deps.ts";
import { openApiOptions } from "../documents/openapi.ts";
import type { RouteEntry } from "../route-table.ts";
import { brandPage, newcomerOrder, THEME_CSS } from "./api-reference-page.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** false: a POST with a body that ignores Idempotency-Key (route-table.ts routeEntry). */
    idempotent?: boolean;
  }
  interface FastifySchema {
    raises?: import("../domain/errors.ts").ErrorCode[];
  }
  interface FastifyInstance {
    /** The OpenAPI document with this request's base URL as its server. */
    openApiFor(req: FastifyRequest): Record<string, unknown>;
  }
}

// Every asset of the page is served from here (no CDN); the page may talk to this origin only.
const CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join("; ");

/**
 * The OpenAPI document (@fastify/swagger, from the routes' zod schemas: documents/openapi.ts)
 * and the reference page at /docs (Swagger UI, from @fastify/swagger-ui's bundled assets, dressed
 * as Tostão's and fit for a phone by api-reference-page.ts). Must be registered before the
 * routes: @fastify/swagger collects them as they are added.
 */
export function registerApiReference(
  app: FastifyInstance,
  deps: AppDeps,
  routes: readonly RouteEntry[],
): void {
  app.register(fastifySwagger, openApiOptions(routes) as never);
  const withServer = (req: FastifyRequest) => ({
    ...(app.swagger() as unknown as Record<string, unknown>),
    servers: [{ url: baseUrlOf(deps, req), description: "This service" }],
  });
  app.decorate("openApiFor", withServer);
  // A scope of its own, so the page's rewrite (brandPage) sees only the reference's answers.
  app.register(async (docs) => {
    docs.addHook("onSend", async (_req, reply, payload) =>
      typeof payload === "string" && String(reply.getHeader("content-type")).startsWith("text/html")
        ? brandPage(payload)
        : payload,
    );
    await docs.register(fastifySwaggerUi, {
      routePrefix: "/docs",
      staticCSP: CSP,
      transformSpecificationClone: false,
      transformSpecification: (_spec, req) => newcomerOrder(withServer(req)),
      theme: {
        title: "Tostão API reference",
        css: [{ filename: "tostao.css", content: THEME_CSS }],
        // No Swagger favicon: brandPage declares none, as the dashboard does.
        favicon: [],
      },
      // The page and its document: no MIME sniffing, no referrer sent from the page.
      uiHooks: {
        onRequest: (_req, reply, done) => {
          reply
            .header("X-Content-Type-Options", "nosniff")
            .header("Referrer-Policy", "no-referrer");
          done();
        },
      },
      uiConfig: {
        // Without Swagger's top bar (its logo, a box to load another document): Tostão's bar
        // (brandPage) is the page's header.
        layout: "BaseLayout",
        // No call to the public validator service: the page works offline.
        validatorUrl: null,
        tryItOutEnabled: true,
        displayOperationId: true,
        displayRequestDuration: true,
        persistAuthorization: false,
        docExpansion: "list",
        defaultModelsExpandDepth: 0,
      },
    });
  });
}
