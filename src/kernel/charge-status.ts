// The statuses of a charge: the kinds every layer shares (the database stores them, the domain
// moves charges between them; domain/charges/charge-status.ts says how).

export const STATUSES = [
  "pending",
  "approved",
  "declined",
  "canceled",
  "expired",
  "failed",
  "refunded",
] as const;
export type ChargeStatus = (typeof STATUSES)[number];
