import type { AppError } from "../domain/errors.ts";
import { AUTH_FAILURE_MESSAGES } from "../domain/tokens/authenticate.ts";
import { missingScope } from "../domain/tokens/scopes.ts";
import { MODES, type Mode, type Principal } from "../kernel/mode.ts";
import { TOOLS, type ToolDef } from "./registry.ts";

// Which tools a caller may call, decided here and only here: tools/call refuses with the reason
// this gives, and tools/list over /mcp, GET /api/integrations/mcp/tools (the stdio server's
// list) and the manifest's per-tool requirements are all this same function read the other way,
// so no surface can offer a tool whose call would be refused for who the caller is.

/** What the decision reads of the server's configuration. */
export type AccessConfig = { mcpLiveWrites: boolean };

export type Refusal = {
  code: Extract<AppError["code"], "UNAUTHENTICATED" | "FORBIDDEN">;
  message: string;
};

/**
 * Why this caller may not call the tool, or undefined when it may: no token for a tool that needs
 * one (401); a key without the tool's scope (403 naming it); a sandbox-only tool for a live key
 * (403); a live-only tool for a test key (403); a write for a live key while live-mode write tools are switched off (403). Arguments and
 * the data are the tool's own business and come after.
 */
export function refusalOf(
  t: ToolDef,
  caller: Principal | undefined,
  config: AccessConfig,
): Refusal | undefined {
  if (!caller) {
    return t.auth ? { code: "UNAUTHENTICATED", message: AUTH_FAILURE_MESSAGES.missing } : undefined;
  }
  const missing = missingScope(caller, t.scope);
  if (missing) return { code: "FORBIDDEN", message: missing };
  if (t.sandboxOnly && caller.mode !== "test") {
    return {
      code: "FORBIDDEN",
      message: `tool: ${t.name} is for test tokens only (the sandbox); use a test token`,
    };
  }
  if (t.liveOnly && caller.mode !== "live") {
    return {
      code: "FORBIDDEN",
      message: `tool: ${t.name} is for live tokens only (it reads the PSP's own records, which the sandbox has none of); use a live token`,
    };
  }
  if (t.write && caller.mode === "live" && !config.mcpLiveWrites) {
    return {
      code: "FORBIDDEN",
      message: `tool: ${t.name} changes live data and live-mode write tools are switched off on this server (TOSTAO_MCP_LIVE_WRITES=false); use a test token`,
    };
  }
  return undefined;
}

/** The tools this caller may call (without a caller: those that need no token). */
export const callableTools = (
  caller: Principal | undefined,
  config: AccessConfig,
  tools: readonly ToolDef[] = TOOLS,
): ToolDef[] => tools.filter((t) => !refusalOf(t, caller, config));

/** A key of this mode holding every scope: what the manifest's requirements are asked of. */
const anyKey = (mode: Mode): Principal => ({ accountId: "", tokenId: "", mode, scopes: null });

/**
 * A tool's requirements as the manifest states them, read from `refusalOf` so they cannot say
 * otherwise: the token modes that may call it (["test"]: sandbox only), and, for a live write,
 * that live keys need TOSTAO_MCP_LIVE_WRITES=true.
 */
export function requirementsOf(t: ToolDef) {
  const modes = MODES.filter((mode) => !refusalOf(t, anyKey(mode), { mcpLiveWrites: true }));
  const live = anyKey("live");
  const liveNeedsSetting =
    !refusalOf(t, live, { mcpLiveWrites: true }) && !!refusalOf(t, live, { mcpLiveWrites: false });
  return { modes, ...(liveNeedsSetting ? { liveRequires: "TOSTAO_MCP_LIVE_WRITES=true" } : {}) };
}
