import { z } from "zod";
import type { ToolDef } from "../../src/mcp/registry.ts";
import { publicRoutes, type RouteEntry, schemaOf } from "../../src/route-table.ts";

/** Tools that are not a REST operation (they run locally on what the caller gives them). */
export const TOOLS_WITHOUT_ROUTE = new Set([
  "verify_webhook_signature",
  "generate_integration_snippet",
]);

/** A schema as JSON Schema, without `default`s (a query's default is the tool's own default). */
function shape(s: z.ZodType, io: "input" | "output"): unknown {
  const strip = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(strip)
      : v && typeof v === "object"
        ? Object.fromEntries(
            Object.entries(v)
              .filter(([k]) => k !== "default" && k !== "$schema")
              .map(([k, x]) => [k, strip(x)]),
          )
        : v;
  return strip(z.toJSONSchema(s, { io, unrepresentable: "any" }));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * How a tool differs from the REST operation it names: its arguments against the route's body
 * (POST) or query (GET), its answer schema against the route's 200 `data`, its token rule and
 * whether it writes. Empty when they agree.
 */
export function driftOf(t: ToolDef, routes: readonly RouteEntry[]): string[] {
  if (!t.operationId) {
    return TOOLS_WITHOUT_ROUTE.has(t.name)
      ? []
      : [`${t.name}: names no operationId (the REST operation it is)`];
  }
  const r = publicRoutes(routes).find((e) => schemaOf(e).operationId === t.operationId);
  if (!r) return [`${t.name}: no route has operationId ${t.operationId}`];
  const s = schemaOf(r);
  const out: string[] = [];
  const routeInput = (r.method === "POST" ? s.body : s.querystring) ?? z.strictObject({});
  if (!same(shape(t.input, "input"), shape(routeInput, "input"))) {
    out.push(
      `${t.name}: arguments ${JSON.stringify(shape(t.input, "input"))} differ from ${r.method} ${r.url}'s ${JSON.stringify(shape(routeInput, "input"))}`,
    );
  }
  const ok = s.response?.[200];
  const data = ok instanceof z.ZodObject ? (ok.shape as { data?: z.ZodType }).data : undefined;
  if (data && !t.output) out.push(`${t.name}: declares no output; the route answers a schema`);
  if (data && t.output && !same(shape(t.output, "output"), shape(data, "output"))) {
    out.push(`${t.name}: answer schema differs from ${r.method} ${r.url}'s data`);
  }
  if (!data && t.output) out.push(`${t.name}: declares an output the route does not`);
  if (r.auth === "none" && t.auth) out.push(`${t.name}: needs a token; the route does not`);
  if (r.auth === "required" && !t.auth) out.push(`${t.name}: needs no token; the route does`);
  if ((r.method === "POST") !== t.write) out.push(`${t.name}: write is ${t.write} for ${r.method}`);
  return out;
}
