import type { z } from "zod";
import { lockAccount } from "../../db/queries/accounts.ts";
import { deliveryState } from "../../db/queries/deliveries/delivery-state.ts";
import { insertDirectDelivery } from "../../db/queries/deliveries/insert-direct-delivery.ts";
import { listAttempts } from "../../db/queries/deliveries/list-attempts.ts";
import { listDeliveries as listDeliveryRows } from "../../db/queries/deliveries/list-deliveries.ts";
import { redeliver as requeueDelivery } from "../../db/queries/deliveries/redeliver.ts";
import { insertEvents } from "../../db/queries/events.ts";
import * as q from "../../db/queries/webhooks.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { checkWebhookUrl, resolveAndCheck, type UrlCheck } from "../../net/address-policy.ts";
import { type AuditActor, type AuditDeps, recordAudit } from "../audit/record-audit.ts";
import type { EndpointDeps } from "../endpoint-deps.ts";
import { AppError, notFound, unprocessable } from "../errors.ts";
import { eventPayload } from "../event-payload.ts";
import { newId } from "../ids.ts";
import { pageOf } from "../list-limit.ts";
import {
  type CreateWebhookSchema,
  type DeliveryViewSchema,
  type ListDeliveriesQuerySchema,
  TestEventDataSchema,
  type WebhookViewSchema,
} from "./schemas.ts";
import { generateWebhookSecret } from "./signature.ts";

export type WebhookDeps = EndpointDeps & { strictPayloads?: boolean };

export const MAX_WEBHOOKS = 20;

function view(w: q.WebhookRow): z.infer<typeof WebhookViewSchema> {
  return {
    id: w.id,
    url: w.url,
    events: w.events,
    livemode: w.mode === "live",
    createdAt: w.createdAt.toISOString(),
    active: w.disabledAt === null,
    disabledAt: w.disabledAt?.toISOString() ?? null,
    disabledReason: w.disabledReason,
  };
}

/**
 * Whether a URL may be a webhook target: https, and resolving to public addresses only (unless
 * allow-listed). It asks DNS, so callers run it before opening a transaction (the Idempotency-Key
 * one included) rather than holding a connection and the key's lock through the lookup.
 */
export async function checkWebhookTarget(
  deps: Pick<WebhookDeps, "urlPolicy" | "lookup">,
  url: string,
): Promise<UrlCheck> {
  const lexical = checkWebhookUrl(url, deps.urlPolicy);
  if (!lexical.ok) return withAllowHint(lexical.reason);
  const resolved = await resolveAndCheck(lexical.url.hostname, deps.urlPolicy, deps.lookup);
  return resolved.ok ? lexical : withAllowHint(resolved.reason);
}

/**
 * A receiver on the developer's own machine (http://localhost:…) is the first webhook most
 * people try, and "must use https" alone does not say that a setting allows it: the refusals
 * that the allow-list lifts name it. The same words for every host refused, so the hint tells a
 * caller nothing about which names exist inside our network.
 */
export const ALLOW_HOSTS_HINT =
  "for development, a receiver on this machine or a private network is allowed (http too) by listing its host in the service's TOSTAO_WEBHOOK_ALLOW_HOSTS setting";

function withAllowHint(reason: string): UrlCheck {
  const liftable = /must use https|is not public|does not resolve to a public address/.test(reason);
  return { ok: false, reason: liftable ? `${reason}; ${ALLOW_HOSTS_HINT}` : reason };
}

/**
 * Registers a webhook of the caller's account and mode (`checked`: the URL's
 * checkWebhookTarget, when the caller ran it already). The URL must be https and resolve to
 * public addresses only (unless its host is allow-listed for development); it is checked again
 * at every delivery. The secret is returned here and only here.
 */
export async function createWebhook(
  deps: WebhookDeps,
  who: Principal,
  input: z.output<typeof CreateWebhookSchema>,
  actor: AuditActor,
  checked?: UrlCheck,
) {
  const target = checked ?? (await checkWebhookTarget(deps, input.url));
  if (!target.ok) throw unprocessable(`url: ${target.reason}`);
  // The count and the insert run under the account row's lock, so concurrent creates cannot
  // pass the cap together.
  return deps.db.transaction(async (db) => {
    await lockAccount(db, who.accountId);
    if ((await q.countWebhooks(db, who)) >= MAX_WEBHOOKS) {
      throw unprocessable(
        `webhooks: at most ${MAX_WEBHOOKS} per account and mode; delete one first`,
      );
    }
    const made = await insertNew({ ...deps, db }, who, target.url.toString(), input.events);
    // The URL and events only: the signing secret never reaches the log.
    await recordAudit(
      { ...deps, db },
      {
        accountId: who.accountId,
        mode: who.mode,
        actor,
        action: "webhook.created",
        target: made.id,
        changes: { url: { after: made.url }, events: { after: made.events } },
      },
    );
    return made;
  });
}

async function insertNew(deps: WebhookDeps, who: Principal, url: string, events: string[]) {
  const id = newId("wh", deps);
  const secret = generateWebhookSecret((n) => deps.random.bytes(n));
  const row: q.WebhookRow = {
    id,
    accountId: who.accountId,
    mode: who.mode,
    url,
    events: [...new Set(events.includes("*") ? ["*"] : events)],
    secretBox: deps.secretBox.seal(secret, id),
    createdAt: deps.clock.now(),
    disabledAt: null,
    disabledReason: null,
  };
  await q.insertWebhook(deps.db, row);
  return { ...view(row), secret };
}

/** The caller's webhooks, newest first, a page at a time. */
export async function listWebhooks(
  deps: { db: Db },
  who: Principal,
  page: { limit: number; offset: number } = { limit: 1000, offset: 0 },
) {
  const rows = await q.listWebhooks(deps.db, {
    accountId: who.accountId,
    mode: who.mode,
    limit: page.limit + 1,
    offset: page.offset,
  });
  const { items, hasMore } = pageOf(rows, page.limit);
  return { webhooks: items.map(view), hasMore };
}

export async function deleteWebhook(
  deps: AuditDeps,
  who: Principal,
  id: string,
  actor: AuditActor,
) {
  return deps.db.transaction(async (db) => {
    const row = await q.deleteWebhook(db, { ...who, id, at: deps.clock.now() });
    if (!row) throw notFound(`id: webhook ${id} not found`);
    await recordAudit(
      { ...deps, db },
      {
        accountId: who.accountId,
        mode: who.mode,
        actor,
        action: "webhook.deleted",
        target: row.id,
        changes: { url: { before: row.url }, events: { before: row.events } },
      },
    );
    return { ...view(row), deleted: true as const };
  });
}

/** Sends a webhook.test event to one webhook, whatever its events list. */
export async function sendTestEvent(deps: WebhookDeps, who: Principal, id: string) {
  const hook = await q.findWebhook(deps.db, { ...who, id });
  if (!hook) throw notFound(`id: webhook ${id} not found`);
  if (hook.disabledAt)
    throw unprocessable(`id: webhook ${id} is disabled (${hook.disabledReason ?? "no reason"})`);
  const now = deps.clock.now();
  const eventId = newId("evt", deps);
  const deliveryId = newId("dlv", deps);
  await deps.db.transaction(async (db) => {
    // chargeId null: the event belongs to no charge. No webhook subscribes to webhook.test, so
    // the fan-out makes no delivery; the one delivery is made directly.
    await insertEvents(db, [
      {
        id: eventId,
        accountId: who.accountId,
        mode: who.mode,
        type: "webhook.test",
        chargeId: null,
        payload: eventPayload(deps, TestEventDataSchema, {
          message: "This is a test event from Tostão.",
          webhookId: id,
          livemode: who.mode === "live",
        }),
        createdAt: now,
      },
    ]);
    await insertDirectDelivery(db, {
      id: deliveryId,
      webhookId: id,
      accountId: who.accountId,
      mode: who.mode,
      eventId,
      eventType: "webhook.test",
      at: now,
    });
  });
  return { webhookId: id, eventId, deliveryId, event: "webhook.test" };
}

export async function listDeliveries(
  deps: { db: Db },
  who: Principal,
  input: Omit<z.output<typeof ListDeliveriesQuerySchema>, "offset"> & { offset?: number },
): Promise<{ deliveries: Array<z.infer<typeof DeliveryViewSchema>>; hasMore: boolean }> {
  const found = await listDeliveryRows(deps.db, {
    ...who,
    limit: input.limit + 1,
    offset: input.offset ?? 0,
    ...(input.webhook_id ? { webhookId: input.webhook_id } : {}),
    ...(input.event ? { event: input.event } : {}),
    ...(input.status ? { status: input.status } : {}),
  });
  const { items: rows, hasMore } = pageOf(found, input.limit);
  // A webhook the caller cannot see is 404, as on every route that takes its id (a deleted
  // one is still the caller's: its log stays). Only an empty answer needs the second look.
  if (input.webhook_id && rows.length === 0) {
    const key = { accountId: who.accountId, mode: who.mode, id: input.webhook_id };
    if (!(await q.webhookKnown(deps.db, key))) {
      throw notFound(`webhook_id: webhook ${input.webhook_id} not found`);
    }
  }
  const attempts = await listAttempts(
    deps.db,
    rows.map((r) => r.id),
  );
  const deliveries = rows.map((r) => ({
    id: r.id,
    webhookId: r.webhookId,
    eventId: r.eventId,
    event: r.event,
    status: r.status as "pending" | "succeeded" | "failed",
    attempts: r.attempts,
    nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
    lastStatusCode: r.lastStatusCode,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
    attemptLog: attempts
      .filter((a) => a.deliveryId === r.id)
      .map((a) => ({
        attemptedAt: a.attemptedAt.toISOString(),
        statusCode: a.statusCode,
        latencyMs: a.latencyMs,
        error: a.error,
        responseSnippet: a.responseSnippet,
      })),
  }));
  return { deliveries, hasMore };
}

export async function redeliver(deps: { db: Db; clock: Clock }, who: Principal, id: string) {
  const done = await requeueDelivery(deps.db, { ...who, id, at: deps.clock.now() });
  if (done) return { id, status: "pending" as const };
  const state = await deliveryState(deps.db, { ...who, id, at: deps.clock.now() });
  if (state === "in_flight") {
    // Re-queuing now would let a second worker send it while the first still is.
    throw new AppError(
      "CONFLICT",
      `id: delivery ${id} is being attempted right now; retry in a few seconds`,
    );
  }
  if (state === "webhook_gone")
    throw unprocessable(`id: the webhook of delivery ${id} is disabled or deleted`);
  throw notFound(`id: delivery ${id} not found`);
}
