import {
  generateRegistrationOptions,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from "@simplewebauthn/server";
import * as q from "../../db/queries/passkeys.ts";
import { type AuditActor, recordAudit } from "../audit/record-audit.ts";
import { AppError, notFound, unprocessable } from "../errors.ts";
import { newId } from "../ids.ts";
import {
  CHALLENGE_MS,
  challengeOf,
  newChallenge,
  type PasskeyDeps,
  parseResponse,
  plainBytes,
  type RelyingParty,
  spendChallenge,
} from "./passkey-challenges.ts";

// A user's passkeys (WebAuthn credentials) from the Security page: registered as discoverable
// credentials with user verification required (so one can sign in alone, with no e-mail typed,
// and counts as a second factor for sudo), named by the user, listed with when each was made and
// last used, removed one by one (the route asks for sudo first). No attestation is asked: which
// maker built the authenticator does not matter here, only that it holds the key.

export type PasskeyUser = { userId: string; accountId: string; email: string; sessionHash: string };
export type PasskeyAudit = { accountId: string; actor: AuditActor };
export type PasskeyListing = {
  id: string;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
};

export const PASSKEY_NAME_MAX = 60;
export const MAX_PASSKEYS = 20;

export async function listPasskeys(deps: PasskeyDeps, userId: string): Promise<PasskeyListing[]> {
  const rows = await q.listPasskeys(deps.db, userId);
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    createdAt: p.createdAt,
    lastUsedAt: p.lastUsedAt,
  }));
}

export async function hasPasskeys(deps: PasskeyDeps, userId: string): Promise<boolean> {
  return (await q.countPasskeys(deps.db, userId)) > 0;
}

/** The options for the browser's navigator.credentials.create(), with a fresh challenge. */
export async function beginPasskeyRegistration(
  deps: PasskeyDeps,
  rp: RelyingParty,
  user: PasskeyUser,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await q.listPasskeys(deps.db, user.userId);
  if (existing.length >= MAX_PASSKEYS) {
    throw unprocessable(`passkey: at most ${MAX_PASSKEYS} per user; remove one first`);
  }
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.email,
    userID: plainBytes(Buffer.from(user.userId, "utf8")),
    challenge: await newChallenge(deps, "register", bound(user)),
    timeout: CHALLENGE_MS,
    attestationType: "none",
    // The authenticators the user already has are not offered again.
    excludeCredentials: existing.map((p) => ({
      id: p.credentialId.toString("base64url"),
      transports: p.transports,
    })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
}

const bound = (user: PasskeyUser) => ({ userId: user.userId, sessionHash: user.sessionHash });

/** A name as typed: trimmed, 1 to PASSKEY_NAME_MAX characters. */
export function passkeyName(text: string): string {
  const name = text.trim().replace(/\s+/g, " ");
  if (name.length < 1 || name.length > PASSKEY_NAME_MAX) {
    throw unprocessable(`name: must be 1 to ${PASSKEY_NAME_MAX} characters`);
  }
  return name;
}

/** Verifies the browser's answer to the registration options and keeps the credential. */
export async function finishPasskeyRegistration(
  deps: PasskeyDeps,
  rp: RelyingParty,
  user: PasskeyUser,
  input: { name: string; response: string },
  audit: PasskeyAudit,
): Promise<PasskeyListing> {
  const name = passkeyName(input.name);
  const response = parseResponse<RegistrationResponseJSON>(input.response);
  if (!response) throw unprocessable("passkey: the browser's answer could not be read");
  const challenge = challengeOf(response);
  if (!challenge || !(await spendChallenge(deps, challenge, "register", bound(user)))) {
    throw unprocessable("passkey: the request expired; try again");
  }
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    verified = { verified: false };
  }
  if (!verified.verified) {
    throw unprocessable("passkey: the browser's answer could not be verified; try again");
  }
  const { credential } = verified.registrationInfo;
  const credentialId = Buffer.from(credential.id, "base64url");
  if (await q.findPasskeyByCredential(deps.db, credentialId)) {
    throw new AppError("CONFLICT", "passkey: is already registered");
  }
  const row = {
    id: newId("pk", deps),
    userId: user.userId,
    accountId: user.accountId,
    credentialId,
    publicKey: Buffer.from(credential.publicKey),
    signCount: credential.counter,
    transports: (credential.transports ?? []).slice(0, 10).map(String),
    name,
    createdAt: deps.clock.now(),
  };
  await deps.db.transaction(async (db) => {
    await q.insertPasskey(db, row);
    await recordAudit(
      { ...deps, db },
      { ...audit, action: "passkey.added", target: row.id, changes: { name: { after: name } } },
    );
  });
  return { id: row.id, name, createdAt: row.createdAt, lastUsedAt: null };
}

/** Removes one of the user's passkeys (after sudo, in the route). */
export async function removePasskey(
  deps: PasskeyDeps,
  userId: string,
  id: string,
  audit: PasskeyAudit,
): Promise<void> {
  if (id.length > 60) throw notFound("passkey: is unknown");
  await deps.db.transaction(async (db) => {
    const gone = await q.deletePasskey(db, { userId, id });
    if (!gone) throw notFound("passkey: is unknown");
    await recordAudit(
      { ...deps, db },
      { ...audit, action: "passkey.removed", target: id, changes: { name: { before: gone.name } } },
    );
  });
}
