import { z } from "zod";
import { EVENT_TYPES } from "../charges/charge-status.ts";
import {
  HasMore,
  ListArgumentsSchema,
  ListQuerySchema,
  PageArguments,
  PageQuery,
} from "../list-limit.ts";

export const SUBSCRIBABLE = EVENT_TYPES.filter((e) => e !== "webhook.test");

export const CreateWebhookSchema = z
  .strictObject({
    url: z
      .string()
      .trim()
      .min(1, "must not be empty")
      .max(2048, "must be at most 2048 characters")
      .describe("https URL that receives POST deliveries; must resolve to public addresses."),
    events: z
      .array(z.string())
      .min(1, "must list at least one event name, or *")
      .max(20, "must list at most 20 event names")
      .refine(
        (list) => list.every((e) => e === "*" || (SUBSCRIBABLE as readonly string[]).includes(e)),
        `must hold event names (${SUBSCRIBABLE.join(", ")}) or *`,
      )
      .describe('Event names, or ["*"] for all events.'),
  })
  .meta({ examples: [{ url: "https://shop.example.com/webhooks/tostao", events: ["*"] }] });

export const WebhookIdSchema = z.strictObject({
  id: z.string().trim().min(1, "must not be empty"),
});

export const WebhookViewSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  livemode: z.boolean(),
  createdAt: z.string(),
  active: z.boolean(),
  disabledAt: z.string().nullable(),
  disabledReason: z.string().nullable(),
});
export const NewWebhookSchema = WebhookViewSchema.extend({
  secret: z.string().describe("whsec_ signing secret. Shown in this response only; store it now."),
});

const DeliveryFilters = {
  webhook_id: z.string().trim().min(1).optional(),
  event: z.string().trim().min(1).optional(),
  status: z.enum(["pending", "succeeded", "failed"]).optional(),
};
export const ListDeliveriesQuerySchema = z.strictObject({ ...DeliveryFilters, ...PageQuery });
export const ListDeliveriesArgsSchema = z.strictObject({ ...DeliveryFilters, ...PageArguments });
export const ListWebhooksQuerySchema = ListQuerySchema;
export const ListWebhooksArgsSchema = ListArgumentsSchema;

export const AttemptViewSchema = z.object({
  attemptedAt: z.string(),
  statusCode: z.number().nullable(),
  latencyMs: z.number(),
  error: z.string().nullable(),
  responseSnippet: z.string().nullable(),
});
export const DeliveryViewSchema = z.object({
  id: z.string(),
  webhookId: z.string(),
  eventId: z.string(),
  event: z.string(),
  status: z.enum(["pending", "succeeded", "failed"]),
  attempts: z.number(),
  nextAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  attemptLog: z.array(AttemptViewSchema),
});

/** The `data` of webhook.test (manage-webhooks.ts sendTestEvent). */
export const TestEventDataSchema = z.object({
  message: z.string(),
  webhookId: z.string(),
  livemode: z.boolean(),
});

export const WebhookListSchema = z.object({
  webhooks: z.array(WebhookViewSchema),
  hasMore: HasMore,
});
export const DeliveryListSchema = z.object({
  deliveries: z.array(DeliveryViewSchema),
  hasMore: HasMore,
});
export const TestEventSentSchema = z.object({
  webhookId: z.string(),
  eventId: z.string(),
  deliveryId: z.string(),
  event: z.string(),
});
export const DeletedWebhookSchema = WebhookViewSchema.extend({ deleted: z.literal(true) });
export const RedeliveredSchema = z.object({ id: z.string(), status: z.literal("pending") });
