import { chainedAccounts, chainHead, entriesAfter } from "../../db/queries/audit-log.ts";
import type { Db } from "../../kernel/db.ts";
import { entryHash, GENESIS_HASH, type Json } from "./audit-hash.ts";

// `tostao audit verify`: walks every account's chain from its first entry and recomputes each
// hash. The first entry that disagrees is named: its own hash changed (an edited field, or an
// entry moved to another seq), its prev_hash is not the entry before's (one deleted or moved
// before it), its seq skips one (deleted), or the head names an entry that is not there (the
// newest deleted).

export type ChainBreak = {
  accountId: string;
  /** The entry found broken, or null when the break is entries missing at the chain's end. */
  id: string | null;
  seq: number;
  reason: string;
};

export type VerifyReport = { accounts: number; entries: number; broken: ChainBreak | null };

const PAGE = 1000;

export async function verifyAuditChains(deps: { db: Db }): Promise<VerifyReport> {
  let entries = 0;
  const accounts = await chainedAccounts(deps.db);
  for (const accountId of accounts) {
    const r = await verifyAccount(deps.db, accountId);
    entries += r.entries;
    if (r.broken) return { accounts: accounts.length, entries, broken: r.broken };
  }
  return { accounts: accounts.length, entries, broken: null };
}

async function verifyAccount(
  db: Db,
  accountId: string,
): Promise<{ entries: number; broken: ChainBreak | null }> {
  let seq = 0;
  let hash = GENESIS_HASH;
  let entries = 0;
  const broken = (id: string | null, at: number, reason: string) => ({
    entries,
    broken: { accountId, id, seq: at, reason },
  });
  for (;;) {
    const rows = await entriesAfter(db, accountId, seq, PAGE);
    for (const row of rows) {
      if (row.seq !== seq + 1) {
        return broken(row.id, row.seq, `entry seq ${seq + 1} is missing before it`);
      }
      if (row.prevHash !== hash) {
        return broken(row.id, row.seq, "its prev_hash is not the previous entry's hash");
      }
      if (entryHash({ ...row, changes: row.changes as Json | null }) !== row.hash) {
        return broken(row.id, row.seq, "its fields do not match its hash (edited or moved)");
      }
      seq = row.seq;
      hash = row.hash;
      entries++;
    }
    if (rows.length < PAGE) break;
  }
  const head = await chainHead(db, accountId);
  if (!head) return broken(null, seq, "the account has entries but no chain head");
  if (head.seq !== seq || head.hash !== hash) {
    return broken(
      null,
      head.seq,
      `the chain ends at seq ${seq} but its head names seq ${head.seq}: newest entries missing or edited`,
    );
  }
  return { entries, broken: null };
}
