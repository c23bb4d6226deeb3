import { EVENT_TYPES } from "../domain/charges/charge-status.ts";
import { EVENT_DATA_SCHEMAS, webhookBodySchema } from "../domain/events/event-data.ts";
import { jsonSchemaOf } from "./json-schema.ts";
import { retrySchedule } from "./manifest.ts";

// The document's top-level `webhooks`: what the service POSTs to a merchant's URL for each
// event, with the body's schema (the same zod schemas the outbox payloads are typed by) and the
// headers of both signature schemes (domain/webhooks/signature.ts).

const header = (description: string, schema: Record<string, unknown> = { type: "string" }) => ({
  in: "header",
  required: true,
  description,
  schema,
});

const SIGNATURE_HEADERS = [
  {
    name: "X-Service-Signature",
    ...header(
      "`sha256=` and the lowercase hex HMAC-SHA256 of the raw body, keyed with the whole `whsec_` secret as UTF-8.",
      { type: "string", pattern: "^sha256=[0-9a-f]{64}$" },
    ),
  },
  { name: "X-Service-Event-Id", ...header("The event's id (the body's `id`).") },
  {
    name: "X-Service-Timestamp",
    ...header("Unix seconds of this attempt.", { type: "string", pattern: "^[0-9]+$" }),
  },
  { name: "webhook-id", ...header("Standard Webhooks: the event's id.") },
  {
    name: "webhook-timestamp",
    ...header("Standard Webhooks: unix seconds of this attempt (reject if far from now).", {
      type: "string",
      pattern: "^[0-9]+$",
    }),
  },
  {
    name: "webhook-signature",
    ...header(
      "Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-decoded part of the secret after `whsec_`.",
    ),
  },
];

const WHAT: Record<string, string> = {
  "charge.created": "A charge was created.",
  "charge.pending": "A charge is waiting for payment (sent with charge.created).",
  "charge.approved": "A charge was paid.",
  "charge.declined": "A charge expired, failed or was declined.",
  "charge.refund": "A charge was refunded.",
  "charge.updated":
    "A charge changed otherwise (canceled; a refund refused; a live PIX paid for less than its value, with amountReceived).",
  "charge.disputed":
    "The payer's bank is clawing a paid live PIX charge back through MED (MED_OPERACIONAL or MED_FRAUDE); the charge stays approved and `dispute` says how far it got.",
  "payment.unmatched":
    "Money reached you for no charge (`kind`): a Pix on your key for a txid no charge holds (a removed cob paid, or a cob not made here: refund or keep it at your PSP), or Bitcoin on an address handed out again whose amount matched no charge (docs/crypto.md).",
  "webhook.test": "A test event sent by POST /api/webhooks/test.",
  "subscription.created": "A subscription was created; it waits for the payer's authorisation.",
  "subscription.approved": "The payer authorised a subscription in their bank.",
  "subscription.rejected": "The payer refused to authorise a subscription.",
  "subscription.canceled":
    "A subscription was canceled, by the merchant or by the payer in their bank (`canceledBy`).",
  "subscription.expired":
    "A subscription was not authorised in time, or ran its term (its last period is over).",
  "notification.failed":
    "A mail to a payer failed for good (the relay refused it with a 5xx, or its retries ran out): `lastError` keeps the relay's reply, so you can reach the payer another way (docs/notifications.md).",
  "account.security":
    'A change to where the money goes, or a new key: the Bitcoin wallet, the PSP connection or its certificate, the Lightning node, a webhook created, an API key created (`action`). Carries who (`actor`), from which `ip`, when (`at`) and the fields changed, never a secret; live mode only, for live changes. If it was not you, see /dashboard/security and the audit log (docs/security.md, "Alerts").',
};

/** `on` + the event in PascalCase: charge.approved -> onChargeApproved. */
const operationIdOf = (event: string) =>
  `on${event
    .split(/[._-]/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("")}`;

export function webhooksSection(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const event of EVENT_TYPES) {
    const data = EVENT_DATA_SCHEMAS[event];
    out[event] = {
      post: {
        operationId: operationIdOf(event),
        summary: `${event}: ${WHAT[event] ?? "An event."}`,
        description: `Sent to every active webhook subscribed to \`${event}\`${event === "webhook.test" ? " (only on request)" : " or to `*`"}. Verify either signature over the raw body before parsing it. Answer 2xx within the timeout; anything else is retried: ${retrySchedule()}. A 410 disables the webhook.`,
        tags: ["webhooks"],
        security: [],
        parameters: SIGNATURE_HEADERS,
        requestBody: {
          required: true,
          content: {
            "application/json": { schema: jsonSchemaOf(webhookBodySchema(event, data)) },
          },
        },
        responses: {
          "200": { description: "Received (any 2xx): the delivery succeeded." },
          "410": { description: "Gone: the service disables this webhook and stops sending." },
        },
      },
    };
  }
  return out;
}
