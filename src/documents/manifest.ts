import { RETRY_DELAYS_MS } from "../domain/webhooks/retry-schedule.ts";
import { SUBSCRIBABLE } from "../domain/webhooks/schemas.ts";
import { publicRoutes, type RouteEntry, schemaOf } from "../route-table.ts";
import { jsonSchemaOf } from "./json-schema.ts";

// The manifest and the OpenAPI document are generated from the registered routes (and their zod
// schemas) and from the tool registry: nothing here is a hand-kept list of endpoints.

export function endpointsOf(routes: readonly RouteEntry[]) {
  return publicRoutes(routes).map((r) => {
    const schema = schemaOf(r);
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

/**
 * What the manifest and the guide need of each MCP tool (mcp/execute.ts describeTools): `modes`
 * are the token modes that may call it (["test"]: sandbox only), `liveRequires` the server
 * setting a live write needs.
 */
export type ToolSummary = {
  name: string;
  description: string;
  auth: string;
  modes?: readonly string[];
  liveRequires?: string;
};

/**
 * The manifest: what an integrator (or an AI agent) reads first. The MCP tools are handed in by
 * the caller (mcp/execute.ts describeTools), so documents/ sits below the front doors it
 * describes instead of importing them.
 */
export function buildManifest(
  routes: readonly RouteEntry[],
  baseUrl: string,
  tools: readonly ToolSummary[],
) {
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
      retries: retrySchedule(),
    },
    integrationFlow: [
      "Create a token (mode test or live): POST /api/auth/token/create",
      "Optionally create a webhook: POST /api/webhooks/create",
      "Create a PIX charge with value and title: POST /api/pix/charge/create (Idempotency-Key optional)",
      "Show brCode or qrCodeImage (PIX), or copyAddress or qrCodeImage (crypto); or send the payer to the response's paymentUrl (a hosted page with the QR, the code and live status)",
      "In the sandbox call POST /api/pix/charge/simulate-pay; in production wait for the charge.approved webhook",
    ],
    endpoints: endpointsOf(routes),
    mcpTools: tools,
  };
}

/** The delivery schedule in words, from the worker's own table: "at once, 5 s, 5 min, …". */
export function retrySchedule(): string {
  const words = (ms: number) =>
    ms < 60_000 ? `${ms / 1000} s` : ms < 3_600_000 ? `${ms / 60_000} min` : `${ms / 3_600_000} h`;
  return ["at once", ...RETRY_DELAYS_MS.map(words)].join(", ");
}
