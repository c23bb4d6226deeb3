import type { Mode } from "../../../kernel/mode.ts";

// A subscription row as the queries of this folder read and write it (migration 0019): its
// type, its columns and the key every query of one subscription names.

export type SubscriptionStatusText = "created" | "approved" | "rejected" | "expired" | "canceled";

export type SubscriptionRow = {
  id: string;
  accountId: string;
  mode: Mode;
  status: SubscriptionStatusText;
  title: string;
  externalId: string | null;
  details: Record<string, string>;
  periodicity: "weekly" | "monthly" | "quarterly" | "semiannual" | "yearly";
  startDate: string;
  endDate: string | null;
  valueCents: number | null;
  maxValueCents: number | null;
  firstPaymentCents: number | null;
  retryPolicy: "none" | "up_to_3_in_7_days";
  provider: string;
  recId: string;
  brCode: string;
  firstChargeId: string | null;
  nextPeriod: number;
  nextIssueAt: Date | null;
  nextAmountCents: number | null;
  failDebits: boolean;
  canceledBy: "merchant" | "payer" | null;
  expiresAt: Date;
  createdAt: Date;
  updatedAt: Date;
  approvedAt: Date | null;
  canceledAt: Date | null;
};

const COLUMNS: Array<[string, keyof SubscriptionRow]> = [
  ["id", "id"],
  ["account_id", "accountId"],
  ["mode", "mode"],
  ["status", "status"],
  ["title", "title"],
  ["external_id", "externalId"],
  ["details", "details"],
  ["periodicity", "periodicity"],
  ["to_char(start_date, 'YYYY-MM-DD')", "startDate"],
  ["to_char(end_date, 'YYYY-MM-DD')", "endDate"],
  ["value_cents", "valueCents"],
  ["max_value_cents", "maxValueCents"],
  ["first_payment_cents", "firstPaymentCents"],
  ["retry_policy", "retryPolicy"],
  ["provider", "provider"],
  ["rec_id", "recId"],
  ["br_code", "brCode"],
  ["first_charge_id", "firstChargeId"],
  ["next_period", "nextPeriod"],
  ["next_issue_at", "nextIssueAt"],
  ["next_amount_cents", "nextAmountCents"],
  ["fail_debits", "failDebits"],
  ["canceled_by", "canceledBy"],
  ["expires_at", "expiresAt"],
  ["created_at", "createdAt"],
  ["updated_at", "updatedAt"],
  ["approved_at", "approvedAt"],
  ["canceled_at", "canceledAt"],
];
const cols = (alias = "") =>
  COLUMNS.map(
    ([c, f]) => `${c.includes("(") ? c.replace("(", `(${alias}`) : alias + c} AS "${f}"`,
  ).join(", ");
export const SUBSCRIPTION_COLUMNS = cols();

/** One subscription: every query of one names its account and mode. */
export type SubscriptionKey = { accountId: string; mode: Mode; id: string };
