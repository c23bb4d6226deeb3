import type { Db } from "../../kernel/db.ts";

export type UserLinkKind = "setup" | "invite";
export type UserLinkRow = {
  codeHash: string;
  kind: UserLinkKind;
  accountId: string;
  createdBy: string | null;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  /** The role an invitation gives (null: the setup link's owner, or an invitation made before roles). */
  role: string | null;
};

export async function insertUserLink(db: Db, l: UserLinkRow): Promise<void> {
  await db.query(
    `INSERT INTO user_links (code_hash, kind, account_id, created_by, created_at, expires_at, role)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [l.codeHash, l.kind, l.accountId, l.createdBy, l.createdAt, l.expiresAt, l.role],
  );
}

/** A link that still works: unused and not expired. */
export async function findUsableLink(
  db: Db,
  k: { codeHash: string; now: Date },
): Promise<UserLinkRow | undefined> {
  const rows = await db.query<UserLinkRow>(
    `SELECT code_hash AS "codeHash", kind, account_id AS "accountId", created_by AS "createdBy",
       created_at AS "createdAt", expires_at AS "expiresAt", used_at AS "usedAt", role
     FROM user_links WHERE code_hash = $1 AND used_at IS NULL AND expires_at > $2`,
    [k.codeHash, k.now],
  );
  return rows[0];
}

/** Marks the link used if it still works; false when another request used it first. */
export async function useLink(db: Db, k: { codeHash: string; now: Date }): Promise<boolean> {
  const rows = await db.query(
    `UPDATE user_links SET used_at = $2
     WHERE code_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING code_hash`,
    [k.codeHash, k.now],
  );
  return rows.length === 1;
}

/** The account's invitations still open (unused, unexpired), newest first. */
export function listOpenInvites(
  db: Db,
  k: { accountId: string; now: Date },
): Promise<Array<{ createdAt: Date; expiresAt: Date; role: string | null }>> {
  return db.query(
    `SELECT created_at AS "createdAt", expires_at AS "expiresAt", role FROM user_links
     WHERE account_id = $1 AND kind = 'invite' AND used_at IS NULL AND expires_at > $2
     ORDER BY created_at DESC`,
    [k.accountId, k.now],
  );
}
