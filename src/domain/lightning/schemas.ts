import { z } from "zod";

/** A Lightning address's name: LUD-16's characters, lowercase only. */
export const ADDRESS_NAME = /^[a-z0-9._-]{1,64}$/;

const Url = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(500, "must be at most 500 characters")
  .describe(
    "The node's REST/HTTP base URL (https; http only for hosts in TOSTAO_WEBHOOK_ALLOW_HOSTS).",
  );

/** One shape for both backends (the operation table takes an object); each field's rule is
 * checked by the use case, which names the field a backend lacks. */
export const SaveLightningConnectionSchema = z.strictObject({
  backend: z.enum(["lnd", "phoenixd"]).describe("lnd (REST API) or phoenixd (HTTP API)."),
  url: Url,
  macaroon: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]+$/, "must be hex (xxd -p -c 10000 invoice.macaroon)")
    .max(20_000, "is too long")
    .optional()
    .describe("lnd: a macaroon, hex; invoice.macaroon is enough (create and read invoices)."),
  tls_certificate: z
    .string()
    .trim()
    .max(20_000, "is too long")
    .regex(/-----BEGIN CERTIFICATE-----/, "must be a PEM certificate (LND's tls.cert)")
    .optional()
    .describe("lnd: its tls.cert (PEM); omit when the node's certificate is publicly trusted."),
  password: z
    .string()
    .min(1, "must not be empty")
    .max(500, "is too long")
    .optional()
    .describe("phoenixd: the http-password (or http-password-limited-access) of phoenix.conf."),
  address_name: z
    .string()
    .trim()
    .regex(ADDRESS_NAME, "must be 1-64 of a-z 0-9 . _ - (lowercase, LUD-16)")
    .nullable()
    .optional()
    .describe(
      "Live only: the name of this node's Lightning address, name@<host of TOSTAO_BASE_URL> (unique on the instance); null removes it, omitted keeps it.",
    ),
});
export type SaveLightningConnection = z.output<typeof SaveLightningConnectionSchema>;

export const LightningConnectionViewSchema = z.object({
  backend: z.enum(["lnd", "phoenixd"]),
  url: z.string(),
  network: z.enum(["mainnet", "testnet", "signet", "regtest"]),
  nodeId: z.string().nullable(),
  addressName: z.string().nullable(),
  hasTlsCertificate: z.boolean(),
  livemode: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LightningConnectionView = z.output<typeof LightningConnectionViewSchema>;

export const DeletedLightningConnectionSchema = z.object({
  deleted: z.literal(true),
  backend: z.enum(["lnd", "phoenixd"]),
});
