// A subscription's statuses: the file's RecStatus (CRIADA, APROVADA, REJEITADA, EXPIRADA,
// CANCELADA) as plain lowercase words, with the Portuguese display names, like charges.

export const SUBSCRIPTION_STATUSES = [
  "created",
  "approved",
  "rejected",
  "expired",
  "canceled",
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SUBSCRIPTION_DISPLAY_STATUS: Record<SubscriptionStatus, string> = {
  created: "Aguardando autorização",
  approved: "Ativa",
  rejected: "Recusada",
  expired: "Expirada",
  canceled: "Cancelada",
};

/** The file's name of each status (live PSPs answer these). */
export const BACEN_REC_STATUS: Record<SubscriptionStatus, string> = {
  created: "CRIADA",
  approved: "APROVADA",
  rejected: "REJEITADA",
  expired: "EXPIRADA",
  canceled: "CANCELADA",
};

/**
 * A move into each status emits the event of its name (subscription.created, .approved, ...;
 * listed with every event type in charges/charge-status.ts, which the type is checked against
 * where an event is written).
 */
export type SubscriptionEventType = `subscription.${SubscriptionStatus}`;
export const subscriptionEventFor = (status: SubscriptionStatus): SubscriptionEventType =>
  `subscription.${status}`;

/** Allowed moves: only a created subscription is answered; an approved one ends. */
export const SUBSCRIPTION_SOURCES: Record<SubscriptionStatus, readonly SubscriptionStatus[]> = {
  created: [],
  approved: ["created"],
  rejected: ["created"],
  expired: ["created", "approved"],
  canceled: ["created", "approved"],
};
