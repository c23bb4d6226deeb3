import { deliverAtOf, type NewEvent } from "../../db/queries/events.ts";
import type { SubscriptionRow } from "../../db/queries/subscriptions/subscription-row.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import { qrPngDataUrl } from "../../qr/qr-png.ts";
import { type EventPayloadDeps, eventPayload } from "../event-payload.ts";
import { newId } from "../ids.ts";
import { centsToBrl } from "../money.ts";
import { periodDate } from "./calendar.ts";
import { SubscriptionDataSchema } from "./schemas.ts";
import {
  SUBSCRIPTION_DISPLAY_STATUS,
  type SubscriptionStatus,
  subscriptionEventFor,
} from "./subscription-status.ts";

// How a subscription is shown: the webhook `data` of its events is the core of every view, so
// events, status and lists agree field by field.

const brl = (cents: number | null) => (cents === null ? null : centsToBrl(cents));
const detail = (s: SubscriptionRow, key: string) => s.details[key] ?? null;

/** The date of the next period to be charged, if any is left and the subscription is active. */
export function nextChargeDate(s: SubscriptionRow): string | null {
  if (s.status !== "approved" || s.nextIssueAt === null) return null;
  const d = periodDate(s.startDate, s.periodicity, s.nextPeriod);
  return s.endDate !== null && d > s.endDate ? null : d;
}

export function subscriptionData(s: SubscriptionRow) {
  return {
    subscriptionId: s.id,
    status: SUBSCRIPTION_DISPLAY_STATUS[s.status],
    statusCode: s.status,
    livemode: s.mode === "live",
    title: s.title,
    external_id: s.externalId,
    customer_name: detail(s, "customer_name"),
    customer_cpf: detail(s, "customer_cpf"),
    customer_cnpj: detail(s, "customer_cnpj"),
    customer_email: detail(s, "customer_email"),
    periodicity: s.periodicity,
    startDate: s.startDate,
    endDate: s.endDate,
    value: brl(s.valueCents),
    maxValue: brl(s.maxValueCents),
    firstPaymentValue: brl(s.firstPaymentCents),
    firstChargeId: s.firstChargeId,
    retryPolicy: s.retryPolicy,
    provider: s.provider,
    recId: s.recId,
    nextChargeDate: nextChargeDate(s),
    nextAmount: brl(s.nextAmountCents),
    canceledBy: s.canceledBy,
    createdAt: s.createdAt.toISOString(),
    approvedAt: s.approvedAt?.toISOString() ?? null,
    canceledAt: s.canceledAt?.toISOString() ?? null,
    expiresAt: s.expiresAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

/** The hosted authorisation page of a subscription. */
export function subscriptionUrl(baseUrl: string, id: string): string {
  return `${baseUrl}/subscribe/${encodeURIComponent(id)}`;
}

export function subscriptionView(s: SubscriptionRow, baseUrl: string) {
  return { ...subscriptionData(s), brCode: s.brCode, paymentUrl: subscriptionUrl(baseUrl, s.id) };
}

/** The view with the QR image of its BR Code (creation and status). */
export function subscriptionFullView(s: SubscriptionRow, baseUrl: string) {
  return { ...subscriptionView(s, baseUrl), qrCodeImage: qrPngDataUrl(s.brCode) };
}

/**
 * The outbox event of a subscription's move into `status`. The subscription's id goes in the
 * events' charge_id column (the subject of the event), so GET /api/events?charge_id=sub_… and
 * the dashboard read a subscription's events through the same index as a charge's.
 */
export function subscriptionEvent(
  deps: { clock: Clock; random: Random } & EventPayloadDeps,
  s: SubscriptionRow,
  status: SubscriptionStatus = s.status,
): NewEvent {
  const type = subscriptionEventFor(status);
  return {
    id: newId("evt", deps),
    accountId: s.accountId,
    mode: s.mode,
    type,
    chargeId: s.id,
    payload: eventPayload(deps, SubscriptionDataSchema, subscriptionData(s)),
    createdAt: deps.clock.now(),
    ...deliverAtOf(deps.clock),
  };
}
