import { z } from "zod";
import { AppError, STATUS_BY_CODE } from "../domain/errors.ts";
import { badTextError, toAppError } from "../domain/input-errors.ts";
import { serializerFor } from "../domain/schema-serializer.ts";
import { AUTH_FAILURE_MESSAGES } from "../domain/tokens/authenticate.ts";
import { TOOL_BY_NAME, TOOLS, type ToolContext, type ToolDef } from "./registry.ts";

export type ToolOutcome =
  | { ok: true; data: unknown }
  | { ok: false; status: number; error: string };

/**
 * Runs a tool of the registry for a caller: unknown tool 404, missing token 401, a live-mode
 * write when those are switched off 403, bad arguments 400/422 with the REST API's messages,
 * and any domain failure with its own status and message.
 */
export async function executeTool(
  ctx: ToolContext,
  name: string,
  args: unknown,
): Promise<ToolOutcome> {
  const t = TOOL_BY_NAME.get(name);
  if (!t)
    return fail("NOT_FOUND", `tool: unknown tool ${name}; get_integration_manifest lists them`);
  if (t.auth && !ctx.principal) return fail("UNAUTHENTICATED", AUTH_FAILURE_MESSAGES.missing);
  if (t.write && ctx.principal?.mode === "live" && !ctx.deps.config.mcpLiveWrites) {
    return fail(
      "FORBIDDEN",
      `tool: ${name} changes live data and live-mode write tools are switched off on this server (TOSTAO_MCP_LIVE_WRITES=false); use a test token`,
    );
  }
  const badText = badTextError(args, "arguments");
  if (badText) return fail(badText.code, badText.message);
  const parsed = t.input.safeParse(args ?? {}, { reportInput: true });
  if (!parsed.success) {
    const err = toAppError(parsed.error.issues, "arguments");
    return fail(err.code, err.message);
  }
  try {
    const principal = ctx.principal ?? { accountId: "", mode: "test" as const, tokenId: "" };
    const data = await t.handler({ ...ctx, principal }, parsed.data as never);
    // The route's own answer schema, through the REST routes' serializer: only its fields leave,
    // and under strict payloads (tests) a misfit is an error, as from the REST route.
    if (!t.output) return { ok: true, data };
    const write = serializerFor(t.output, { strict: ctx.deps.strictPayloads === true });
    return { ok: true, data: JSON.parse(write(data)) };
  } catch (err) {
    if (err instanceof AppError) return fail(err.code, err.message);
    ctx.deps.onToolError?.(err);
    return fail("INTERNAL", "internal error; retry with exponential backoff");
  }
}

function fail(code: AppError["code"], error: string): ToolOutcome {
  return { ok: false, status: STATUS_BY_CODE[code], error };
}

/** A tool as MCP's tools/list and the manifest show it. */
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
  };
}

export const describeTools = () => TOOLS.map(describeTool);
