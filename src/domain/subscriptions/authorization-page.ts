import { findAccount } from "../../db/queries/accounts.ts";
import type { SubscriptionRow } from "../../db/queries/subscriptions/subscription-row.ts";
import { findSubscriptionById } from "../../db/queries/subscriptions/subscriptions.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import { notFound } from "../errors.ts";
import { periodDate } from "./calendar.ts";
import type { SubscriptionDeps } from "./create-subscription.ts";
import { simulateAuthorize } from "./manage-subscriptions.ts";

// What a payer may see of a subscription on its hosted authorisation page (GET /subscribe/{id}):
// who charges, what, how much (or at most how much), how often, from when and until when, and
// the QR to authorise it. Nothing about the customer (name, CPF) or the merchant's references.

export type AuthorizationPage = {
  subscriptionId: string;
  merchantName: string;
  title: string;
  statusCode: SubscriptionRow["status"];
  livemode: boolean;
  periodicity: SubscriptionRow["periodicity"];
  amountCents: number | null;
  maxAmountCents: number | null;
  firstPaymentCents: number | null;
  firstDate: string;
  endDate: string | null;
  brCode: string;
  expiresAt: string;
};

export async function authorizationPage(
  deps: { db: Db; clock: Clock },
  id: string,
): Promise<AuthorizationPage> {
  const s = await findSubscriptionById(deps.db, id);
  if (!s) throw notFound(`subscription_id: subscription ${id} not found`);
  const account = await findAccount(deps.db, s.accountId);
  return {
    subscriptionId: s.id,
    merchantName: account?.displayName ?? "",
    title: s.title,
    statusCode: s.status,
    livemode: s.mode === "live",
    periodicity: s.periodicity,
    amountCents: s.maxValueCents === null ? s.valueCents : null,
    maxAmountCents: s.maxValueCents,
    firstPaymentCents: s.firstPaymentCents,
    firstDate: periodDate(s.startDate, s.periodicity, 0),
    endDate: s.endDate,
    brCode: s.brCode,
    expiresAt: s.expiresAt.toISOString(),
  };
}

/** The sandbox buttons of a test subscription's page: the payer's bank's answer. */
export async function simulateFromAuthorizationPage(
  deps: SubscriptionDeps,
  id: string,
  decision: "approve" | "reject",
): Promise<void> {
  const s = await findSubscriptionById(deps.db, id);
  if (s?.mode !== "test") throw notFound(`subscription_id: subscription ${id} not found`);
  const who = { accountId: s.accountId, mode: "test" as const, tokenId: "authorization-page" };
  await simulateAuthorize(deps, who, { subscription_id: id, decision }, "");
}
