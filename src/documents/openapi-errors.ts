import { type ErrorCode, STATUS_BY_CODE } from "../domain/errors.ts";
import { type RouteEntry, schemaOf } from "../route-table.ts";
import { jsonSchemaOf } from "./json-schema.ts";

// Which failures each operation can answer, derived from the route as registered (its token
// policy, its input, whether it takes an Idempotency-Key) and the one error table
// (domain/errors.ts): a new route gets its error responses without anyone listing them.

/** Why each code happens, as the document's response descriptions say it (a new code of the
 * table without a line here is still documented, with a generic one). */
const WHY: Partial<Record<ErrorCode, string>> = {
  BAD_REQUEST: "Malformed JSON, a missing or unknown field, a wrong JSON type, or a bad header.",
  UNAUTHENTICATED: "Authorization missing or malformed, or the token unknown or revoked.",
  FORBIDDEN: "The token may not do this (a live token on simulate-pay, a live write tool).",
  NOT_FOUND: "No such id for this account and mode.",
  CONFLICT: "A request with the same Idempotency-Key is still in progress; retry shortly.",
  PAYLOAD_TOO_LARGE: "The body is larger than the configured limit.",
  UNSUPPORTED_MEDIA_TYPE: "The body is not application/json.",
  UNPROCESSABLE:
    "Well-formed but invalid values, a state that forbids the operation, or an Idempotency-Key reused with another body.",
  RATE_LIMITED: "Over the rate limit or the open-requests cap; Retry-After says when to come back.",
  INTERNAL: "A bug; the message is generic. Retry with exponential backoff.",
  BAD_GATEWAY:
    "The merchant's PSP (live PIX) could not be reached or failed; nothing was left half-done, and a retry with the same Idempotency-Key is safe.",
  UNAVAILABLE:
    "A dependency (database, price sources, PIX provider) cannot answer now, or the merchant's PSP is rate-limiting us; Retry-After says when to come back.",
};

/** The response component name of an error code: BAD_REQUEST -> BadRequest. */
export const responseName = (code: ErrorCode) =>
  code
    .toLowerCase()
    .split("_")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("");

/** The error codes one route can answer with, in status order. */
export function errorCodesOf(r: RouteEntry): ErrorCode[] {
  const s = schemaOf(r);
  const codes = new Set<ErrorCode>(["RATE_LIMITED", "INTERNAL"]);
  const inputs = [s.body, s.querystring, s.params].map(jsonSchemaOf).filter((j) => j !== undefined);
  const reads = r.auth !== "none" || inputs.length > 0;
  if (r.auth !== "none") codes.add("UNAUTHENTICATED");
  // A write may be refused to a token (mode rules), and any scoped operation to a key without
  // its scope.
  if (r.auth !== "none" && (r.method === "POST" || r.scope)) codes.add("FORBIDDEN");
  if (inputs.length > 0) codes.add("BAD_REQUEST").add("UNPROCESSABLE");
  if (s.body) codes.add("PAYLOAD_TOO_LARGE").add("UNSUPPORTED_MEDIA_TYPE");
  const names = inputs.flatMap((j) => Object.keys((j.properties ?? {}) as object));
  if (names.some((n) => n === "id" || n.endsWith("_id"))) codes.add("NOT_FOUND");
  if (r.idempotent) codes.add("CONFLICT").add("BAD_REQUEST");
  if (reads) codes.add("UNAVAILABLE");
  for (const code of s.raises ?? []) codes.add(code);
  return [...codes].sort((a, b) => STATUS_BY_CODE[a] - STATUS_BY_CODE[b]);
}

/** The error statuses any operation can answer, from the one table: "400, 401, …, 429, 5xx". */
export function errorStatuses(): string {
  const statuses = [...new Set(Object.values(STATUS_BY_CODE))].sort((a, b) => a - b);
  return [
    ...statuses.filter((s) => s < 500),
    ...(statuses.some((s) => s >= 500) ? ["5xx"] : []),
  ].join(", ");
}

const rateHeaders = {
  RateLimit: { $ref: "#/components/headers/RateLimit" },
  "RateLimit-Policy": { $ref: "#/components/headers/RateLimit-Policy" },
  "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" },
};

/** The headers every answer may carry (the rate-limit pair when limits are on). */
export const COMMON_RESPONSE_HEADERS = rateHeaders;

/** components.responses: one per error code of the table, each the envelope with its status. */
export function errorResponses(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const code of Object.keys(STATUS_BY_CODE) as ErrorCode[]) {
    out[responseName(code)] = {
      description: `${STATUS_BY_CODE[code]} ${code}: ${WHY[code] ?? "See the message."}`,
      // The catalogue's code, for typed errors in generated clients (packages/client).
      "x-error-code": code,
      headers: {
        ...rateHeaders,
        ...(code === "RATE_LIMITED"
          ? { "Retry-After": { $ref: "#/components/headers/Retry-After" } }
          : {}),
        ...(code === "UNAUTHENTICATED"
          ? {
              "WWW-Authenticate": {
                description: "The scheme to use, on /metrics.",
                schema: { type: "string" },
              },
            }
          : {}),
      },
      content: {
        "application/json": {
          schema: { $ref: "#/components/schemas/Error" },
          example: { success: false, error: exampleMessage(code) },
        },
      },
    };
  }
  return out;
}

function exampleMessage(code: ErrorCode): string {
  switch (code) {
    case "RATE_LIMITED":
      return "rate limit: at most 100 requests per second; retry after 1 s";
    case "UNAUTHENTICATED":
      return "authorization: missing; send Authorization: Bearer <API token>";
    case "INTERNAL":
      return "internal error; retry with exponential backoff";
    default:
      return `field: ${(WHY[code] ?? "see the message").toLowerCase()}`;
  }
}

/** components.headers: what the guard and the idempotent writes send. */
export const RESPONSE_HEADERS = {
  RateLimit: {
    description:
      'Remaining requests in the current window, per token (or per client IP without one): `"test";r=99;t=1`. Sent when rate limits are on.',
    schema: { type: "string" },
  },
  "RateLimit-Policy": {
    description: 'The limit that applies: `"test";q=100;w=1` (requests per second).',
    schema: { type: "string" },
  },
  "Retry-After": {
    description: "Seconds to wait before retrying.",
    schema: { type: "integer", minimum: 0 },
  },
  "X-Request-Id": {
    description: "The request's id (yours, from X-Request-Id, when it is a sane token).",
    schema: { type: "string" },
  },
  "Idempotent-Replayed": {
    description:
      "`true` when this is the stored answer of an earlier request with the same Idempotency-Key.",
    schema: { type: "string", enum: ["true"] },
  },
};
