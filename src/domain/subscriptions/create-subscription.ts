import type { ChargeRow } from "../../db/queries/charges.ts";
import { insertSubscriptionCharge } from "../../db/queries/subscriptions/periods.ts";
import type { SubscriptionRow } from "../../db/queries/subscriptions/subscription-row.ts";
import { insertSubscription } from "../../db/queries/subscriptions/subscriptions.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { creationEvents } from "../charges/charge-events.ts";
import { epochDayOf } from "../due-date/calendar-date.ts";
import { unprocessable } from "../errors.ts";
import { newId } from "../ids.ts";
import { brlToCents } from "../money.ts";
import { clockFor } from "./account-clock.ts";
import { brazilToday, ISSUE_DAYS_BEFORE, midnightOf } from "./calendar.ts";
import type { SubscriptionRails } from "./rail.ts";
import type { CreateSubscription } from "./schemas.ts";
import { subscriptionEvent, subscriptionFullView } from "./subscription-view.ts";

export type SubscriptionDeps = {
  db: Db;
  clock: Clock;
  random: Random;
  subscriptionRails: SubscriptionRails;
  maxChargeCents: number;
  strictPayloads?: boolean;
};

/** How long a payer has to authorise, at most (and never past the start date). */
export const AUTHORIZE_WITHIN_MS = 7 * 86_400_000;

/** The rail of a mode; live without one is a 422 that says what is missing. */
export function railOf(deps: Pick<SubscriptionDeps, "subscriptionRails">, who: Principal) {
  const rail = who.mode === "live" ? deps.subscriptionRails.live : deps.subscriptionRails.test;
  if (!rail) {
    throw unprocessable(
      "mode: live subscriptions need a PSP connection that offers Pix Automático (docs/subscriptions.md, Live setup)",
    );
  }
  return rail;
}

const cents = (v: number | undefined) => (v === undefined ? null : (brlToCents(v) ?? null));

/** The rules between fields, each 422 naming its field (the schema checked each one alone). */
function checkRules(deps: SubscriptionDeps, input: CreateSubscription, today: string) {
  if (!input.customer_name) {
    throw unprocessable(
      "customer_name: a subscription needs its payer (customer_name with customer_cpf or customer_cnpj)",
    );
  }
  if (!input.customer_cpf && !input.customer_cnpj) {
    throw unprocessable("customer_cpf: a subscription needs the payer's CPF (or customer_cnpj)");
  }
  if (input.customer_cpf && input.customer_cnpj) {
    throw unprocessable("customer_cnpj: give customer_cpf or customer_cnpj, not both");
  }
  if (input.value === undefined && input.max_value === undefined) {
    throw unprocessable("value: give value (a fixed amount) or max_value (a variable one)");
  }
  const value = cents(input.value);
  const max = cents(input.max_value);
  if (value !== null && max !== null && max < value) {
    throw unprocessable("max_value: must not be below value");
  }
  for (const [field, v] of [
    ["value", value],
    ["max_value", max],
    ["first_payment_value", cents(input.first_payment_value)],
  ] as const) {
    if (v !== null && v > deps.maxChargeCents) {
      throw unprocessable(
        `${field}: must be at most ${deps.maxChargeCents / 100} BRL (TOSTAO_MAX_CHARGE_BRL)`,
      );
    }
  }
  // The first period's charge must reach the payer's bank at least 2 days before its date.
  if (epochDayOf(input.start_date) - epochDayOf(today) < ISSUE_DAYS_BEFORE.latest) {
    throw unprocessable(
      `start_date: must be at least ${ISSUE_DAYS_BEFORE.latest} days after today (${today}): a period's charge is sent 10 to 2 days before its date`,
    );
  }
  if (input.end_date !== undefined && input.end_date < input.start_date) {
    throw unprocessable("end_date: must not be before start_date");
  }
}

/** Creates a subscription awaiting the payer's authorisation (subscription.created). */
export async function createSubscription(
  deps: SubscriptionDeps,
  who: Principal,
  input: CreateSubscription,
  baseUrl: string,
) {
  const rail = railOf(deps, who);
  const clock = await clockFor(deps, who);
  const now = clock.now();
  checkRules(deps, input, brazilToday(now));
  const id = newId("sub", deps);
  const details: Record<string, string> = { customer_name: input.customer_name ?? "" };
  if (input.customer_cpf) details.customer_cpf = input.customer_cpf;
  if (input.customer_cnpj) details.customer_cnpj = input.customer_cnpj;
  // Kept with the other payer fields, and so copied into each period's charge details, where
  // the charge's own mail path (a paid charge's receipt) finds it.
  if (input.customer_email) details.customer_email = input.customer_email;
  const firstCents = cents(input.first_payment_value);
  const firstChargeId = firstCents === null ? null : newId("pix", deps);
  const expiresAt = new Date(
    Math.min(now.getTime() + AUTHORIZE_WITHIN_MS, midnightOf(input.start_date).getTime()),
  );
  const base: Omit<SubscriptionRow, "recId" | "brCode" | "provider"> = {
    id,
    accountId: who.accountId,
    mode: who.mode,
    status: "created",
    title: input.title,
    externalId: input.external_id ?? null,
    details,
    periodicity: input.periodicity,
    startDate: input.start_date,
    endDate: input.end_date ?? null,
    valueCents: cents(input.value),
    maxValueCents: cents(input.max_value),
    firstPaymentCents: firstCents,
    retryPolicy: input.retry_policy,
    firstChargeId,
    nextPeriod: 0,
    nextIssueAt: null,
    nextAmountCents: null,
    failDebits: false,
    canceledBy: null,
    expiresAt,
    createdAt: now,
    updatedAt: now,
    approvedAt: null,
    canceledAt: null,
  };
  // 26 letters and digits: a txid a live PSP takes (26-35) as well as the sandbox.
  const firstTxid = firstChargeId?.slice(4);
  const authorized = await rail.authorize({
    subscription: base,
    ...(firstTxid && firstCents
      ? { firstPayment: { txid: firstTxid, amountCents: firstCents } }
      : {}),
  });
  const { recId, brCode } = authorized;
  const row: SubscriptionRow = { ...base, recId, brCode, provider: rail.name };
  const eventDeps = { ...deps, clock };
  try {
    await deps.db.transaction(async (db) => {
      // Live: the connection may have been deleted since authorize used it (the delete's guard
      // could not see this subscription yet); kept, it cannot be until this commits.
      await authorized.keep?.(db);
      await insertSubscription(db, row);
      if (firstChargeId && firstCents && firstTxid) {
        const charge = firstCharge(row, firstChargeId, firstTxid, firstCents);
        await insertSubscriptionCharge(db, charge, creationEvents(eventDeps, charge));
      }
      await insertSubscriptionEvents(db, [subscriptionEvent(eventDeps, row)]);
    });
  } catch (err) {
    // Not stored: a rec left active at the PSP would have nothing here to bill or cancel it.
    await authorized.abandon?.();
    throw err;
  }
  return subscriptionFullView(row, baseUrl);
}

import { insertEvents as insertSubscriptionEvents } from "../../db/queries/events.ts";
import { newChargeRow } from "../charges/new-charge-row.ts";

/** The journey's immediate charge: paid with the same QR that authorises the recurrence. */
function firstCharge(s: SubscriptionRow, id: string, txid: string, amountCents: number): ChargeRow {
  return newChargeRow(s, {
    id,
    method: "pix",
    valueCents: amountCents,
    title: s.title,
    externalId: s.externalId,
    details: { ...s.details },
    provider: s.provider,
    txid,
    brCode: s.brCode,
    expiresAt: s.expiresAt,
    createdAt: s.createdAt,
    subscriptionId: s.id,
  });
}
