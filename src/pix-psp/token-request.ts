import type { PspProfile } from "./profiles.ts";
import { PspError, reasonFromBody, scrub } from "./psp-error.ts";
import type { AccessToken } from "./token-cache.ts";
import type { HttpAnswer, HttpCall } from "./transport.ts";
import type { PspCredentials } from "./types.ts";

/**
 * The OAuth2 client-credentials request in the profile's style (profiles.ts, `tokenAuth`), and
 * the reading of its answer. A 4xx from the token endpoint is the PSP refusing the credentials:
 * kind "auth" with its own words (`invalid_client` and its error_description).
 */
export function tokenCall(
  creds: PspCredentials,
  profile: PspProfile,
  scopes = profile.scopes,
): HttpCall {
  const headers: Record<string, string> = { accept: "application/json" };
  const form = new URLSearchParams({ grant_type: "client_credentials" });
  const basic = () =>
    `Basic ${Buffer.from(`${creds.clientId}:${creds.clientSecret ?? ""}`).toString("base64")}`;
  let body: string;
  switch (profile.tokenAuth) {
    case "basic":
    case "efi":
      headers.authorization = basic();
      break;
    case "form":
      form.set("client_id", creds.clientId);
      form.set("client_secret", creds.clientSecret ?? "");
      break;
    case "client-id-only":
      form.set("client_id", creds.clientId);
      break;
  }
  if (scopes) form.set("scope", scopes);
  if (profile.tokenAuth === "efi") {
    headers["content-type"] = "application/json";
    body = JSON.stringify({ grant_type: "client_credentials" });
  } else {
    headers["content-type"] = "application/x-www-form-urlencoded";
    body = form.toString();
  }
  return { method: "POST", url: creds.tokenUrl, headers, body };
}

export function readTokenAnswer(answer: HttpAnswer, creds: PspCredentials): AccessToken {
  const secrets = [creds.clientSecret];
  if (answer.status >= 400) {
    const reason = scrub(reasonFromBody(answer.status, answer.body), secrets);
    const kind = answer.status >= 500 ? "unavailable" : "auth";
    throw new PspError(kind, reason, { httpStatus: answer.status, op: "token" });
  }
  const b = (answer.body ?? {}) as Record<string, unknown>;
  const accessToken = typeof b.access_token === "string" ? b.access_token : "";
  if (accessToken === "") {
    throw new PspError("auth", "token endpoint answered without an access_token", {
      httpStatus: answer.status,
      op: "token",
    });
  }
  const exp = Number(b.expires_in);
  // A PSP that omits expires_in gets the shortest lifetime seen in practice (Itaú's 5 minutes).
  const expiresInSec = Number.isFinite(exp) && exp > 0 ? exp : 300;
  return { accessToken, expiresInSec };
}

/** The token endpoint refused a scope the application was not granted (RFC 6749 §5.2). */
export function isInvalidScope(answer: HttpAnswer): boolean {
  const b = answer.body as { error?: unknown } | undefined;
  return answer.status === 400 && b?.error === "invalid_scope";
}

/** The scopes without those of charges with a due date (cobv.*, lotecobv.*). */
export function withoutDueDateScopes(scopes: string): string {
  return scopes
    .split(" ")
    .filter((s) => !/^(lote)?cobv\./.test(s))
    .join(" ");
}
