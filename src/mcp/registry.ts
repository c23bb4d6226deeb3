import { z } from "zod";
import type { AppDeps } from "../deps.ts";
import type { Scope } from "../domain/tokens/scopes.ts";
import { verifySignature } from "../domain/webhooks/signature.ts";
import {
  generateSnippet,
  SNIPPET_LANGUAGES,
  SNIPPET_OPERATIONS,
} from "../integrations/snippets.ts";
import type { Principal } from "../kernel/mode.ts";
import { OPERATIONS } from "../operations/index.ts";
import type { Operation, RequestOrigin } from "../operations/operation.ts";

// The tools: those of the operation table (src/operations/, every entry with a `tool`), which
// take the operation's arguments, call its use case and answer through its output schema, plus
// the three that are no REST operation (the manifest, the snippet generator, the signature
// check). The HTTP bridge (POST /api/integrations/mcp/call), the MCP endpoint (POST /mcp), the
// stdio server and the manifest's mcpTools all come from this list.

export type ToolContext = {
  deps: AppDeps;
  principal: Principal | undefined;
  baseUrl: string;
  manifest: () => unknown;
  /** Where the request came from, for the audit log (absent on stdio). */
  origin?: RequestOrigin;
};

export type ToolDef = {
  name: string;
  description: string;
  input: z.ZodObject;
  /** Whether a bearer token is needed (the manifest, snippet, verify and quote tools need none). */
  auth: boolean;
  /** Whether the tool creates or changes something (destructive in live mode). */
  write: boolean;
  /** Whether only test keys may call it (the operation's `sandboxOnly`). */
  sandboxOnly?: boolean;
  /** Whether only live keys may call it (the operation's `liveOnly`). */
  liveOnly?: boolean;
  /** The scope a key needs: the operation's. */
  scope?: Scope;
  /** The REST operation this tool is (its operationId), for tools of the table. */
  operationId?: string;
  /** The answer's schema: the operation's output; the answer is parsed through it. */
  output?: z.ZodType;
  handler: (ctx: ToolContext & { principal: Principal }, args: never) => Promise<unknown>;
};

function tool<S extends z.ZodObject>(def: {
  name: string;
  description: string;
  input: S;
  auth?: boolean;
  operationId?: string;
  handler: (ctx: ToolContext & { principal: Principal }, args: z.output<S>) => Promise<unknown>;
}): ToolDef {
  return { auth: true, write: false, ...def, handler: def.handler as ToolDef["handler"] };
}

/** The tool of an operation of the table. */
export function toolOf(op: Operation): ToolDef | undefined {
  if (!op.tool) return undefined;
  return {
    name: op.tool.name,
    description: op.tool.description,
    input: op.args ?? op.input ?? z.strictObject({}),
    auth: op.auth !== "none",
    write: op.method === "POST",
    ...(op.scope ? { scope: op.scope } : {}),
    ...(op.sandboxOnly ? { sandboxOnly: true } : {}),
    ...(op.liveOnly ? { liveOnly: true } : {}),
    operationId: op.id,
    output: op.output,
    handler: async (ctx, args: never) => {
      const c = {
        deps: ctx.deps,
        principal: ctx.principal,
        caller: ctx.principal,
        baseUrl: ctx.baseUrl,
        ...(ctx.origin ? { origin: ctx.origin } : {}),
      };
      const prepared = op.prepare ? await op.prepare(c, args) : undefined;
      return op.run(c, args, prepared);
    },
  };
}

const LOCAL_TOOLS: ToolDef[] = [
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
];

export const TOOLS: ToolDef[] = [
  LOCAL_TOOLS[0] as ToolDef,
  ...OPERATIONS.flatMap((op) => toolOf(op) ?? []),
  ...LOCAL_TOOLS.slice(1),
];

export const TOOL_BY_NAME = new Map(TOOLS.map((t) => [t.name, t]));
