import { STATUS_BY_CODE } from "../domain/errors.ts";
import { publicRoutes, type RouteEntry, schemaOf } from "../route-table.ts";
import { jsonSchemaOf } from "./json-schema.ts";

/** The error statuses an operation can answer, from the one table: "400, 401, …, 429, 5xx". */
export function errorStatuses(): string {
  const statuses = [...new Set(Object.values(STATUS_BY_CODE))].sort((a, b) => a - b);
  return [
    ...statuses.filter((s) => s < 500),
    ...(statuses.some((s) => s >= 500) ? ["5xx"] : []),
  ].join(", ");
}

/** OpenAPI 3.1, generated from the registered routes and their zod schemas. */
export function buildOpenApi(routes: readonly RouteEntry[], baseUrl: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  const errors = `error: ${errorStatuses()}`;
  for (const r of publicRoutes(routes)) {
    const s = schemaOf(r);
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
          description: errors,
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
