// The charge lifecycle in one place: statuses, their display names, which moves are allowed,
// and which event each move emits (contract: Charges).

import { type ChargeStatus, STATUSES } from "../../kernel/charge-status.ts";

export const DISPLAY_STATUS: Record<ChargeStatus, string> = {
  pending: "Pendente",
  approved: "Aprovado",
  declined: "Recusado",
  canceled: "Cancelado",
  expired: "Expirado",
  failed: "Falhou",
  refunded: "Reembolsado",
};

/** Allowed moves. A status with no entry is final: nothing moves out of it. */
export const TRANSITIONS: Readonly<Record<ChargeStatus, readonly ChargeStatus[]>> = {
  pending: ["approved", "declined", "canceled", "expired", "failed"],
  approved: ["refunded"],
  declined: [],
  canceled: [],
  expired: [],
  failed: [],
  refunded: [],
};

export const EVENT_TYPES = [
  "charge.created",
  "charge.pending",
  "charge.approved",
  "charge.declined",
  "charge.refund",
  "charge.updated",
  "charge.disputed",
  "payment.unmatched",
  "webhook.test",
  // Subscriptions (domain/subscriptions/subscription-status.ts, docs/subscriptions.md).
  "subscription.created",
  "subscription.approved",
  "subscription.rejected",
  "subscription.canceled",
  "subscription.expired",
  // Payer mail that failed for good (domain/notifications/notification-failed.ts).
  "notification.failed",
  // A money-routing change or a new key (domain/audit/security-alert.ts, docs/security.md).
  "account.security",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
/** The events about a charge or a payment (their data: charges/event-data-schemas.ts). */
export type ChargeEventType = Extract<EventType, `charge.${string}` | "payment.unmatched">;

/** The event a move into `to` emits. */
export const EVENT_FOR_STATUS: Record<Exclude<ChargeStatus, "pending">, ChargeEventType> = {
  approved: "charge.approved",
  declined: "charge.declined",
  expired: "charge.declined",
  failed: "charge.declined",
  refunded: "charge.refund",
  canceled: "charge.updated",
};

export function canMove(from: ChargeStatus, to: ChargeStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** The statuses a charge may be in for a move into `to`. */
export function sourcesOf(to: ChargeStatus): ChargeStatus[] {
  return STATUSES.filter((s) => canMove(s, to));
}
