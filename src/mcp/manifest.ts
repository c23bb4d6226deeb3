import { z } from "zod";
import { SUBSCRIBABLE } from "../domain/webhooks/schemas.ts";
import type { RouteEntry } from "../http/app.ts";
import { describeTools } from "./execute.ts";

// The manifest and the OpenAPI document are generated from the registered routes (and their zod
// schemas) and from the tool registry: nothing here is a hand-kept list of endpoints.

type RouteSchema = {
  summary?: string;
  hide?: boolean;
  body?: z.ZodType;
  querystring?: z.ZodType;
  tags?: string[];
};

export function publicRoutes(routes: readonly RouteEntry[]): RouteEntry[] {
  return routes.filter((r) => !(r.schema as RouteSchema | undefined)?.hide);
}

export function jsonSchemaOf(s: z.ZodType | undefined): Record<string, unknown> | undefined {
  if (!s) return undefined;
  const { $schema: _ignored, ...rest } = z.toJSONSchema(s, {
    io: "input",
    unrepresentable: "any",
  }) as Record<string, unknown>;
  return rest;
}

export function endpointsOf(routes: readonly RouteEntry[]) {
  return publicRoutes(routes).map((r) => {
    const schema = (r.schema ?? {}) as RouteSchema;
    const query = jsonSchemaOf(schema.querystring);
    const body = jsonSchemaOf(schema.body);
    return {
      method: r.method,
      path: r.url,
      auth: r.auth === "required" ? "bearer" : r.auth === "optional" ? "bearer or public" : "none",
      summary: schema.summary ?? "",
      ...(query ? { query } : {}),
      ...(body ? { body } : {}),
    };
  });
}

export function buildManifest(routes: readonly RouteEntry[], baseUrl: string) {
  return {
    name: "Tostão",
    version: "1.0.0",
    description:
      "Payment charges for Brazil: PIX (BR Code + QR image) and Bitcoin paid to the merchant's own wallet, with signed webhooks, API tokens and a sandbox per account.",
    mcp: {
      endpoint: `${baseUrl}/mcp`,
      transport: "streamable-http (stateless)",
      bridge: `${baseUrl}/api/integrations/mcp/call`,
      stdio: {
        // Run from a clone: the package is not on npm, where `npx -p tostao` would run
        // whatever someone else published under that name.
        command: "node",
        args: ["/absolute/path/to/tostao/bin/tostao-mcp.js"],
        env: ["SVC_BASE_URL", "SVC_API_TOKEN"],
      },
    },
    baseUrl,
    authentication: {
      type: "bearer",
      header: "Authorization: Bearer <API token>",
      tokens: {
        test: "svc_test_… (sandbox: fake PIX, simulate-pay, livemode false)",
        live: "svc_prod_… (real charges)",
      },
      errors: { 401: "missing, invalid or revoked token", 403: "token may not do this" },
    },
    webhooks: {
      events: [...SUBSCRIBABLE, "webhook.test"],
      body: {
        id: "event id (stable across retries)",
        event: "name",
        timestamp: "ISO 8601",
        data: "charge object",
      },
      signature: {
        header: "X-Service-Signature",
        format: "sha256=<lowercase hex HMAC-SHA256 of the raw body, key = the whole whsec_ secret>",
        standardWebhooks: "webhook-id, webhook-timestamp, webhook-signature (v1,<base64>)",
      },
      retries: "at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h",
    },
    integrationFlow: [
      "Create a token (mode test or live): POST /api/auth/token/create",
      "Optionally create a webhook: POST /api/webhooks/create",
      "Create a PIX charge with value and title: POST /api/pix/charge/create (Idempotency-Key optional)",
      "Show brCode or qrCodeImage (PIX), or copyAddress or qrCodeImage (crypto)",
      "In the sandbox call POST /api/pix/charge/simulate-pay; in production wait for the charge.approved webhook",
    ],
    endpoints: endpointsOf(routes),
    mcpTools: describeTools(),
  };
}
