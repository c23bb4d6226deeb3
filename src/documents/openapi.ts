import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { z } from "zod";
import { STATUS_BY_CODE } from "../domain/errors.ts";
import { openApiPath, type RouteEntry, schemaOf } from "../route-table.ts";
import {
  COMMON_RESPONSE_HEADERS,
  errorCodesOf,
  errorResponses,
  RESPONSE_HEADERS,
  responseName,
} from "./openapi-errors.ts";
import { STATIC_PATHS } from "./openapi-static.ts";
import { webhooksSection } from "./openapi-webhooks.ts";

// OpenAPI 3.1 from the one schema source: @fastify/swagger walks the registered routes, the zod
// type provider's jsonSchemaTransform writes each zod schema as JSON Schema, and finish() below
// adds what the route table knows (token policy, Idempotency-Key, error statuses) to every
// operation. Nothing here lists routes: a new JSON route appears with its schemas, security
// and errors; it only needs an operationId (a test fails without one).

type Operation = {
  operationId?: string;
  requestBody?: { content?: Record<string, { example?: unknown }> };
  parameters?: unknown[];
  security?: unknown[];
  "x-scope"?: string;
  responses?: Record<string, Record<string, unknown>>;
};
type OpenApiObject = {
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
};

const TAGS: Record<string, string> = {
  pix: "PIX charges: create (BR Code and QR image), read, list, simulate-pay, cancel, refund; the live PSP connection (BACEN API Pix).",
  checkout: "What the payer's pages read: a charge's public status, without customer data.",
  crypto: "Bitcoin charges paid to the merchant's own watch-only wallet, and the BTC/BRL quote.",
  products: "Products a public checkout can charge for.",
  tokens: "API tokens (svc_test_ for the sandbox, svc_prod_ for live data).",
  webhooks: "Webhook endpoints, their delivery log, and the events POSTed to them.",
  events: "The outbox: every event of a charge, in order.",
  sandbox:
    "The sandbox's own tools: the account's test clock, which moves its test mode ahead by days.",
  notifications:
    "Mail to payers (bills, reminders, receipts): its log, the account's mail settings, a bill sent again.",
  audit:
    "The account's tamper-evident audit log: sign-ins, keys, webhooks, connections, members and settings, hash-chained per account.",
  integrations: "Documents about this API, and the MCP tool bridge.",
  health: "Liveness, readiness, metrics and this reference.",
};

const DESCRIPTION = `Payment charges for Brazil: PIX and Bitcoin.

- **Authentication**: \`Authorization: Bearer <API token>\`. A \`svc_test_\` token works on the sandbox, a \`svc_prod_\` token on live data.
- **Scopes**: a token may be limited to some scopes (\`charges:read\`, \`charges:write\`, …); each operation names the one it needs in \`x-scope\` and its security requirement. Outside them: 403 naming the scope.
- **Envelope**: every JSON answer is \`{"success": true, "data": …}\` or \`{"success": false, "error": "<field>: <message>"}\`.
- **Idempotency**: writes take an \`Idempotency-Key\` header; the same key and body answer the stored response with \`Idempotent-Replayed: true\`.
- **Rate limits**: per token (per client IP without one); \`RateLimit\` and \`RateLimit-Policy\` on every answer, \`Retry-After\` on a 429.
- **Webhooks**: signed POSTs described under *webhooks*; verify the raw body.`;

const ERROR_SCHEMA = {
  type: "object",
  required: ["success", "error"],
  additionalProperties: false,
  properties: {
    success: { type: "boolean", const: false },
    error: { type: "string", description: "`<field>: <message>`, safe to show to a developer." },
  },
};

/** The options of @fastify/swagger (registered in http/api-reference.ts). */
export function openApiOptions(routes: readonly RouteEntry[]) {
  return {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Tostão API",
        version: "1.0.0",
        description: DESCRIPTION,
        license: { name: "MIT", identifier: "MIT" },
      },
      tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          bearer: {
            type: "http" as const,
            scheme: "bearer",
            description: "An API token: svc_test_… (sandbox) or svc_prod_… (live).",
          },
          metricsToken: {
            type: "http" as const,
            scheme: "bearer",
            description: "TOSTAO_METRICS_TOKEN, for GET /metrics only (not an API token).",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: ({ openapiObject }: { openapiObject: unknown }) =>
      finish(openapiObject as OpenApiObject, routes) as never,
  };
}

const IDEMPOTENCY_KEY = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422.",
  schema: { type: "string", minLength: 1, maxLength: 255 },
};

/** What a route writes itself, by content type, when it has no zod response schema. */
function bodySchemaOf(contentType: string): Record<string, unknown> {
  if (contentType.startsWith("image/")) return { type: "string", contentMediaType: contentType };
  if (contentType.startsWith("application/json")) {
    return { type: "object", additionalProperties: true };
  }
  return { type: "string" };
}

function finish(doc: OpenApiObject, routes: readonly RouteEntry[]): OpenApiObject {
  const paths: Record<string, Record<string, Operation>> = { ...doc.paths, ...STATIC_PATHS };
  const used = new Set<string>(["RateLimited", "Internal", "Unauthenticated"]);
  for (const [url, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      const r = routes.find((e) => openApiPath(e.url) === url && e.method.toLowerCase() === method);
      if (!r) continue;
      const s = schemaOf(r);
      // The scope a key needs (the operation table's), as the bearer requirement's list and as
      // an extension a client generator or a reader can pick out.
      const scopes = r.scope ? [r.scope] : [];
      op.security =
        r.auth === "required"
          ? [{ bearer: scopes }]
          : r.auth === "optional"
            ? [{ bearer: scopes }, {}]
            : [];
      if (r.scope) op["x-scope"] = r.scope;
      if (r.idempotent) op.parameters = [...(op.parameters ?? []), IDEMPOTENCY_KEY];
      // A body schema's own examples (zod .meta) are the request example of the page.
      const examples = s.body ? z.globalRegistry.get(s.body)?.examples : undefined;
      const example = Array.isArray(examples) ? examples[0] : undefined;
      const media = op.requestBody?.content?.["application/json"];
      if (media && example !== undefined) media.example = example;
      const ok = op.responses?.["200"] ?? {};
      const produces = s.produces?.[0];
      const content = produces ? { [produces]: { schema: bodySchemaOf(produces) } } : ok.content;
      const responses: Record<string, unknown> = {
        "200": {
          ...ok,
          description: "OK",
          headers: {
            ...COMMON_RESPONSE_HEADERS,
            ...(r.idempotent
              ? { "Idempotent-Replayed": { $ref: "#/components/headers/Idempotent-Replayed" } }
              : {}),
          },
          ...(content ? { content } : {}),
        },
      };
      for (const code of errorCodesOf(r)) {
        used.add(responseName(code));
        responses[String(STATUS_BY_CODE[code])] = {
          $ref: `#/components/responses/${responseName(code)}`,
        };
      }
      op.responses = responses as Operation["responses"];
    }
  }
  const allResponses = errorResponses();
  return {
    ...doc,
    paths,
    webhooks: webhooksSection(),
    components: {
      ...doc.components,
      schemas: { ...doc.components?.schemas, Error: ERROR_SCHEMA },
      responses: Object.fromEntries(Object.entries(allResponses).filter(([n]) => used.has(n))),
      headers: RESPONSE_HEADERS,
    },
  };
}
