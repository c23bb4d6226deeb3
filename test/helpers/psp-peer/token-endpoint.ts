import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { PeerProfile } from "./peer-profiles.ts";
import type { Answer } from "./pix-state.ts";

/**
 * The OAuth2 client-credentials check in the profile's style (RFC 6749 §4.4 plus each PSP's
 * variant). A wrong client or secret is 401 `invalid_client` with a description, as OAuth
 * servers answer; a malformed request is 400 `invalid_request` naming what is missing.
 */
export type TokenVerdict = { ok: true; scope: string } | { ok: false; answer: Answer };

export function checkTokenRequest(
  profile: PeerProfile,
  client: { clientId: string; clientSecret: string | undefined },
  req: IncomingMessage,
  url: URL,
  raw: string,
): TokenVerdict {
  const refuse = (why: string): TokenVerdict => ({
    ok: false,
    answer: { status: 401, body: { error: "invalid_client", error_description: why } },
  });
  const bad = (why: string): TokenVerdict => ({
    ok: false,
    answer: { status: 400, body: { error: "invalid_request", error_description: why } },
  });
  if (req.method !== "POST") return bad("POST required");
  for (const [k, v] of Object.entries(profile.tokenQuery ?? {})) {
    if (url.searchParams.get(k) !== v) return bad(`query parameter ${k}=${v} is required`);
  }
  const type = String(req.headers["content-type"] ?? "");
  let params: Record<string, string>;
  if (profile.tokenAuth === "efi") {
    if (!type.startsWith("application/json")) return bad("JSON body required");
    try {
      params = JSON.parse(raw) as Record<string, string>;
    } catch {
      return bad("JSON body required");
    }
  } else {
    if (!type.startsWith("application/x-www-form-urlencoded")) return bad("form body required");
    params = Object.fromEntries(new URLSearchParams(raw));
  }
  if (params.grant_type !== "client_credentials") {
    return bad("grant_type must be client_credentials");
  }
  if (profile.scopeRequired && !params.scope) return bad("scope is required");
  let id: string | undefined;
  let secret: string | undefined;
  if (profile.tokenAuth === "basic" || profile.tokenAuth === "efi") {
    const m = /^Basic (.+)$/.exec(String(req.headers.authorization ?? ""));
    if (!m?.[1]) return refuse("HTTP Basic authentication required");
    const decoded = Buffer.from(m[1], "base64").toString("utf8");
    id = decoded.slice(0, decoded.indexOf(":"));
    secret = decoded.slice(decoded.indexOf(":") + 1);
  } else {
    id = params.client_id;
    secret = params.client_secret;
  }
  const wrong = "Invalid client or Invalid client credentials";
  if (id !== client.clientId) return refuse(wrong);
  if (client.clientSecret !== undefined && !same(secret ?? "", client.clientSecret)) {
    return refuse(wrong);
  }
  return { ok: true, scope: params.scope ?? "cob.write cob.read pix.write pix.read" };
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

// The resource families whose scopes the BACEN file defines (components.securitySchemes.OAuth2)
// and a scope-requiring PSP grants only as asked: `<family>.write` for PUT, PATCH, POST and
// DELETE, `<family>.read` for GET. Pix Automático's families are not checked here.
const SCOPED_FAMILIES = new Set(["cob", "cobv", "lotecobv", "pix", "webhook"]);

/** What a token granted `scope` lacks for this request, or undefined when it may make it. */
export function missingScope(method: string, path: string, scope = ""): string | undefined {
  const family = path.split("/")[1] ?? "";
  if (!SCOPED_FAMILIES.has(family)) return undefined;
  const needed = `${family}.${method === "GET" ? "read" : "write"}`;
  return scope.split(" ").includes(needed) ? undefined : `the token lacks scope ${needed}`;
}
