import { z } from "zod";
import { PROFILE_IDS } from "../../pix-psp/profiles.ts";

// The PIX provider (PSP connection) schemas, shared by the HTTP routes, the CLI and the
// documents. PEM texts travel as strings; a PKCS#12 bundle as base64 (`pfx`) with its passphrase.

const pem = (max: number) => z.string().min(1).max(max, `must be at most ${max} characters`);

export const SavePspConnectionSchema = z
  .strictObject({
    profile: z
      .enum(PROFILE_IDS as [string, ...string[]])
      .describe("PSP profile: generic, efi, inter, sicoob, itau, santander or bb."),
    base_url: z
      .string()
      .max(500)
      .optional()
      .describe("API base with its version prefix (generic: required)."),
    token_url: z
      .string()
      .max(500)
      .optional()
      .describe("OAuth2 token endpoint (generic: required)."),
    homologation: z
      .boolean()
      .optional()
      .describe(
        "Homologation (sandbox) is test money and is refused on a live connection (true is a 422); use the test mode's simulated PIX to try things.",
      ),
    client_id: z.string().trim().min(1).max(500),
    client_secret: z.string().min(1).max(2000).optional(),
    certificate: pem(20_000).optional().describe("PEM client certificate (chain allowed)."),
    private_key: pem(20_000).optional().describe("PEM private key of the certificate."),
    ca: pem(50_000)
      .optional()
      .describe("PEM CA trusted for the PSP's server, besides the system roots."),
    pfx: z
      .string()
      .min(1)
      .max(60_000)
      .optional()
      .describe("Base64 PKCS#12 (.p12/.pfx) instead of certificate + private_key."),
    passphrase: z.string().max(500).optional(),
    pix_key: z.string().trim().min(1).max(77).describe("The Pix key (chave) charges are made to."),
    merchant_name: z.string().trim().min(1).max(200),
    merchant_city: z.string().trim().min(1).max(100),
    replace_webhook: z
      .boolean()
      .optional()
      .describe(
        "Replace a webhook URL that is not ours already registered on the Pix key (kept by default: one URL per key, it may be your ERP's).",
      ),
    extra_headers: z
      .record(z.string().max(64), z.string().max(500))
      .optional()
      .describe(
        "Headers your PSP requires on every call (Inter: x-conta-corrente). Stored sealed, never logged, shown by name.",
      ),
    app_key: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe("Banco do Brasil: the developer application key (gw-dev-app-key)."),
    receiver_account: z
      .strictObject({
        branch: z
          .string()
          .regex(/^\d{1,4}$/)
          .optional(),
        account: z.string().regex(/^[0-9A-Za-z-]{1,20}$/),
        type: z.enum(["CORRENTE", "POUPANCA", "PAGAMENTO"]),
      })
      .optional()
      .describe(
        "Live subscriptions (Pix Automático): your account at this PSP, which each period's charge (cobr) must name.",
      ),
  })
  .superRefine((v, ctx) => {
    const pemPair = v.certificate !== undefined || v.private_key !== undefined;
    if (v.pfx !== undefined && pemPair) {
      ctx.addIssue({
        code: "custom",
        path: ["pfx"],
        message: "give either pfx or certificate + private_key, not both",
      });
    } else if (
      v.pfx === undefined &&
      (v.certificate === undefined || v.private_key === undefined)
    ) {
      ctx.addIssue({
        code: "custom",
        path: [v.certificate === undefined ? "certificate" : "private_key"],
        message: "is required (or give pfx with its passphrase instead)",
      });
    }
  });
export type SavePspConnection = z.output<typeof SavePspConnectionSchema>;

export const PspConnectionViewSchema = z.object({
  profile: z.string(),
  baseUrl: z.string(),
  tokenUrl: z.string(),
  homologation: z
    .boolean()
    .describe("True only for a connection stored before homologation was refused: it is not used."),
  clientId: z.string(),
  pixKey: z.string(),
  merchantName: z.string(),
  merchantCity: z.string(),
  certificate: z.object({
    subject: z.string(),
    fingerprintSha256: z.string(),
    expiresAt: z.string(),
  }),
  hasCa: z.boolean(),
  lastSuccessfulCallAt: z.string().nullable(),
  notificationUrl: z
    .string()
    .nullable()
    .describe(
      "The URL to register at the PSP as the Pix webhook; null until TOSTAO_BASE_URL is set.",
    ),
  notificationPath: z.string().describe("The notification path on this server."),
  webhook: z.object({
    state: z.enum(["registered", "manual", "failed", "foreign", "pending"]),
    detail: z.string().nullable(),
    foreignUrl: z
      .string()
      .nullable()
      .describe(
        "State foreign: the URL registered on the Pix key that is not ours, kept; save with replace_webhook to replace it.",
      ),
  }),
  extraHeaderNames: z.array(z.string()).describe("Names of the extra headers (values sealed)."),
  hasAppKey: z.boolean(),
  livemode: z.literal(true),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PspConnectionView = z.infer<typeof PspConnectionViewSchema>;

export const DeletedPspConnectionSchema = z.object({
  deleted: z.literal(true),
  profile: z.string(),
  webhookRemoval: z
    .enum(["requested", "none"])
    .describe("requested: the webhook registered at the PSP is being removed (best effort)."),
});
