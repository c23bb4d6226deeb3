import type { Db } from "../../kernel/db.ts";

// The second factor's records (migration 0031): the sealed TOTP secret and its last used step
// on users, the recovery codes by hash, and the sign-ins waiting for their code.

export type TotpState = {
  secret: string | null;
  pending: string | null;
  enabledAt: Date | null;
  lastStep: number | null;
};

export async function findTotpState(db: Db, userId: string): Promise<TotpState | undefined> {
  const rows = await db.query<{
    secret: string | null;
    pending: string | null;
    enabledAt: Date | null;
    lastStep: string | number | null;
  }>(
    `SELECT totp_secret AS secret, totp_pending AS pending, totp_enabled_at AS "enabledAt",
       totp_last_step AS "lastStep" FROM users WHERE id = $1`,
    [userId],
  );
  const r = rows[0];
  if (!r) return undefined;
  return { ...r, lastStep: r.lastStep === null ? null : Number(r.lastStep) };
}

export async function setPendingTotp(db: Db, k: { userId: string; sealed: string }) {
  await db.query("UPDATE users SET totp_pending = $2 WHERE id = $1", [k.userId, k.sealed]);
}

/** Makes the pending secret the user's, with the step its confirming code used. */
export async function confirmTotp(
  db: Db,
  k: { userId: string; sealed: string; step: number; at: Date },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE users SET totp_secret = $2, totp_pending = NULL, totp_enabled_at = $4,
       totp_last_step = $3 WHERE id = $1 AND totp_pending = $2 RETURNING id`,
    [k.userId, k.sealed, k.step, k.at],
  );
  return rows.length === 1;
}

export async function clearTotp(db: Db, userId: string): Promise<void> {
  await db.query(
    `UPDATE users SET totp_secret = NULL, totp_pending = NULL, totp_enabled_at = NULL,
       totp_last_step = NULL WHERE id = $1`,
    [userId],
  );
  await db.query("DELETE FROM user_recovery_codes WHERE user_id = $1", [userId]);
}

/**
 * Records `step` as the last used one unless it is not later than the stored one: true when
 * this call took the step (two requests with the same code cannot both be accepted).
 */
export async function takeTotpStep(db: Db, k: { userId: string; step: number }): Promise<boolean> {
  const rows = await db.query(
    `UPDATE users SET totp_last_step = $2 WHERE id = $1 AND totp_secret IS NOT NULL
       AND (totp_last_step IS NULL OR totp_last_step < $2) RETURNING id`,
    [k.userId, k.step],
  );
  return rows.length === 1;
}

export async function replaceRecoveryCodes(
  db: Db,
  k: { userId: string; hashes: string[]; at: Date },
): Promise<void> {
  await db.query("DELETE FROM user_recovery_codes WHERE user_id = $1", [k.userId]);
  for (const h of k.hashes) {
    await db.query(
      "INSERT INTO user_recovery_codes (user_id, code_hash, created_at) VALUES ($1, $2, $3)",
      [k.userId, h, k.at],
    );
  }
}

/** Spends a recovery code: true when it was the user's and not yet used. */
export async function useRecoveryCode(
  db: Db,
  k: { userId: string; hash: string; at: Date },
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE user_recovery_codes SET used_at = $3
     WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL RETURNING code_hash`,
    [k.userId, k.hash, k.at],
  );
  return rows.length === 1;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const rows = await db.query<{ n: string | number }>(
    "SELECT count(*) AS n FROM user_recovery_codes WHERE user_id = $1 AND used_at IS NULL",
    [userId],
  );
  return Number(rows[0]?.n ?? 0);
}

export type PendingSignInRow = { userId: string; accountId: string; failures: number };

export async function insertPendingSignIn(
  db: Db,
  p: { idHash: string; userId: string; accountId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.query("DELETE FROM pending_sign_ins WHERE expires_at <= $1", [p.createdAt]);
  await db.query(
    `INSERT INTO pending_sign_ins (id_hash, user_id, account_id, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5)`,
    [p.idHash, p.userId, p.accountId, p.createdAt, p.expiresAt],
  );
}

export async function findPendingSignIn(
  db: Db,
  k: { idHash: string; now: Date },
): Promise<PendingSignInRow | undefined> {
  const rows = await db.query<PendingSignInRow>(
    `SELECT user_id AS "userId", account_id AS "accountId", failures FROM pending_sign_ins
     WHERE id_hash = $1 AND expires_at > $2`,
    [k.idHash, k.now],
  );
  return rows[0];
}

export async function countPendingFailure(db: Db, idHash: string): Promise<number> {
  const rows = await db.query<{ failures: number }>(
    "UPDATE pending_sign_ins SET failures = failures + 1 WHERE id_hash = $1 RETURNING failures",
    [idHash],
  );
  return rows[0]?.failures ?? 0;
}

export async function deletePendingSignIn(db: Db, idHash: string): Promise<void> {
  await db.query("DELETE FROM pending_sign_ins WHERE id_hash = $1", [idHash]);
}
