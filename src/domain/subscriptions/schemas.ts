import { z } from "zod";
import { normalizeCnpj } from "../charges/br-validators.ts";
import { Brl, Cpf, Email } from "../charges/schemas.ts";
import { HasMore, PageArguments, PageQuery } from "../list-limit.ts";
import { isCalendarDate, PERIODICITIES, RETRY_POLICIES } from "./calendar.ts";
import { SUBSCRIPTION_DISPLAY_STATUS, SUBSCRIPTION_STATUSES } from "./subscription-status.ts";

// The subscription schemas, shared by the routes, the MCP tools and the OpenAPI document. Rules
// that relate two fields (a debtor given, end after start, max_value above value) are checked in
// create-subscription.ts, so each 422 names its field.

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

const Cnpj = z.string().transform((v, ctx) => {
  const n = normalizeCnpj(v);
  if (n === undefined) {
    ctx.issues.push({
      code: "custom",
      message: "must be a valid CNPJ (14 characters with valid check digits)",
      input: v,
    });
    return z.NEVER;
  }
  return n;
});

const DateText = z
  .string()
  .refine(isCalendarDate, "must be a calendar date as YYYY-MM-DD")
  .describe("A day in Brazil's calendar (America/Sao_Paulo), YYYY-MM-DD.");

export const CreateSubscriptionSchema = z
  .strictObject({
    title: text(140).min(1, "must not be empty").describe("What the payer subscribes to."),
    external_id: text(128).optional().describe("Your own identifier for this subscription."),
    customer_name: text(140).optional().describe("The payer (debtor): required."),
    customer_cpf: Cpf.optional().describe("The payer's CPF (or customer_cnpj)."),
    customer_cnpj: Cnpj.optional().describe("The payer's CNPJ (or customer_cpf)."),
    customer_email: Email.optional().describe(
      "The payer's e-mail: given, they are mailed the authorisation request, a notice before each debit, a receipt after each paid period, and notices of a failed debit and of a cancellation (docs/subscriptions.md, Payer mail).",
    ),
    periodicity: z
      .enum(PERIODICITIES)
      .describe(
        "weekly, monthly, quarterly, semiannual or yearly (BACEN's SEMANAL, MENSAL, TRIMESTRAL, SEMESTRAL, ANUAL).",
      ),
    start_date: DateText.describe("The first period's date (YYYY-MM-DD, Brazil)."),
    end_date: DateText.optional().describe("The last day periods may fall on; absent: no end."),
    value: Brl.optional().describe("A fixed amount per period, in BRL (or max_value)."),
    max_value: Brl.optional().describe(
      "A variable amount: the most one period may charge, in BRL; each period's amount is set with POST /api/pix/subscriptions/charge.",
    ),
    retry_policy: z
      .enum(RETRY_POLICIES)
      .default("up_to_3_in_7_days")
      .describe(
        "After a failed debit: none (BACEN's NAO_PERMITE) or up_to_3_in_7_days (PERMITE_3R_7D, the default).",
      ),
    first_payment_value: Brl.optional().describe(
      "An amount paid now, in the same QR as the authorisation (the immediate charge plus recurrence journey).",
    ),
  })
  .meta({
    examples: [
      {
        title: "Plano mensal",
        external_id: "plan-42",
        customer_name: "Maria Silva",
        customer_cpf: "529.982.247-25",
        periodicity: "monthly",
        start_date: "2026-12-10",
        value: 49.9,
      },
    ],
  });
export type CreateSubscription = z.output<typeof CreateSubscriptionSchema>;

export const SubscriptionIdSchema = z.strictObject({
  subscription_id: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(64, "must be at most 64 characters"),
});

export const SubscriptionChargeSchema = z.strictObject({
  subscription_id: SubscriptionIdSchema.shape.subscription_id,
  value: Brl.describe("The next period's amount, in BRL: at most the subscription's max_value."),
});

export const SimulateAuthorizeSchema = z.strictObject({
  subscription_id: SubscriptionIdSchema.shape.subscription_id,
  decision: z
    .enum(["approve", "reject"])
    .default("approve")
    .describe("What the sandbox payer answers in their bank."),
  fail_debits: z
    .boolean()
    .optional()
    .describe(
      "Sandbox: every debit of this subscription fails from now on (true) or succeeds again (false), to see the retries and the final decline.",
    ),
});

export const ListSubscriptionsQuerySchema = z.strictObject({ ...PageQuery });
export const ListSubscriptionsArgsSchema = z.strictObject({ ...PageArguments });

const StatusCode = z.enum(SUBSCRIPTION_STATUSES);
const DisplayStatus = z.enum(Object.values(SUBSCRIPTION_DISPLAY_STATUS) as [string, ...string[]]);

/** The webhook `data` of subscription.* events, and the core of every view. */
export const SubscriptionDataSchema = z.object({
  subscriptionId: z.string(),
  status: DisplayStatus.describe("The status in Portuguese, as shown to people."),
  statusCode: StatusCode,
  livemode: z.boolean(),
  title: z.string(),
  external_id: z.string().nullable(),
  customer_name: z.string().nullable(),
  customer_cpf: z.string().nullable(),
  customer_cnpj: z.string().nullable(),
  customer_email: z.string().nullable().describe("The payer's e-mail, if given."),
  periodicity: z.enum(PERIODICITIES),
  startDate: z.string(),
  endDate: z.string().nullable(),
  value: z.number().nullable().describe("The fixed amount per period (BRL), or null (variable)."),
  maxValue: z.number().nullable().describe("A variable subscription's most per period (BRL)."),
  firstPaymentValue: z.number().nullable(),
  firstChargeId: z.string().nullable().describe("The journey's immediate charge, if any."),
  retryPolicy: z.enum(RETRY_POLICIES),
  provider: z.string(),
  recId: z.string().describe("The recorrência's id (idRec)."),
  nextChargeDate: z
    .string()
    .nullable()
    .describe("The date of the next period to be charged (null: none left, or not active)."),
  nextAmount: z
    .number()
    .nullable()
    .describe("A variable subscription's amount set for its next period."),
  // Text, not an enum: a nullable enum's JSON schema does not admit its null once the serializer
  // folds it into a type list (schema-serializer.ts), and event items are told apart by validation.
  canceledBy: z
    .string()
    .nullable()
    .describe("Who canceled: merchant (the API, the dashboard) or payer (in their bank)."),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  expiresAt: z.string().describe("The authorisation's deadline while created."),
  updatedAt: z.string(),
});

export const SubscriptionViewSchema = SubscriptionDataSchema.extend({
  brCode: z.string().describe("The authorisation's BR Code (Pix copy-and-paste, with field 80)."),
  paymentUrl: z.string().describe("The hosted authorisation page to send the payer to."),
});

export const SubscriptionCreatedSchema = SubscriptionViewSchema.extend({
  qrCodeImage: z.string().describe("PNG data URL of the QR code of brCode."),
});
export const SubscriptionStatusSchema = SubscriptionCreatedSchema;

export const SubscriptionListSchema = z.object({
  subscriptions: z.array(SubscriptionViewSchema),
  hasMore: HasMore,
});
