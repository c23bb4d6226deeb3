import type { z } from "zod";
import type { ErrorCode } from "./domain/errors.ts";

// The table of the HTTP routes as registered, which the documents (manifest, OpenAPI, guide,
// docs page) and the security and schema suites read. Its shape lives here rather than in
// src/http, so that the documents depend on this table and not on the app that fills it.

/** How a route treats the bearer token: 'optional' routes also serve the public (checkout). */
export type AuthPolicy = "required" | "optional" | "none";

/** One registered route, as the security suite, the manifest and OpenAPI see it. */
export type RouteEntry = {
  method: string;
  url: string;
  auth: AuthPolicy;
  /** The scope a key needs (the operation table's), if any. */
  scope?: string;
  /** Whether the route honours Idempotency-Key (and answers Idempotent-Replayed on a replay). */
  idempotent: boolean;
  schema: unknown;
};

/**
 * What the documents read of a route's schema. Every route the documents show needs an
 * `operationId` named for what it does (`createPixCharge`); `hide: true` keeps a route out of
 * them (HTML pages, GET /mcp).
 */
export type RouteSchema = {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  hide?: boolean;
  /**
   * The content type of a 200 body the handler writes itself, without a zod response schema
   * (an image, Markdown, a document): what the OpenAPI document says the route answers
   * (@fastify/swagger's own key; the first type is used).
   */
  produces?: readonly string[];
  /** Error codes the route raises beyond those its policy and input imply (openapi-errors.ts). */
  raises?: ErrorCode[];
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  response?: Record<number, z.ZodType>;
};

/** The parts of Fastify's route options that make a route table entry. */
export type RouteConfig = { auth?: AuthPolicy; idempotent?: boolean; scope?: string } | undefined;

/**
 * A route table entry from the route's options. A POST with a body honours Idempotency-Key
 * unless its config says `idempotent: false` (the house rule: every write takes a key).
 */
export function routeEntry(
  method: string,
  url: string,
  config: RouteConfig,
  schema: unknown,
): RouteEntry {
  const body = (schema as RouteSchema | undefined)?.body;
  return {
    method,
    url,
    auth: config?.auth ?? "none",
    ...(config?.scope ? { scope: config.scope } : {}),
    idempotent: config?.idempotent ?? (method === "POST" && body !== undefined),
    schema,
  };
}

export const schemaOf = (r: RouteEntry): RouteSchema => (r.schema ?? {}) as RouteSchema;

/** The routes the documents show: all but those marked `hide` (HTML pages, GET /mcp). */
export function publicRoutes(routes: readonly RouteEntry[]): RouteEntry[] {
  return routes.filter((r) => !schemaOf(r).hide);
}

/** A route's URL as OpenAPI writes it: Fastify's `:id` parameters as `{id}`. */
export const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");
