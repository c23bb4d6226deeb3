import { z } from "zod";
import { AppError, STATUS_BY_CODE } from "../domain/errors.ts";
import { badTextError, toAppError } from "../domain/input-errors.ts";
import { serializerFor } from "../domain/schema-serializer.ts";
import type { Principal } from "../kernel/mode.ts";
import { type AccessConfig, callableTools, refusalOf, requirementsOf } from "./access.ts";
import { TOOL_BY_NAME, TOOLS, type ToolContext, type ToolDef } from "./registry.ts";

export type ToolOutcome =
  | { ok: true; data: unknown }
  | { ok: false; status: number; error: string };

/**
 * Runs a tool of the registry for a caller: unknown tool 404, then whatever `refusalOf` says of
 * this caller (no token 401; outside its scopes, a sandbox tool for a live key, a live write with
 * those switched off: 403), bad arguments 400/422 with the REST API's messages, and any domain
 * failure with its own status and message.
 */
export async function executeTool(
  ctx: ToolContext,
  name: string,
  args: unknown,
  /** The tools to run from: the registry's (tests give their own). */
  tools: ReadonlyMap<string, ToolDef> = TOOL_BY_NAME,
): Promise<ToolOutcome> {
  const t = tools.get(name);
  if (!t)
    return fail("NOT_FOUND", `tool: unknown tool ${name}; get_integration_manifest lists them`);
  // The same decision tools/list is filtered by, so a listed tool is never refused here.
  const refused = refusalOf(t, ctx.principal, ctx.deps.config);
  if (refused) return fail(refused.code, refused.message);
  const badText = badTextError(args, "arguments");
  if (badText) return fail(badText.code, badText.message);
  const parsed = t.input.safeParse(args ?? {}, { reportInput: true });
  if (!parsed.success) {
    const err = toAppError(parsed.error.issues, "arguments");
    return fail(err.code, err.message);
  }
  let data: unknown;
  try {
    const principal = ctx.principal ?? { accountId: "", mode: "test" as const, tokenId: "" };
    data = await t.handler({ ...ctx, principal }, parsed.data as never);
  } catch (err) {
    if (err instanceof AppError) return fail(err.code, err.message);
    ctx.deps.onToolError?.(err);
    return fail("INTERNAL", "internal error; retry with exponential backoff");
  }
  return { ok: true, data: fitOutput(ctx, t, data) };
}

/**
 * The answer through the route's own schema, so only its fields leave, as from the REST route.
 * The handler has already done its work (a write has committed: a charge exists, money may
 * move), so an answer that does not fit the schema is our bug, not the caller's failure: it is
 * logged and the answer still returned (an object's answer cut to the schema's own keys), never
 * reported as an error that would make the caller retry and charge twice.
 */
function fitOutput(ctx: ToolContext, t: ToolDef, data: unknown): unknown {
  if (!t.output) return data;
  const fitted = t.output.safeParse(data);
  if (fitted.success) {
    try {
      // The REST routes' serializer: only the schema's fields leave; under strict payloads (the
      // tests) an undeclared field throws here, and is reported below rather than to the caller.
      const write = serializerFor(t.output, { strict: ctx.deps.strictPayloads === true });
      return JSON.parse(write(data));
    } catch (err) {
      report(ctx, t, (err as Error).message);
    }
  } else {
    const issue = fitted.error.issues[0];
    report(ctx, t, `${issue?.path.join(".") || "answer"}: ${issue?.message}`);
  }
  if (t.output instanceof z.ZodObject && data !== null && typeof data === "object") {
    const keys = Object.keys(t.output.shape);
    return Object.fromEntries(Object.entries(data).filter(([k]) => keys.includes(k)));
  }
  return data;
}

function report(ctx: ToolContext, t: ToolDef, what: string): void {
  ctx.deps.onToolError?.(
    new Error(
      `tool ${t.name}: its answer does not fit its output schema (${what}); returned as it is`,
    ),
  );
}

function fail(code: AppError["code"], error: string): ToolOutcome {
  return { ok: false, status: STATUS_BY_CODE[code], error };
}

/**
 * A tool as MCP's tools/list and the manifest show it, with what calling it needs: a token
 * (`auth`), a scope, the token modes that may call it and, for a live write, the server setting
 * (`requirementsOf`, read from the decision tools/call applies).
 */
export function describeTool(t: ToolDef) {
  const { $schema: _ignored, ...inputSchema } = z.toJSONSchema(t.input, {
    io: "input",
    unrepresentable: "any",
  }) as Record<string, unknown>;
  return {
    name: t.name,
    description: t.description,
    inputSchema: { type: "object" as const, ...inputSchema },
    annotations: {
      readOnlyHint: !t.write,
      // A write with a live token moves real money or real data.
      destructiveHint: t.write,
      openWorldHint: false,
    },
    auth: t.auth ? ("bearer" as const) : ("none" as const),
    ...(t.scope ? { scope: t.scope } : {}),
    ...requirementsOf(t),
  };
}

/** Every tool, for the manifest (which has no caller) and a stdio server facing an old service. */
export const describeTools = () => TOOLS.map(describeTool);

/** tools/list over /mcp: the tools this caller may call, and no other. */
export const describeCallableTools = (caller: Principal | undefined, config: AccessConfig) =>
  callableTools(caller, config).map(describeTool);

/**
 * GET /api/integrations/mcp/tools, for clients that list the tools themselves (the stdio server):
 * the names of the same tools.
 */
export const callableToolNames = (caller: Principal | undefined, config: AccessConfig): string[] =>
  callableTools(caller, config).map((t) => t.name);

/** GET /api/integrations/mcp/tools's data, which the stdio server reads. */
export const ToolNamesSchema = z.object({ tools: z.array(z.string()) });
