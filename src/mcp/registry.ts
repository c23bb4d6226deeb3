import { z } from "zod";
import type { AppDeps } from "../deps.ts";
import { createPixCharge } from "../domain/charges/create-pix-charge.ts";
import { simulatePay } from "../domain/charges/pay-cancel-refund.ts";
import { listPixCharges, pixChargeStatus } from "../domain/charges/read-charges.ts";
import {
  ChargeIdSchema,
  ChargeListSchema,
  ChargeStatusViewSchema,
  CreatePixChargeSchema,
  PixChargeCreatedSchema,
} from "../domain/charges/schemas.ts";
import { startCryptoCharge } from "../domain/crypto/create-crypto-charge.ts";
import { quoteView } from "../domain/crypto/quote.ts";
import { cryptoChargeStatus } from "../domain/crypto/read-crypto-charges.ts";
import {
  AnyChargeViewSchema,
  CreateCryptoChargeSchema,
  CryptoChargeCreatedSchema,
  CryptoStatusSchema,
  QuoteQuerySchema,
  QuoteSchema,
} from "../domain/crypto/schemas.ts";
import { DEFAULT_LIMIT, LimitArgument, ListArgumentsSchema } from "../domain/list-limit.ts";
import type { Principal } from "../domain/mode.ts";
import { listTokens } from "../domain/tokens/manage-tokens.ts";
import { TokenListSchema } from "../domain/tokens/schemas.ts";
import {
  createWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  sendTestEvent,
} from "../domain/webhooks/manage-webhooks.ts";
import {
  CreateWebhookSchema,
  DeliveryListSchema,
  ListDeliveriesQuerySchema,
  NewWebhookSchema,
  RedeliveredSchema,
  TestEventSentSchema,
  WebhookListSchema,
} from "../domain/webhooks/schemas.ts";
import { verifySignature } from "../domain/webhooks/signature.ts";
import {
  generateSnippet,
  SNIPPET_LANGUAGES,
  SNIPPET_OPERATIONS,
} from "../integrations/snippets.ts";

// The one tool registry. Each tool is defined once here: its name, description, zod input schema,
// whether it needs a token and whether it writes; and a handler that calls the domain. The HTTP
// bridge (POST /api/integrations/mcp/call), the MCP endpoint (POST /mcp), the stdio server and the
// manifest's mcpTools all come from this list, so none of them can drift from the others.

export type ToolContext = {
  deps: AppDeps;
  principal: Principal | undefined;
  baseUrl: string;
  manifest: () => unknown;
};

export type ToolDef = {
  name: string;
  description: string;
  input: z.ZodObject;
  /** Whether a bearer token is needed (the manifest, snippet, verify and quote tools need none). */
  auth: boolean;
  /** Whether the tool creates or changes something (destructive in live mode). */
  write: boolean;
  /**
   * The REST operation this tool is (its route's operationId): the tool takes the route's
   * arguments and answers the route's `data`, which test/http/tool-drift.test.ts checks.
   */
  operationId?: string;
  /** The answer's schema: the route's 200 `data` schema; the answer is parsed through it. */
  output?: z.ZodType;
  handler: (ctx: ToolContext & { principal: Principal }, args: never) => Promise<unknown>;
};

function tool<S extends z.ZodObject>(def: {
  name: string;
  description: string;
  input: S;
  auth?: boolean;
  write?: boolean;
  operationId?: string;
  output?: z.ZodType;
  handler: (ctx: ToolContext & { principal: Principal }, args: z.output<S>) => Promise<unknown>;
}): ToolDef {
  return { auth: true, write: false, ...def, handler: def.handler as ToolDef["handler"] };
}

const Id = z.strictObject({ id: z.string().trim().min(1, "must not be empty") });

export const TOOLS: ToolDef[] = [
  tool({
    name: "get_integration_manifest",
    operationId: "getIntegrationManifest",
    description:
      "The machine-readable manifest of the API: endpoints, authentication, webhooks, tools.",
    input: z.strictObject({}),
    auth: false,
    handler: async (ctx) => ctx.manifest(),
  }),
  tool({
    name: "create_pix_charge",
    operationId: "createPixCharge",
    output: PixChargeCreatedSchema,
    description:
      "Create a PIX charge (BRL). Returns chargeId, brCode (copy-and-paste), qrCodeImage (PNG data URL) and paymentUrl (a hosted page to send the payer to). A test token creates a sandbox charge.",
    input: CreatePixChargeSchema,
    write: true,
    handler: (ctx, args) => createPixCharge(ctx.deps, ctx.principal, args, ctx.baseUrl),
  }),
  tool({
    name: "get_pix_charge_status",
    operationId: "getPixChargeStatus",
    output: ChargeStatusViewSchema,
    description:
      "Status and data of a charge by charge_id (statusCode: pending, approved, declined, canceled, expired, failed, refunded).",
    input: ChargeIdSchema,
    handler: (ctx, args) => pixChargeStatus(ctx.deps, ctx.principal, args.charge_id),
  }),
  tool({
    name: "list_pix_charges",
    operationId: "listPixCharges",
    output: ChargeListSchema,
    description:
      "Recent PIX charges of this account and mode, newest first (limit 1..200, default 50).",
    input: ListArgumentsSchema,
    handler: (ctx, args) =>
      listPixCharges(ctx.deps, ctx.principal, { limit: args.limit ?? DEFAULT_LIMIT }),
  }),
  tool({
    name: "simulate_pay",
    operationId: "simulatePayment",
    output: AnyChargeViewSchema,
    description:
      "Sandbox only (test token): approve a pending charge as if it were paid (PIX or BTC-).",
    input: ChargeIdSchema,
    write: true,
    handler: (ctx, args) => simulatePay(ctx.deps, ctx.principal, args.charge_id, ctx.baseUrl),
  }),
  tool({
    name: "list_webhooks",
    operationId: "listWebhooks",
    output: WebhookListSchema,
    description: "Webhooks of this account and mode (never their secrets).",
    input: z.strictObject({}),
    handler: async (ctx) => ({ webhooks: await listWebhooks(ctx.deps, ctx.principal) }),
  }),
  tool({
    name: "create_webhook",
    operationId: "createWebhook",
    output: NewWebhookSchema,
    description:
      "Register a webhook (https URL, public addresses) for event names or ['*']. Returns the whsec_ secret once.",
    input: CreateWebhookSchema,
    write: true,
    handler: (ctx, args) => createWebhook(ctx.deps, ctx.principal, args),
  }),
  tool({
    name: "test_webhook",
    operationId: "sendWebhookTest",
    output: TestEventSentSchema,
    description: "Send a webhook.test event to a webhook by id.",
    input: Id,
    write: true,
    handler: (ctx, args) => sendTestEvent(ctx.deps, ctx.principal, args.id),
  }),
  tool({
    name: "list_webhook_deliveries",
    operationId: "listWebhookDeliveries",
    output: DeliveryListSchema,
    description:
      "The webhook delivery log, newest first, with every attempt (filter by webhook_id, event, status).",
    input: ListDeliveriesQuerySchema.extend({ limit: LimitArgument }),
    handler: async (ctx, args) => ({
      deliveries: await listDeliveries(ctx.deps, ctx.principal, {
        ...args,
        limit: args.limit ?? DEFAULT_LIMIT,
      }),
    }),
  }),
  tool({
    name: "redeliver_webhook",
    operationId: "redeliverWebhookDelivery",
    output: RedeliveredSchema,
    description: "Queue a webhook delivery again, now, by delivery id.",
    input: Id,
    write: true,
    handler: (ctx, args) => redeliver(ctx.deps, ctx.principal, args.id),
  }),
  tool({
    name: "list_api_tokens",
    operationId: "listApiTokens",
    output: TokenListSchema,
    description: "API tokens of the account (id, label, mode, prefix, dates; never values).",
    input: z.strictObject({}),
    handler: async (ctx) => ({
      tokens: await listTokens(ctx.deps, {
        accountId: ctx.principal.accountId,
        callerMode: ctx.principal.mode,
      }),
    }),
  }),
  tool({
    name: "verify_webhook_signature",
    description:
      "Check a webhook delivery: the raw body exactly as received, the whsec_ secret, and the signature headers (X-Service-Signature, or webhook-id/webhook-timestamp/webhook-signature).",
    input: z.strictObject({
      secret: z.string().min(1, "must not be empty"),
      body: z.string().describe("The raw request body, byte for byte as received."),
      headers: z
        .record(z.string(), z.string())
        .describe("The delivery's headers (names in any case)."),
    }),
    auth: false,
    handler: async (_ctx, args) =>
      verifySignature({ secret: args.secret, body: args.body, headers: args.headers }),
  }),
  tool({
    name: "generate_integration_snippet",
    description:
      "Code that runs as is against this service (create a PIX charge, read its status, verify a webhook signature) in python, javascript, typescript (with @tostao/client), curl, php or go; the token comes from the TOSTAO_API_TOKEN environment variable.",
    input: z.strictObject({
      language: z.enum(SNIPPET_LANGUAGES),
      operation: z.enum(SNIPPET_OPERATIONS).optional(),
      base_url: z.url().optional().describe("Defaults to this service's URL."),
    }),
    auth: false,
    handler: async (ctx, args) =>
      generateSnippet({
        language: args.language,
        operation: args.operation ?? "all",
        baseUrl: args.base_url ?? ctx.baseUrl,
      }),
  }),
  tool({
    name: "get_crypto_quote",
    operationId: "getCryptoQuote",
    output: QuoteSchema,
    description:
      "BTC/BRL quotation: price in BRL per BTC, each source's answer, and with brl what that amount is in BTC.",
    input: QuoteQuerySchema,
    auth: false,
    handler: (ctx, args) => quoteView(ctx.deps.crypto, args),
  }),
  tool({
    name: "create_crypto_charge",
    operationId: "createCryptoCharge",
    output: CryptoChargeCreatedSchema,
    description:
      "Create a Bitcoin charge paid to the merchant's own wallet: address, payUri (BIP21), QR image URL and paymentUrl (a hosted page to send the payer to).",
    input: CreateCryptoChargeSchema,
    write: true,
    handler: async (ctx, args) => {
      const create = await startCryptoCharge(ctx.deps, ctx.principal, args, ctx.baseUrl);
      return create(ctx.deps.db);
    },
  }),
  tool({
    name: "get_crypto_charge_status",
    operationId: "getCryptoChargeStatus",
    output: CryptoStatusSchema,
    description: "Status of a Bitcoin charge (asks the chain while pending).",
    input: ChargeIdSchema,
    // The same use case, and so the same ownership check, as GET /api/crypto/charge/status
    // with a token: another account's or the other mode's charge is not found.
    handler: (ctx, args) =>
      cryptoChargeStatus(ctx.deps, ctx.principal, args.charge_id, ctx.baseUrl),
  }),
];

export const TOOL_BY_NAME = new Map(TOOLS.map((t) => [t.name, t]));
