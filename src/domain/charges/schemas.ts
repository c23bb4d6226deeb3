import { z } from "zod";
import { LimitQuery } from "../list-limit.ts";
import { brlToCents } from "../money.ts";
import { normalizeCep, normalizeCpf, normalizePhone, UFS } from "./br-validators.ts";
import { DISPLAY_STATUS, STATUSES } from "./charge-status.ts";

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
    value: Brl.optional().describe("Amount in BRL; required when product_id is absent."),
    title: text(140).optional().describe("Name of the product or charge."),
    description: text(500).optional(),
    product_id: text(64)
      .optional()
      .describe("A product of this account and mode (its value and name are used)."),
    external_id: text(128).optional().describe("Your own identifier for this charge."),
    expires_in: z
      .number()
      .int("must be a whole number of seconds")
      .min(60, "must be at least 60 seconds")
      .max(2_592_000, "must be at most 2592000 seconds (30 days)")
      .optional()
      .describe("Seconds until the charge expires; default 3600."),
    customer_name: text(200).optional(),
    customer_email: Email.optional(),
    customer_cpf: Cpf.optional(),
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

export const ListChargesQuerySchema = z.strictObject({ limit: LimitQuery });

const StatusCode = z.enum(STATUSES);
const DisplayStatus = z.enum(Object.values(DISPLAY_STATUS) as [string, ...string[]]);

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
  brCode: z.string().nullable(),
  expiresAt: z.string(),
  updatedAt: z.string(),
});
export const ChargeStatusViewSchema = ChargeViewSchema.extend({
  qrCodeImage: z.string().nullable(),
});

export const ChargeListSchema = z.object({ charges: z.array(ChargeViewSchema) });
