import type { z } from "zod";

// The table of the HTTP routes as registered, which the documents (manifest, OpenAPI, guide,
// docs page) and the security and schema suites read. Its shape lives here rather than in
// src/http, so that the documents depend on this table and not on the app that fills it.

/** How a route treats the bearer token: 'optional' routes also serve the public (checkout). */
export type AuthPolicy = "required" | "optional" | "none";

/** One registered route, as the security suite, the manifest and OpenAPI see it. */
export type RouteEntry = { method: string; url: string; auth: AuthPolicy; schema: unknown };

/** What the documents read of a route's schema (`hide` keeps it out of them). */
export type RouteSchema = {
  summary?: string;
  tags?: string[];
  hide?: boolean;
  body?: z.ZodType;
  querystring?: z.ZodType;
  response?: Record<number, z.ZodType>;
};

export const schemaOf = (r: RouteEntry): RouteSchema => (r.schema ?? {}) as RouteSchema;

/** The routes the documents show: all but those marked `hide` (health checks, /docs, GET /mcp). */
export function publicRoutes(routes: readonly RouteEntry[]): RouteEntry[] {
  return routes.filter((r) => !schemaOf(r).hide);
}
