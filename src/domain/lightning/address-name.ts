import type { LightningConnectionRow } from "../../db/queries/lightning.ts";
import { findConnectionByAddress, setAddressName } from "../../db/queries/lightning-address.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { AppError, unprocessable } from "../errors.ts";

// The name of a connection's Lightning address (docs/counter.md, "Lightning address"). Only the
// live connection has one: a test node's invoices are not real money, and a wallet paying
// name@host expects real money.

/**
 * Refused before the node is asked and anything saved: a name on a test connection, or one
 * another account holds (the unique index still decides a race, in applyAddressName).
 */
export async function checkAddressName(
  deps: { db: Db },
  who: Principal,
  name: string | null | undefined,
): Promise<void> {
  if (!name) return;
  if (who.mode !== "live") {
    throw unprocessable(
      "address_name: a Lightning address is for the live connection only (a wallet paying it sends real money)",
    );
  }
  const holder = await findConnectionByAddress(deps.db, name);
  if (holder && holder.accountId !== who.accountId) throw taken(name);
}

const taken = (name: string) =>
  new AppError(
    "CONFLICT",
    `address_name: ${name} is already another account's Lightning address on this instance; choose another name`,
  );

/**
 * Sets the saved connection's name (omitted: kept; null: removed). A name another account holds
 * is a 409 naming it; the connection itself stays saved, with its former name.
 */
export async function applyAddressName(
  deps: { db: Db },
  who: Principal,
  name: string | null | undefined,
  before: LightningConnectionRow | undefined,
  row: LightningConnectionRow,
): Promise<LightningConnectionRow> {
  if (name === undefined || name === (before?.addressName ?? null)) return row;
  if ((await setAddressName(deps.db, who, name)) === "taken") throw taken(name ?? "");
  return { ...row, addressName: name };
}
