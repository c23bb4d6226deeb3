import { z } from "zod";
import { STATUSES } from "../../kernel/charge-status.ts";
import { DISPLAY_STATUS } from "../charges/charge-status.ts";

/** The public status of a charge (PIX or Bitcoin): what its payment page polls. */
export const PublicChargeStatusSchema = z.object({
  chargeId: z.string(),
  method: z.enum(["pix", "crypto"]),
  statusCode: z.enum(STATUSES),
  status: z.enum(Object.values(DISPLAY_STATUS) as [string, ...string[]]),
  livemode: z.boolean(),
  expiresAt: z.string(),
  approvedAt: z.string().nullable(),
  amountReceived: z
    .string()
    .nullable()
    .describe("Bitcoin: BTC received so far at the charge's address (8 decimals); PIX: null."),
  successUrl: z
    .string()
    .nullable()
    .describe("Once paid: the product's success_url, where the page sends the payer; else null."),
});
