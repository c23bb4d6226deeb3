import type { z } from "zod";
import { jsonSchemaOf, publicRoutes } from "../mcp/manifest.ts";
import type { RouteEntry } from "./app.ts";

type RouteSchema = {
  summary?: string;
  tags?: string[];
  body?: z.ZodType;
  querystring?: z.ZodType;
  response?: Record<number, z.ZodType>;
};

/** OpenAPI 3.1, generated from the registered routes and their zod schemas. */
export function buildOpenApi(routes: readonly RouteEntry[], baseUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of publicRoutes(routes)) {
    const s = (r.schema ?? {}) as RouteSchema;
    const query = jsonSchemaOf(s.querystring) as
      | { properties?: Record<string, unknown>; required?: string[] }
      | undefined;
    const ok = jsonSchemaOf(s.response?.[200]);
    const op: Record<string, unknown> = {
      summary: s.summary ?? "",
      tags: s.tags ?? [],
      ...(r.auth === "required"
        ? { security: [{ bearer: [] }] }
        : r.auth === "optional"
          ? { security: [{ bearer: [] }, {}] }
          : {}),
      parameters: Object.entries(query?.properties ?? {}).map(([name, schema]) => ({
        name,
        in: "query",
        required: query?.required?.includes(name) ?? false,
        schema,
      })),
      ...(s.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: jsonSchemaOf(s.body) } },
            },
          }
        : {}),
      responses: {
        200: {
          description: "success",
          ...(ok ? { content: { "application/json": { schema: ok } } } : {}),
        },
        default: {
          description: "error: 400, 401, 403, 404, 409, 413, 415, 422, 429, 5xx",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        },
      },
    };
    paths[r.url] = { ...paths[r.url], [r.method.toLowerCase()]: op };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Tostão API", version: "1.0.0" },
    servers: [{ url: baseUrl }],
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "svc_test_… (sandbox) or svc_prod_… (live)",
        },
      },
      schemas: {
        Error: {
          type: "object",
          required: ["success", "error"],
          properties: { success: { const: false }, error: { type: "string" } },
        },
      },
    },
    paths,
  };
}
