import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
} from "@simplewebauthn/server";
import * as q from "../../db/queries/passkeys.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import { sha256Hex } from "../sha256.ts";

// The WebAuthn ceremony's moving parts shared by registration, sign-in and sudo: challenges (32
// random bytes, kept server-side by their hash for CHALLENGE_MS and taken once), the relying
// party (its id is the host of TOSTAO_BASE_URL, the expected origin that URL's origin: the web
// layer works them out), and the check of an assertion against a stored credential, which
// requires user verification (a PIN or a fingerprint: a passkey alone is then two factors) and
// moves the signature counter only from the value it read (two uses at once: one wins).

export const CHALLENGE_MS = 2 * 60_000;
export type PasskeyDeps = { db: Db; clock: Clock; random: Random };
export type RelyingParty = { id: string; origin: string; name: string };
export type ChallengeBinding = Omit<q.ChallengeRow, "purpose">;

/** A new challenge for `purpose`, stored: base64url, as the options carry it. */
export async function newChallenge(
  deps: PasskeyDeps,
  purpose: q.ChallengePurpose,
  bound: ChallengeBinding,
): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = plainBytes(deps.random.bytes(32));
  const now = deps.clock.now();
  await q.insertChallenge(deps.db, {
    challengeHash: sha256Hex(Buffer.from(bytes).toString("base64url")),
    purpose,
    ...bound,
    expiresAt: new Date(now.getTime() + CHALLENGE_MS),
    now,
  });
  return bytes;
}

/** Bytes on an ArrayBuffer of their own, as the WebAuthn library's types ask. */
export function plainBytes(from: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(new ArrayBuffer(from.length));
  out.set(from);
  return out;
}

/** The challenge a browser's response answers (from its clientDataJSON), or undefined. */
export function challengeOf(
  response: RegistrationResponseJSON | AuthenticationResponseJSON,
): string | undefined {
  try {
    const text = Buffer.from(response.response.clientDataJSON, "base64url").toString("utf8");
    const parsed: unknown = JSON.parse(text);
    const c = (parsed as { challenge?: unknown }).challenge;
    return typeof c === "string" && c.length <= 200 ? c : undefined;
  } catch {
    return undefined;
  }
}

/** Takes (spends) the response's challenge if it is live, of `purpose` and bound as expected. */
export async function spendChallenge(
  deps: PasskeyDeps,
  challenge: string | undefined,
  purpose: q.ChallengePurpose,
  bound: ChallengeBinding,
): Promise<boolean> {
  if (!challenge) return false;
  const row = await q.takeChallenge(deps.db, {
    challengeHash: sha256Hex(challenge),
    now: deps.clock.now(),
  });
  return (
    row?.purpose === purpose && row.userId === bound.userId && row.sessionHash === bound.sessionHash
  );
}

/** A response as the browser sent it (JSON text), or undefined when it is not one. */
export function parseResponse<T extends { id: string; response: { clientDataJSON: string } }>(
  text: string,
): T | undefined {
  if (text.length > 20_000) return undefined;
  try {
    const v = JSON.parse(text) as T;
    return typeof v?.id === "string" && typeof v.response?.clientDataJSON === "string"
      ? v
      : undefined;
  } catch {
    return undefined;
  }
}

/** Options for an assertion: any discoverable credential, or only `allow` (sudo). */
export async function assertionOptions(
  deps: PasskeyDeps,
  rp: RelyingParty,
  purpose: "sign_in" | "sudo",
  bound: ChallengeBinding,
  allow?: q.PasskeyRow[],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    challenge: await newChallenge(deps, purpose, bound),
    timeout: CHALLENGE_MS,
    userVerification: "required",
    ...(allow
      ? {
          allowCredentials: allow.map((p) => ({
            id: p.credentialId.toString("base64url"),
            transports: p.transports,
          })),
        }
      : {}),
  });
}

export type AssertionCheck =
  | { ok: true; passkey: q.PasskeyRow }
  | { ok: false; reason: "unknown" }
  | { ok: false; reason: "expired" | "rejected"; passkey: q.PasskeyRow };

/**
 * Checks an assertion: its challenge spent (whatever follows), its credential known, its
 * signature, origin, RP id and user verification right, its counter moved on. No throttle: a
 * signature cannot be guessed, and counting these would let someone typing wrong passwords for
 * an e-mail slow its owner's passkey down.
 */
export async function checkAssertion(
  deps: PasskeyDeps,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  expect: { purpose: "sign_in" | "sudo"; bound: ChallengeBinding },
): Promise<AssertionCheck> {
  const challenge = challengeOf(response);
  const live = await spendChallenge(deps, challenge, expect.purpose, expect.bound);
  const passkey =
    response.id.length <= 1400
      ? await q.findPasskeyByCredential(deps.db, Buffer.from(response.id, "base64url"))
      : undefined;
  if (!passkey) return { ok: false, reason: "unknown" };
  // The user handle, when the authenticator gives one, is the id registered with the credential.
  const handle = response.response.userHandle;
  if (handle && handle !== Buffer.from(passkey.userId, "utf8").toString("base64url")) {
    return { ok: false, reason: "rejected", passkey };
  }
  if (!live || !challenge) return { ok: false, reason: "expired", passkey };
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
      credential: {
        id: passkey.credentialId.toString("base64url"),
        publicKey: plainBytes(passkey.publicKey),
        counter: passkey.signCount,
        transports: passkey.transports,
      },
    });
  } catch {
    return { ok: false, reason: "rejected", passkey };
  }
  if (!verified.verified) return { ok: false, reason: "rejected", passkey };
  const moved = await q.notePasskeyUse(deps.db, {
    id: passkey.id,
    seenCount: passkey.signCount,
    newCount: verified.authenticationInfo.newCounter,
    at: deps.clock.now(),
  });
  if (!moved) return { ok: false, reason: "rejected", passkey };
  return { ok: true, passkey };
}
