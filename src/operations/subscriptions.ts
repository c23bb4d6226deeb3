import { createSubscription } from "../domain/subscriptions/create-subscription.ts";
import {
  cancelSubscription,
  listSubscriptions,
  setNextAmount,
  simulateAuthorize,
  subscriptionStatus,
} from "../domain/subscriptions/manage-subscriptions.ts";
import {
  CreateSubscriptionSchema,
  ListSubscriptionsArgsSchema,
  ListSubscriptionsQuerySchema,
  SimulateAuthorizeSchema,
  SubscriptionChargeSchema,
  SubscriptionCreatedSchema,
  SubscriptionIdSchema,
  SubscriptionListSchema,
  SubscriptionStatusSchema,
  SubscriptionViewSchema,
} from "../domain/subscriptions/schemas.ts";
import { advanceAccountClock } from "../domain/test-clock/advance-test-clock.ts";
import { AdvanceClockSchema, ClockAdvancedSchema } from "../domain/test-clock/schemas.ts";
import { operation } from "./operation.ts";

// Subscriptions through Pix Automático (docs/subscriptions.md).

const tags = ["subscriptions"];

export const SUBSCRIPTION_OPERATIONS = [
  operation({
    id: "createSubscription",
    method: "POST",
    path: "/api/pix/subscriptions/create",
    auth: "required",
    scope: "subscriptions:write",
    // A live subscription's recorrência is created at the merchant's PSP.
    raises: ["BAD_GATEWAY"],
    summary:
      "Create a subscription (Pix Automático): the payer authorises it once with the BR Code; Idempotency-Key accepted",
    tags,
    input: CreateSubscriptionSchema,
    output: SubscriptionCreatedSchema,
    stored: "plain",
    run: (c, input) => createSubscription(c.deps, c.principal, input, c.baseUrl),
    tool: {
      name: "create_subscription",
      description:
        "Create a Pix Automático subscription: title, customer_name with customer_cpf or customer_cnpj, periodicity (weekly, monthly, quarterly, semiannual, yearly), start_date (YYYY-MM-DD, at least 2 days ahead), optional end_date, value (fixed, BRL) or max_value (variable), optional first_payment_value, optional customer_email (the payer is then mailed the request, debit notices, receipts, a failed debit and a cancellation). Returns subscriptionId, brCode and paymentUrl for the payer to authorise in their bank.",
    },
  }),
  operation({
    id: "getSubscriptionStatus",
    method: "GET",
    path: "/api/pix/subscriptions/status",
    auth: "required",
    scope: "subscriptions:read",
    summary: "Status of a subscription",
    tags,
    input: SubscriptionIdSchema,
    output: SubscriptionStatusSchema,
    run: (c, input) => subscriptionStatus(c.deps, c.principal, input.subscription_id, c.baseUrl),
    tool: {
      name: "get_subscription_status",
      description:
        "Status and data of a subscription by subscription_id (statusCode: created, approved, rejected, expired, canceled; nextChargeDate).",
    },
  }),
  operation({
    id: "listSubscriptions",
    method: "GET",
    path: "/api/pix/subscriptions",
    auth: "required",
    scope: "subscriptions:read",
    summary: "Subscriptions, newest first",
    tags,
    input: ListSubscriptionsQuerySchema,
    args: ListSubscriptionsArgsSchema,
    output: SubscriptionListSchema,
    run: (c, input) => listSubscriptions(c.deps, c.principal, input, c.baseUrl),
    tool: {
      name: "list_subscriptions",
      description:
        "Subscriptions of this account and mode, newest first (limit 1..200, default 50).",
    },
  }),
  operation({
    id: "cancelSubscription",
    method: "POST",
    path: "/api/pix/subscriptions/cancel",
    auth: "required",
    scope: "subscriptions:write",
    raises: ["BAD_GATEWAY"],
    summary: "Cancel a subscription: no further period is charged; Idempotency-Key accepted",
    tags,
    input: SubscriptionIdSchema,
    output: SubscriptionViewSchema,
    stored: "plain",
    run: (c, input) => cancelSubscription(c.deps, c.principal, input.subscription_id, c.baseUrl),
    tool: {
      name: "cancel_subscription",
      description:
        "Cancel a subscription by subscription_id; periods not yet debited are canceled too.",
    },
  }),
  operation({
    id: "setSubscriptionCharge",
    method: "POST",
    path: "/api/pix/subscriptions/charge",
    auth: "required",
    scope: "subscriptions:write",
    summary:
      "Set a variable subscription's amount for its next period (at most max_value); Idempotency-Key accepted",
    tags,
    input: SubscriptionChargeSchema,
    output: SubscriptionViewSchema,
    stored: "plain",
    run: (c, input) => setNextAmount(c.deps, c.principal, input, c.baseUrl),
    tool: {
      name: "set_subscription_charge",
      description:
        "Set the next period's amount (value, BRL) of a variable subscription; above its max_value is refused.",
    },
  }),
  operation({
    id: "simulateSubscriptionAuthorize",
    sandboxOnly: true,
    method: "POST",
    path: "/api/pix/subscriptions/simulate-authorize",
    auth: "required",
    scope: "subscriptions:write",
    summary:
      "Sandbox: the payer approves or rejects the subscription in their bank; fail_debits makes its debits fail (test tokens only)",
    tags,
    input: SimulateAuthorizeSchema,
    output: SubscriptionViewSchema,
    stored: "plain",
    run: (c, input) => simulateAuthorize(c.deps, c.principal, input, c.baseUrl),
    tool: {
      name: "simulate_subscription_authorize",
      description:
        "Sandbox only (test token): the payer approves (decision approve) or rejects a subscription; fail_debits true makes its period debits fail so retries and the decline can be seen.",
    },
  }),
  operation({
    id: "advanceTestClock",
    sandboxOnly: true,
    method: "POST",
    path: "/api/pix/subscriptions/test-clock/advance",
    auth: "required",
    scope: "subscriptions:write",
    // The path the test clock had when only subscriptions read it: kept, doing what
    // POST /api/test-clock/advance does (operations/test-clock.ts), under its old scope so the
    // keys that called it still can. Its MCP tool moved with the clock.
    summary:
      "Deprecated: use POST /api/test-clock/advance, which this path does the same as (sandbox, test tokens only)",
    tags,
    input: AdvanceClockSchema,
    output: ClockAdvancedSchema,
    stored: "plain",
    run: (c, input) => advanceAccountClock(c.deps, c.principal, input.days),
  }),
];
