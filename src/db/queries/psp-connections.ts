import type { Db } from "../../kernel/db.ts";

export type WebhookState = "registered" | "manual" | "failed" | "foreign" | "pending";

/** A stored PSP connection; the *Box fields are sealed (secret-box.ts), never plaintext. */
export type PspConnectionRow = {
  accountId: string;
  mode: "live";
  profile: string;
  baseUrl: string;
  tokenUrl: string;
  homologation: boolean;
  clientId: string;
  clientSecretBox: string | null;
  privateKeyBox: string;
  certificatePem: string;
  caPem: string | null;
  pixKey: string;
  merchantName: string;
  merchantCity: string;
  hookId: string;
  webhookState: WebhookState;
  webhookDetail: string | null;
  /** The URL registered on the key that is not ours (state "foreign"). */
  webhookForeignUrl: string | null;
  /** Sealed JSON object of extra headers; their names in clear, comma-separated. */
  extraHeadersBox: string | null;
  extraHeaderNames: string | null;
  /** Sealed application key (Banco do Brasil's gw-dev-app-key). */
  appKeyBox: string | null;
  revision: number;
  lastOkAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

const COLUMNS = `account_id AS "accountId", mode, profile, base_url AS "baseUrl",
  token_url AS "tokenUrl", homologation, client_id AS "clientId",
  client_secret_box AS "clientSecretBox", private_key_box AS "privateKeyBox",
  certificate_pem AS "certificatePem", ca_pem AS "caPem", pix_key AS "pixKey",
  merchant_name AS "merchantName", merchant_city AS "merchantCity", hook_id AS "hookId",
  webhook_state AS "webhookState", webhook_detail AS "webhookDetail",
  webhook_foreign_url AS "webhookForeignUrl", extra_headers_box AS "extraHeadersBox",
  extra_header_names AS "extraHeaderNames", app_key_box AS "appKeyBox", revision,
  last_ok_at AS "lastOkAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

/**
 * Creates or replaces an account's connection. A replacement keeps the hook id (the URL the PSP
 * already knows) and the creation time, and bumps the revision.
 */
export async function upsertConnection(db: Db, c: PspConnectionRow): Promise<PspConnectionRow> {
  const rows = await db.query<PspConnectionRow>(
    `INSERT INTO pix_psp_connections (account_id, mode, profile, base_url, token_url, homologation,
       client_id, client_secret_box, private_key_box, certificate_pem, ca_pem, pix_key,
       merchant_name, merchant_city, hook_id, webhook_state, webhook_detail, revision, last_ok_at,
       created_at, updated_at, webhook_foreign_url, extra_headers_box, extra_header_names,
       app_key_box)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, 1, $18,
       $19, $19, $20, $21, $22, $23)
     ON CONFLICT (account_id, mode) DO UPDATE SET profile = EXCLUDED.profile,
       base_url = EXCLUDED.base_url, token_url = EXCLUDED.token_url,
       homologation = EXCLUDED.homologation, client_id = EXCLUDED.client_id,
       client_secret_box = EXCLUDED.client_secret_box, private_key_box = EXCLUDED.private_key_box,
       certificate_pem = EXCLUDED.certificate_pem, ca_pem = EXCLUDED.ca_pem,
       pix_key = EXCLUDED.pix_key, merchant_name = EXCLUDED.merchant_name,
       merchant_city = EXCLUDED.merchant_city, webhook_state = EXCLUDED.webhook_state,
       webhook_detail = EXCLUDED.webhook_detail, last_ok_at = EXCLUDED.last_ok_at,
       webhook_foreign_url = EXCLUDED.webhook_foreign_url,
       extra_headers_box = EXCLUDED.extra_headers_box,
       extra_header_names = EXCLUDED.extra_header_names, app_key_box = EXCLUDED.app_key_box,
       revision = pix_psp_connections.revision + 1, updated_at = EXCLUDED.updated_at
     RETURNING ${COLUMNS}`,
    [
      c.accountId,
      c.mode,
      c.profile,
      c.baseUrl,
      c.tokenUrl,
      c.homologation,
      c.clientId,
      c.clientSecretBox,
      c.privateKeyBox,
      c.certificatePem,
      c.caPem,
      c.pixKey,
      c.merchantName,
      c.merchantCity,
      c.hookId,
      c.webhookState,
      c.webhookDetail,
      c.lastOkAt,
      c.updatedAt,
      c.webhookForeignUrl,
      c.extraHeadersBox,
      c.extraHeaderNames,
      c.appKeyBox,
    ],
  );
  const row = rows[0];
  if (!row) throw new Error("upsert returned no row");
  return row;
}

/**
 * Records how the webhook registration ended. The revision is not bumped: the client built from
 * this row does not depend on it.
 */
export async function setWebhookState(
  db: Db,
  k: { accountId: string; mode: string; hookId: string },
  w: { state: WebhookState; detail: string | null; foreignUrl: string | null },
): Promise<PspConnectionRow | undefined> {
  const rows = await db.query<PspConnectionRow>(
    `UPDATE pix_psp_connections SET webhook_state = $4, webhook_detail = $5,
       webhook_foreign_url = $6
     WHERE account_id = $1 AND mode = $2 AND hook_id = $3
     RETURNING ${COLUMNS}`,
    [k.accountId, k.mode, k.hookId, w.state, w.detail, w.foreignUrl],
  );
  return rows[0];
}

export async function findConnection(
  db: Db,
  k: { accountId: string; mode: string },
): Promise<PspConnectionRow | undefined> {
  const rows = await db.query<PspConnectionRow>(
    `SELECT ${COLUMNS} FROM pix_psp_connections WHERE account_id = $1 AND mode = $2`,
    [k.accountId, k.mode],
  );
  return rows[0];
}

/** The connection a notification URL names (hook ids are unique). */
export async function findConnectionByHook(
  db: Db,
  hookId: string,
): Promise<PspConnectionRow | undefined> {
  const rows = await db.query<PspConnectionRow>(
    `SELECT ${COLUMNS} FROM pix_psp_connections WHERE hook_id = $1`,
    [hookId],
  );
  return rows[0];
}

/** The revision only: the cheap check that a cached client is still current. */
export async function connectionRevision(
  db: Db,
  k: { accountId: string; mode: string },
): Promise<number | undefined> {
  const rows = await db.query<{ revision: number }>(
    "SELECT revision FROM pix_psp_connections WHERE account_id = $1 AND mode = $2",
    [k.accountId, k.mode],
  );
  return rows[0]?.revision;
}

/**
 * Locks the account's live connection row, in the caller's transaction, and says whether it is
 * there. "delete": FOR UPDATE, taken by a delete before its guards look, so that no creation
 * holding the row ("keep") is still uncommitted when they look, and none can start keeping it
 * until the delete has committed or rolled back. "keep": FOR KEY SHARE, taken by a creation that
 * made something at the PSP on this connection, in the transaction that stores it: it waits for
 * a delete under way and then finds no row (PostgreSQL re-reads a locked row that changed), and
 * it conflicts with nothing else (a save of the connection updates no key column). PGlite runs
 * one transaction at a time, so there the lock is free and the row simply is or is not there.
 */
export async function lockConnection(
  db: Db,
  k: { accountId: string; mode: string },
  purpose: "delete" | "keep",
): Promise<boolean> {
  const rows = await db.query(
    `SELECT 1 FROM pix_psp_connections WHERE account_id = $1 AND mode = $2
     ${purpose === "delete" ? "FOR UPDATE" : "FOR KEY SHARE"}`,
    [k.accountId, k.mode],
  );
  return rows.length > 0;
}

export async function deleteConnection(
  db: Db,
  k: { accountId: string; mode: string },
): Promise<PspConnectionRow | undefined> {
  const rows = await db.query<PspConnectionRow>(
    `DELETE FROM pix_psp_connections WHERE account_id = $1 AND mode = $2 RETURNING ${COLUMNS}`,
    [k.accountId, k.mode],
  );
  return rows[0];
}

/** Records that a PSP call succeeded (shown as "last successful call"); at most once a second. */
export async function touchConnection(
  db: Db,
  k: { accountId: string; mode: string; at: Date },
): Promise<void> {
  await db.query(
    `UPDATE pix_psp_connections SET last_ok_at = $3
     WHERE account_id = $1 AND mode = $2
       AND (last_ok_at IS NULL OR last_ok_at < $3 - interval '1 second')`,
    [k.accountId, k.mode, k.at],
  );
}

/** Accounts with a live connection (the reconciliation job walks them). */
export async function listConnectedAccounts(db: Db): Promise<string[]> {
  const rows = await db.query<{ accountId: string }>(
    `SELECT account_id AS "accountId" FROM pix_psp_connections WHERE mode = 'live'`,
  );
  return rows.map((r) => r.accountId);
}
