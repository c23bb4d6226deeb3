import type { Db } from "../../kernel/db.ts";

// A user's passkeys and the WebAuthn challenges handed out (migration 0041). Credential ids and
// public keys are bytea: node-postgres reads them as Buffers, PGlite as Uint8Arrays, so each
// read goes through Buffer.from.

export type PasskeyRow = {
  id: string;
  userId: string;
  accountId: string;
  credentialId: Buffer;
  publicKey: Buffer;
  signCount: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
};

type Raw = Omit<PasskeyRow, "credentialId" | "publicKey" | "signCount" | "transports"> & {
  credentialId: Uint8Array;
  publicKey: Uint8Array;
  signCount: string | number;
  transports: string;
};

const COLUMNS = `id, user_id AS "userId", account_id AS "accountId", credential_id AS "credentialId",
  public_key AS "publicKey", sign_count AS "signCount", transports, name,
  created_at AS "createdAt", last_used_at AS "lastUsedAt"`;

function transportsOf(text: string): string[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

const rowOf = (r: Raw): PasskeyRow => ({
  ...r,
  credentialId: Buffer.from(r.credentialId),
  publicKey: Buffer.from(r.publicKey),
  signCount: Number(r.signCount),
  transports: transportsOf(r.transports),
});

export async function insertPasskey(
  db: Db,
  p: Omit<PasskeyRow, "lastUsedAt" | "signCount"> & { signCount: number },
): Promise<void> {
  await db.query(
    `INSERT INTO user_passkeys (id, user_id, account_id, credential_id, public_key, sign_count,
       transports, name, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      p.id,
      p.userId,
      p.accountId,
      p.credentialId,
      p.publicKey,
      p.signCount,
      JSON.stringify(p.transports),
      p.name,
      p.createdAt,
    ],
  );
}

export async function listPasskeys(db: Db, userId: string): Promise<PasskeyRow[]> {
  const rows = await db.query<Raw>(
    `SELECT ${COLUMNS} FROM user_passkeys WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  );
  return rows.map(rowOf);
}

export async function findPasskeyByCredential(
  db: Db,
  credentialId: Buffer,
): Promise<PasskeyRow | undefined> {
  const rows = await db.query<Raw>(
    `SELECT ${COLUMNS} FROM user_passkeys WHERE credential_id = $1`,
    [credentialId],
  );
  return rows[0] ? rowOf(rows[0]) : undefined;
}

export async function countPasskeys(db: Db, userId: string): Promise<number> {
  const rows = await db.query<{ n: string | number }>(
    "SELECT count(*) AS n FROM user_passkeys WHERE user_id = $1",
    [userId],
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Records a use: the new counter and the time, only if the stored counter is still the one the
 * check read (two assertions verified at once cannot both move it); true when this call did.
 */
export async function notePasskeyUse(
  db: Db,
  k: { id: string; seenCount: number; newCount: number; at: Date },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE user_passkeys SET sign_count = $3, last_used_at = $4
       WHERE id = $1 AND sign_count = $2 RETURNING id`,
    [k.id, k.seenCount, k.newCount, k.at],
  );
  return rows.length === 1;
}

export async function deletePasskey(
  db: Db,
  k: { userId: string; id: string },
): Promise<{ name: string } | undefined> {
  const rows = await db.query<{ name: string }>(
    "DELETE FROM user_passkeys WHERE user_id = $1 AND id = $2 RETURNING name",
    [k.userId, k.id],
  );
  return rows[0];
}

export type ChallengePurpose = "register" | "sign_in" | "sudo";
export type ChallengeRow = {
  purpose: ChallengePurpose;
  userId: string | null;
  sessionHash: string | null;
};

/** Stores a challenge (by its hash), dropping expired ones so the table stays small. */
export async function insertChallenge(
  db: Db,
  c: ChallengeRow & { challengeHash: string; expiresAt: Date; now: Date },
): Promise<void> {
  await db.query("DELETE FROM webauthn_challenges WHERE expires_at <= $1", [c.now]);
  await db.query(
    `INSERT INTO webauthn_challenges (challenge_hash, purpose, user_id, session_hash, expires_at)
       VALUES ($1, $2, $3, $4, $5)`,
    [c.challengeHash, c.purpose, c.userId, c.sessionHash, c.expiresAt],
  );
}

/** Takes a live challenge, once: the row is deleted by the same statement that reads it. */
export async function takeChallenge(
  db: Db,
  k: { challengeHash: string; now: Date },
): Promise<ChallengeRow | undefined> {
  const rows = await db.query<ChallengeRow & { expiresAt: Date }>(
    `DELETE FROM webauthn_challenges WHERE challenge_hash = $1
       RETURNING purpose, user_id AS "userId", session_hash AS "sessionHash",
         expires_at AS "expiresAt"`,
    [k.challengeHash],
  );
  const row = rows[0];
  if (!row || row.expiresAt.getTime() <= k.now.getTime()) return undefined;
  return { purpose: row.purpose, userId: row.userId, sessionHash: row.sessionHash };
}
