import { z } from "zod";
import { Brl } from "../charges/schemas.ts";
import { HasMore, PageArguments, PageQuery } from "../list-limit.ts";

// The bodies and answers of the reusable QR codes (docs/counter.md).

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

export const CreateQrCodeSchema = z.strictObject({
  title: text(140)
    .min(1, "must not be empty")
    .describe("What the code is for (the poster's heading; each charge's title)."),
  value: Brl.optional().describe(
    "A fixed amount in BRL (field 54 of the code); absent, the payer types the amount.",
  ),
  description: text(140)
    .min(1, "must not be empty")
    .optional()
    .describe("Shown to the payer by their bank (26-02, shortened to fit the key)."),
});
export type CreateQrCode = z.output<typeof CreateQrCodeSchema>;

export const QrCodeIdSchema = z.strictObject({
  qr_code_id: text(64).min(1, "must not be empty").describe("The code's id (qr_...)."),
});

export const SimulateQrPaySchema = QrCodeIdSchema.extend({
  value: Brl.optional().describe(
    "The amount paid, in BRL: required for a code without a fixed amount; equal to it otherwise.",
  ),
});

const IncludeDisabled = z.enum(["true", "false"]).default("false");
export const ListQrCodesQuerySchema = z.strictObject({
  ...PageQuery,
  include_disabled: IncludeDisabled,
});
export const ListQrCodesArgsSchema = z.strictObject({
  ...PageArguments,
  include_disabled: IncludeDisabled,
});

const QrCodeFields = {
  qrCodeId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  value: z.number().nullable().describe("The fixed amount in BRL; null: the payer types it."),
  txid: z.string().describe("The code's own txid (62-05), carried back by every payment to it."),
  brCode: z.string().describe("The static BR Code (copy-and-paste)."),
  posterUrl: z.string().describe("A printable poster of the code (A4 and A6), public."),
  active: z.boolean().describe("False once disabled: payments to it make no more charges."),
  livemode: z.boolean(),
  createdAt: z.string(),
  disabledAt: z.string().nullable(),
};
export const QrCodeViewSchema = z.object(QrCodeFields);
export const QrCodeCreatedSchema = z.object({
  ...QrCodeFields,
  qrCodeImage: z.string().describe("PNG data URL of the QR code of brCode."),
});
export const QrCodeListSchema = z.object({
  qrCodes: z.array(QrCodeViewSchema),
  hasMore: HasMore,
});
