import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../deps.ts";
import {
  checkWebhookTarget,
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  sendTestEvent,
} from "../../domain/webhooks/manage-webhooks.ts";
import {
  CreateWebhookSchema,
  DeletedWebhookSchema,
  DeliveryListSchema,
  ListDeliveriesQuerySchema,
  NewWebhookSchema,
  RedeliveredSchema,
  TestEventSentSchema,
  WebhookIdSchema,
  WebhookListSchema,
} from "../../domain/webhooks/schemas.ts";
import { okEnvelope } from "../envelope.ts";
import { sendIdempotent } from "../idempotent-reply.ts";
import { principalOf } from "../plugins/guard.ts";

const tags = ["webhooks"];
const auth = { auth: "required" as const };

export function registerWebhookRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/webhooks/create",
    {
      config: auth,
      schema: {
        operationId: "createWebhook",
        summary: "Register a webhook; its whsec_ secret is in this response only",
        tags,
        body: CreateWebhookSchema,
        response: { 200: okEnvelope(NewWebhookSchema) },
      },
    },
    async (req, reply) => {
      const who = principalOf(req);
      // DNS before the Idempotency-Key transaction, which must not wait on the network. A
      // failed check is raised inside it, so a replay still answers with the stored response.
      const checked = await checkWebhookTarget(deps, req.body.url);
      await sendIdempotent(
        deps,
        req,
        reply,
        NewWebhookSchema,
        (db) => createWebhook({ ...deps, db }, who, req.body, checked),
        {
          secretBox: deps.secretBox,
        },
      );
    },
  );

  r.get(
    "/api/webhooks",
    {
      config: auth,
      schema: {
        operationId: "listWebhooks",
        summary: "List webhooks (never their secrets)",
        tags,
        response: { 200: okEnvelope(WebhookListSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { webhooks: await listWebhooks(deps, principalOf(req)) },
    }),
  );

  r.post(
    "/api/webhooks/test",
    {
      config: auth,
      schema: {
        operationId: "sendWebhookTest",
        summary: "Send a webhook.test event to one webhook, whatever its events list",
        tags,
        body: WebhookIdSchema,
        response: {
          200: okEnvelope(TestEventSentSchema),
        },
      },
    },
    async (req, reply) => {
      const who = principalOf(req);
      await sendIdempotent(
        deps,
        req,
        reply,
        TestEventSentSchema,
        (db) => sendTestEvent({ ...deps, db }, who, req.body.id),
        { noSecret: true },
      );
    },
  );

  r.post(
    "/api/webhooks/delete",
    {
      config: auth,
      schema: {
        operationId: "deleteWebhook",
        summary: "Delete a webhook; its pending deliveries are failed, its log stays",
        tags,
        body: WebhookIdSchema,
        response: { 200: okEnvelope(DeletedWebhookSchema) },
      },
    },
    async (req, reply) => {
      const who = principalOf(req);
      await sendIdempotent(
        deps,
        req,
        reply,
        DeletedWebhookSchema,
        (db) => deleteWebhook({ ...deps, db }, who, req.body.id),
        { noSecret: true },
      );
    },
  );

  r.get(
    "/api/webhooks/deliveries",
    {
      config: auth,
      schema: {
        operationId: "listWebhookDeliveries",
        summary: "The delivery log, newest first, with every attempt",
        tags,
        querystring: ListDeliveriesQuerySchema,
        response: { 200: okEnvelope(DeliveryListSchema) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { deliveries: await listDeliveries(deps, principalOf(req), req.query) },
    }),
  );

  r.post(
    "/api/webhooks/deliveries/redeliver",
    {
      config: auth,
      schema: {
        operationId: "redeliverWebhookDelivery",
        summary: "Queue a delivery again, now, with a fresh retry schedule",
        tags,
        body: WebhookIdSchema,
        response: { 200: okEnvelope(RedeliveredSchema) },
      },
    },
    async (req, reply) => {
      const who = principalOf(req);
      await sendIdempotent(
        deps,
        req,
        reply,
        RedeliveredSchema,
        (db) => redeliver({ ...deps, db }, who, req.body.id),
        { noSecret: true },
      );
    },
  );
}
