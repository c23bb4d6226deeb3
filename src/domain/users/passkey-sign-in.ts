import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { findUser } from "../../db/queries/users.ts";
import { recordAudit } from "../audit/record-audit.ts";
import {
  assertionOptions,
  checkAssertion,
  type PasskeyDeps,
  parseResponse,
  type RelyingParty,
} from "./passkey-challenges.ts";
import { openSignedIn, type SignInDeps } from "./sign-in-code.ts";

// Signing in with a passkey alone: the browser offers the user's discoverable credentials for
// this site (no e-mail typed), the authenticator verifies the user (PIN, fingerprint), and the
// signed assertion opens the session: something held plus something known or been, so no
// authenticator-app code follows. The audit log gets the success (factor "passkey") and each
// failure of a known credential with its reason; an unknown credential names no account.

export type PasskeySignIn =
  | { ok: true; cookie: string; userId: string }
  | { ok: false; reason: "invalid" | "expired" };

/** The options for navigator.credentials.get() on the sign-in page. */
export function beginPasskeySignIn(deps: PasskeyDeps, rp: RelyingParty) {
  return assertionOptions(deps, rp, "sign_in", { userId: null, sessionHash: null });
}

export async function signInWithPasskey(
  deps: SignInDeps,
  rp: RelyingParty,
  input: {
    response: string;
    ip: string;
    previousCookie?: string | undefined;
    userAgent?: string | undefined;
  },
): Promise<PasskeySignIn> {
  const response = parseResponse<AuthenticationResponseJSON>(input.response);
  if (!response) return { ok: false, reason: "invalid" };
  const check = await checkAssertion(deps, rp, response, {
    purpose: "sign_in",
    bound: { userId: null, sessionHash: null },
  });
  if (check.ok === false && check.reason === "unknown") return { ok: false, reason: "invalid" };
  const user = await findUser(deps.db, {
    accountId: check.passkey.accountId,
    id: check.passkey.userId,
  });
  if (!user) return { ok: false, reason: "invalid" };
  const actor = { kind: "user" as const, id: user.email, ip: input.ip, userAgent: input.userAgent };
  if (!check.ok) {
    await recordAudit(deps, {
      accountId: user.accountId,
      actor,
      action: "sign_in.failed",
      target: user.id,
      changes: {
        reason: { after: check.reason === "expired" ? "passkey_expired" : "passkey_rejected" },
        passkey: { after: check.passkey.id },
      },
    });
    return { ok: false, reason: check.reason === "expired" ? "expired" : "invalid" };
  }
  const { cookie } = await openSignedIn(deps, user, input, { factor: "passkey" });
  return { ok: true, cookie, userId: user.id };
}
