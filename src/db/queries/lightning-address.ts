import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";
import { CONNECTION, type LightningConnectionRow } from "./lightning.ts";

// The Lightning address of a live connection (migration 0035): one name per instance.

type Who = { accountId: string; mode: Mode };

/**
 * Sets (or with null clears) the connection's address name. `taken` when another account's
 * connection holds it: the unique index decides, so two accounts racing for one name cannot
 * both have it.
 */
export async function setAddressName(
  db: Db,
  who: Who,
  name: string | null,
): Promise<"set" | "taken"> {
  if (name !== null) {
    const other = await db.query<{ accountId: string }>(
      `SELECT account_id AS "accountId" FROM lightning_connections
       WHERE address_name = $1 AND NOT (account_id = $2 AND mode = $3)`,
      [name, who.accountId, who.mode],
    );
    if (other.length > 0) return "taken";
  }
  try {
    await db.query(
      "UPDATE lightning_connections SET address_name = $3 WHERE account_id = $1 AND mode = $2",
      [who.accountId, who.mode, name],
    );
  } catch (err) {
    if ((err as { code?: string }).code === "23505") return "taken";
    throw err;
  }
  return "set";
}

/** The live connection that holds an address name, if any. */
export async function findConnectionByAddress(db: Db, name: string) {
  const rows = await db.query<LightningConnectionRow>(
    `SELECT ${CONNECTION} FROM lightning_connections WHERE address_name = $1 AND mode = 'live'`,
    [name],
  );
  return rows[0];
}
