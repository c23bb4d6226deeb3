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

export const SUBSCRIPTION_EVENT_TYPES = [
  "subscription.created",
  "subscription.approved",
  "subscription.rejected",
  "subscription.canceled",
  "subscription.expired",
] as const;
export type SubscriptionEventType = (typeof SUBSCRIPTION_EVENT_TYPES)[number];

/** The event a move into each status emits. */
export const SUBSCRIPTION_EVENT_FOR: Record<SubscriptionStatus, SubscriptionEventType> = {
  created: "subscription.created",
  approved: "subscription.approved",
  rejected: "subscription.rejected",
  expired: "subscription.expired",
  canceled: "subscription.canceled",
};

/** Allowed moves: only a created subscription is answered; an approved one ends. */
export const SUBSCRIPTION_SOURCES: Record<SubscriptionStatus, readonly SubscriptionStatus[]> = {
  created: [],
  approved: ["created"],
  rejected: ["created"],
  expired: ["created", "approved"],
  canceled: ["created", "approved"],
};
