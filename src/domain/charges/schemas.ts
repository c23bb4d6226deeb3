import { z } from "zod";
import { STATUSES } from "../../kernel/charge-status.ts";
import { parseCalendarDate } from "../due-date/calendar-date.ts";
import { DueDateFieldsSchemas, dueDateIssues } from "../due-date/create-fields.ts";
import { HasMore, PageArguments, PageQuery } from "../list-limit.ts";
import { brlToCents } from "../money.ts";
import { normalizeCep, normalizeCnpj, normalizeCpf, normalizePhone, UFS } from "./br-validators.ts";
import { DISPLAY_STATUS } from "./charge-status.ts";

// The charge schemas, shared by the HTTP routes, the MCP tools and the OpenAPI document.
// Inputs are normalised here (CPF and CEP to digits, phone to E.164, UF upper-cased), so the
// domain receives clean values.

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

function normalised(check: (v: string) => string | undefined, message: string) {
  return z.string().transform((v, ctx) => {
    const n = check(v);
    if (n === undefined) {
      ctx.issues.push({ code: "custom", message, input: v });
      return z.NEVER;
    }
    return n;
  });
}

export const Brl = z
  .number()
  .positive("must be greater than 0")
  .refine((v) => brlToCents(v) !== undefined, "must have at most 2 decimal places")
  .describe("Amount in BRL, at most 2 decimals (10.5 is R$ 10,50).");

export const Cpf = normalised(
  normalizeCpf,
  "must be a valid CPF (11 digits with valid check digits)",
);
export const Cnpj = normalised(
  normalizeCnpj,
  "must be a valid CNPJ (14 characters with valid check digits)",
);
export const Cep = normalised(normalizeCep, "must be a CEP of 8 digits");
export const Phone = normalised(
  normalizePhone,
  "must be a Brazilian phone with area code, e.g. +55 11 91234-5678",
);
export const Uf = z
  .string()
  .transform((v) => v.trim().toUpperCase())
  .refine((v) => (UFS as readonly string[]).includes(v), "must be one of the 27 UFs, e.g. SP");
export const Email = z
  .string()
  .trim()
  .max(254, "must be at most 254 characters")
  .pipe(z.email("must be a valid e-mail address"));

export const AddressSchema = z.strictObject({
  zip: Cep.optional(),
  street: text(200).optional(),
  number: text(20).optional(),
  complement: text(100).optional(),
  neighborhood: text(100).optional(),
  city: text(100).optional(),
  state: Uf.optional(),
});

export const CreatePixChargeSchema = z
  .strictObject({
    value: Brl.optional().describe(
      "Amount in BRL; required when product_id is absent, or names a pay-what-you-want product (then within its open_amount bounds).",
    ),
    title: text(140).optional().describe("Name of the product or charge."),
    description: text(500).optional(),
    product_id: text(64)
      .optional()
      .describe(
        "A product of this account and mode (its value, or the value given within its open_amount, and its name are used).",
      ),
    external_id: text(128).optional().describe("Your own identifier for this charge."),
    expires_in: z
      .number()
      .int("must be a whole number of seconds")
      .min(60, "must be at least 60 seconds")
      .max(2_592_000, "must be at most 2592000 seconds (30 days)")
      .optional()
      .describe("Seconds until the charge expires; default 3600. Not with due_date."),
    customer_name: text(200).optional(),
    customer_email: Email.optional(),
    customer_cpf: Cpf.optional(),
    customer_cnpj: Cnpj.optional().describe(
      "The debtor's CNPJ (a company), instead of customer_cpf; numeric or alphanumeric.",
    ),
    customer_phone: Phone.optional(),
    customer_zip: Cep.optional(),
    customer_street: text(200).optional(),
    customer_number: text(20).optional(),
    customer_complement: text(100).optional(),
    customer_neighborhood: text(100).optional(),
    customer_city: text(100).optional(),
    customer_state: Uf.optional(),
    customer_address: text(300).optional(),
    address: AddressSchema.optional(),
    // A due date makes the charge BACEN's cobv (docs/due-date.md).
    ...DueDateFieldsSchemas,
  })
  .superRefine((input, ctx) => {
    for (const i of dueDateIssues(input)) {
      ctx.addIssue({ code: "custom", path: i.path, message: i.message, input: undefined });
    }
  })
  .meta({
    // The reference page's request example (and try-it's starting body).
    examples: [
      { value: 10.5, title: "Camiseta", external_id: "order-1042", customer_name: "Maria Silva" },
    ],
  });
export type CreatePixCharge = z.output<typeof CreatePixChargeSchema>;

export const ChargeIdSchema = z.strictObject({
  charge_id: z.string().trim().min(1, "must not be empty").max(64, "must be at most 64 characters"),
});

/** refund's body: a charge, and optionally how much of it and why (docs/pix.md, Refunds). */
export const RefundChargeSchema = ChargeIdSchema.extend({
  value: Brl.optional().describe(
    "Amount to refund in BRL, at most what is left (what was paid less the refunds not refused); default what is left.",
  ),
  reason: text(140).optional().describe("Why (shown with the refund; sent to the PSP live)."),
});
export type RefundCharge = z.output<typeof RefundChargeSchema>;

/**
 * simulate-pay's body: a due-date charge may be paid on a given date (its amount that day); a
 * sandbox Bitcoin charge, one way or the other (PIX charges take no method).
 */
export const SimulatePaySchema = ChargeIdSchema.extend({
  paid_at: z
    .string()
    .refine((v) => parseCalendarDate(v) !== undefined, "must be a calendar date as YYYY-MM-DD")
    .optional()
    .describe(
      "Charges with a due date: the payment date in Brazil (YYYY-MM-DD, default today); the charge is paid the amount due that day.",
    ),
  method: z
    .enum(["lightning", "onchain"])
    .optional()
    .describe(
      "Bitcoin charges: lightning pays the charge's Lightning invoice (charge.approved with paymentMethod lightning); default onchain.",
    ),
});

const Instant = z
  .string()
  .trim()
  .refine(
    (v) =>
      /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(v) &&
      !Number.isNaN(Date.parse(v)),
    "must be an ISO 8601 date or date-time, e.g. 2026-11-26 or 2026-11-26T12:00:00Z",
  );

/**
 * The filters of the charge lists (PIX and Bitcoin), each served by an index (migration 0014),
 * and `as_of`, which holds a list still while it is paged through.
 */
export const ChargeFilters = {
  status: z.enum(STATUSES).optional().describe("Only charges in this status."),
  created_from: Instant.optional().describe("Only charges created at or after this instant."),
  created_to: Instant.optional().describe("Only charges created before this instant."),
  external_id: text(128).min(1, "must not be empty").optional().describe("Your own identifier."),
  customer_email: text(254)
    .min(1, "must not be empty")
    .optional()
    .describe("The customer's e-mail (any case)."),
  qr_code_id: text(64)
    .min(1, "must not be empty")
    .optional()
    .describe("Only the charges made by payments to this reusable QR code (qr_...)."),
  as_of: z
    .string()
    .regex(/^\d{1,15}\.[\w-]{1,64}$/, "must be the asOf of a first page")
    .optional()
    .describe(
      "The asOf of the first page: later pages then list the same rows however many charges are created meanwhile.",
    ),
};

export const ListChargesQuerySchema = z.strictObject({ ...PageQuery, ...ChargeFilters });
export const ListChargesArgsSchema = z.strictObject({ ...PageArguments, ...ChargeFilters });
export type ListChargesQuery = z.output<typeof ListChargesQuerySchema>;

/** What every charge list answers beside its rows. */
export const ChargePageFields = {
  hasMore: HasMore,
  asOf: z
    .string()
    .nullable()
    .describe("Pass as as_of with the next offsets to page through the same rows (null: empty)."),
};

const StatusCode = z.enum(STATUSES);
const DisplayStatus = z.enum(Object.values(DISPLAY_STATUS) as [string, ...string[]]);

const Money = z.number();

/** One refund of a charge (refund-ledger.ts refundView). */
export const RefundViewSchema = z.object({
  id: z.string().describe("The refund's id (rfd_...)."),
  value: Money.describe("Amount refunded, in BRL."),
  reason: z.string().nullable(),
  status: z
    .enum(["in_progress", "done", "refused"])
    .describe(
      "in_progress: the PSP has not said yet (live); done; refused: the PSP did not make it.",
    ),
  createdAt: z.string(),
  doneAt: z.string().optional().describe("When the PSP reported it done."),
  refusal: z.string().optional().describe("Why the PSP refused it (its motivo)."),
});
const TermPart = z.object({ mode: z.string(), value: z.number() });
/** A due-date charge's fields in every view (absent on other charges): due-charge.ts. */
const DueViewFields = {
  customer_cnpj: z.string().optional().describe("The debtor's CNPJ, when the debtor is a company."),
  dueDate: z.string().optional().describe("Charges with a due date: the due date (YYYY-MM-DD)."),
  lastPayableDate: z
    .string()
    .optional()
    .describe(
      "The last day it can be paid: the due date moved to a business day, plus days_after_due.",
    ),
  amountDue: Money.nullable()
    .optional()
    .describe(
      "While pending: the amount due today in Brazil (discount, fine and interest applied), in BRL; once paid, what was paid; else null.",
    ),
  overdue: z.boolean().optional().describe("Pending and past its due date."),
  amountPaid: Money.optional().describe("What the payer paid, in BRL (the amount due that day)."),
  dueTerms: z
    .object({
      due_date: z.string(),
      days_after_due: z.number(),
      fine: TermPart.optional(),
      interest: TermPart.optional(),
      abatement: TermPart.optional(),
      discounts: z
        .object({
          mode: z.string(),
          value: z.number().optional(),
          tiers: z.array(z.object({ date: z.string(), value: z.number() })).optional(),
        })
        .optional(),
    })
    .optional()
    .describe("The terms as created (the create body's fields and units)."),
};

export const PixChargeCreatedSchema = z.object({
  chargeId: z.string(),
  status: DisplayStatus,
  statusCode: StatusCode,
  value: z.number(),
  brCode: z.string().describe("PIX copy-and-paste code."),
  qrCodeImage: z.string().describe("PNG data URL of the QR code of brCode."),
  provider: z.string(),
  livemode: z.boolean(),
  expiresAt: z.string(),
  paymentUrl: z
    .string()
    .describe("The charge's hosted payment page (QR, copy code, live status) to send a payer to."),
  ...DueViewFields,
});

/** The webhook `data` object (spec, Events) plus brCode, expiresAt and updatedAt. */
export const ChargeViewSchema = z.object({
  chargeId: z.string(),
  order_id: z.string(),
  status: DisplayStatus,
  statusCode: StatusCode,
  livemode: z.boolean(),
  value: z.number(),
  title: z.string().nullable(),
  product_id: z.string().nullable(),
  external_id: z.string().nullable(),
  customer_name: z.string().nullable(),
  customer_email: z.string().nullable(),
  customer_cpf: z.string().nullable(),
  customer_phone: z.string().nullable(),
  provider: z.string(),
  createdAt: z.string(),
  approvedAt: z.string().nullable(),
  amountReceived: z
    .number()
    .optional()
    .describe(
      "Live PIX only, when the payer paid less than the value (the cob is concluded, underpaid): the amount received in BRL. The charge stays pending until it expires; refund or keep the money at your PSP.",
    ),
  ...DueViewFields,
  amountRefunded: Money.optional().describe(
    "Once a refund was asked: what is refunded or being refunded, in BRL (refused refunds do not count).",
  ),
  refunds: z
    .array(RefundViewSchema)
    .optional()
    .describe("Once a refund was asked: the charge's refunds, oldest first."),
  subscriptionId: z
    .string()
    .optional()
    .describe(
      "The subscription this charge belongs to (a period's charge, docs/subscriptions.md).",
    ),
  subscriptionPeriod: z
    .object({
      number: z
        .number()
        .int()
        .optional()
        .describe(
          "Which period: 1 is the subscription's first (absent on a charge sent by an earlier release).",
        ),
      dueDate: z
        .string()
        .describe("The period's date (YYYY-MM-DD, Brazil), when the payer's bank debits it."),
    })
    .optional()
    .describe("A subscription period's charge: which period it is and its date."),
  declineReason: z
    .string()
    .optional()
    .describe(
      "Why a subscription period's debit was declined (after the retries its policy allows).",
    ),
  qrCodeId: z
    .string()
    .optional()
    .describe(
      "A payment to a reusable QR code (docs/counter.md): the code (qr_...) whose payment made this charge.",
    ),
  endToEndId: z
    .string()
    .optional()
    .describe(
      "A live payment to a reusable QR code (docs/counter.md): the end-to-end id of the Pix that made this charge. Absent on other charges.",
    ),
  brCode: z.string().nullable(),
  expiresAt: z.string(),
  updatedAt: z.string(),
});
/** A paid charge's public receipt page (docs/checkout.md), for the owner's status read. */
export const ReceiptUrlField = z
  .string()
  .optional()
  .describe(
    "Once the charge is paid (approved, or refunded after it was paid): its public receipt page, to send the payer (no sign-in; an unguessable address, not the charge id). Absent before payment.",
  );

export const ChargeStatusViewSchema = ChargeViewSchema.extend({
  qrCodeImage: z.string().nullable(),
  receiptUrl: ReceiptUrlField,
});

export const ChargeListSchema = z.object({
  charges: z.array(ChargeViewSchema),
  ...ChargePageFields,
});
