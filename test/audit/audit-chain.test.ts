import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { recordAudit } from "../../src/domain/audit/record-audit.ts";
import { verifyAuditChains } from "../../src/domain/audit/verify-chain.ts";
import { pruneHistory } from "../../src/domain/retention/prune-history.ts";
import { cryptoRandom, manualClock } from "../../src/kernel/clock.ts";
import type { Db } from "../../src/kernel/db.ts";
import { openTestDb, type TestDb } from "../helpers/db.ts";

// The audit log's chain (docs/security.md, "Audit log"): an entry edited, deleted or moved in
// the database is found by the verifier, named by id and seq; concurrent appends to one account
// queue on its chain head and leave one unforked chain.

let t: TestDb;
before(async () => {
  t = await openTestDb({ poolSize: 12 });
});
after(() => t.close());

const clock = manualClock();
const actor = { kind: "user" as const, id: "ana@loja.example", ip: "203.0.113.7", userAgent: "UA" };

async function chainOf(db: Db, accountId: string, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    await recordAudit(
      { db, clock, random: cryptoRandom },
      {
        accountId,
        actor,
        action: "settings.changed",
        target: accountId,
        changes: {
          display_name: { before: `N${i}`, after: `N${i + 1}` },
          nested: { after: { b: 1, a: [2, "x"] } },
        },
      },
    );
    clock.advance(1000);
  }
}

const idAt = async (db: Db, accountId: string, seq: number) =>
  (
    await db.query<{ id: string }>("SELECT id FROM audit_log WHERE account_id = $1 AND seq = $2", [
      accountId,
      seq,
    ])
  )[0]?.id;

test("an intact chain verifies, counting every entry", async () => {
  await chainOf(t.db, "acct_intact", 5);
  const r = await verifyAuditChains({ db: t.db });
  assert.equal(r.broken, null);
  assert.ok(r.entries >= 5);
  await t.db.query("DELETE FROM audit_log WHERE account_id = 'acct_intact'");
  await t.db.query("DELETE FROM audit_chain_heads WHERE account_id = 'acct_intact'");
});

test("an edited entry is named by id and seq", async () => {
  await chainOf(t.db, "acct_edit", 4);
  const id = await idAt(t.db, "acct_edit", 3);
  await t.db.query(
    "UPDATE audit_log SET actor = 'mallory@x.example' WHERE account_id = 'acct_edit' AND seq = 3",
  );
  const r = await verifyAuditChains({ db: t.db });
  assert.deepEqual([r.broken?.accountId, r.broken?.id, r.broken?.seq], ["acct_edit", id, 3]);
  await wipe("acct_edit");
});

test("an entry whose changes are edited is found too", async () => {
  await chainOf(t.db, "acct_changes", 3);
  const id = await idAt(t.db, "acct_changes", 2);
  await t.db.query(
    `UPDATE audit_log SET changes = '{"display_name":{"before":"X","after":"Y"}}'::jsonb
     WHERE account_id = 'acct_changes' AND seq = 2`,
  );
  const r = await verifyAuditChains({ db: t.db });
  assert.equal(r.broken?.id, id);
  await wipe("acct_changes");
});

test("a deleted entry is found at the entry after it; a deleted newest entry at the head", async () => {
  await chainOf(t.db, "acct_del", 4);
  const next = await idAt(t.db, "acct_del", 3);
  await t.db.query("DELETE FROM audit_log WHERE account_id = 'acct_del' AND seq = 2");
  let r = await verifyAuditChains({ db: t.db });
  assert.deepEqual([r.broken?.id, r.broken?.seq], [next, 3]);
  assert.match(r.broken?.reason ?? "", /seq 2 is missing/);
  await wipe("acct_del");

  await chainOf(t.db, "acct_tail", 3);
  await t.db.query("DELETE FROM audit_log WHERE account_id = 'acct_tail' AND seq = 3");
  r = await verifyAuditChains({ db: t.db });
  assert.deepEqual([r.broken?.accountId, r.broken?.id, r.broken?.seq], ["acct_tail", null, 3]);
  await wipe("acct_tail");
});

test("reordered entries (two swap their seq) are found", async () => {
  await chainOf(t.db, "acct_swap", 4);
  const second = await idAt(t.db, "acct_swap", 2);
  await t.db.transaction(async (db) => {
    await db.query("UPDATE audit_log SET seq = 100 WHERE account_id = 'acct_swap' AND seq = 2");
    await db.query("UPDATE audit_log SET seq = 2 WHERE account_id = 'acct_swap' AND seq = 3");
    await db.query("UPDATE audit_log SET seq = 3 WHERE account_id = 'acct_swap' AND seq = 100");
  });
  const r = await verifyAuditChains({ db: t.db });
  assert.equal(r.broken?.seq, 2);
  assert.notEqual(r.broken?.id, second);
  await wipe("acct_swap");
});

test("concurrent appends to one account keep one chain, seq 1..n without a fork", async () => {
  const n = 40;
  await Promise.all(
    Array.from({ length: n }, (_, i) =>
      recordAudit(
        { db: t.db, clock, random: cryptoRandom },
        { accountId: "acct_race", actor, action: "key.created", target: `tok_${i}` },
      ),
    ),
  );
  const rows = await t.db.query<{ seq: number; prevHash: string; hash: string }>(
    `SELECT seq, prev_hash AS "prevHash", hash FROM audit_log WHERE account_id = 'acct_race' ORDER BY seq`,
  );
  assert.deepEqual(
    rows.map((r) => r.seq),
    Array.from({ length: n }, (_, i) => i + 1),
  );
  for (let i = 1; i < rows.length; i++) assert.equal(rows[i]?.prevHash, rows[i - 1]?.hash);
  assert.equal(new Set(rows.map((r) => r.prevHash)).size, n, "no two entries share a parent");
  assert.equal((await verifyAuditChains({ db: t.db })).broken, null);
  await wipe("acct_race");
});

test("a secret's name in changes is refused before anything is written", async () => {
  await assert.rejects(
    recordAudit(
      { db: t.db, clock, random: cryptoRandom },
      {
        accountId: "acct_secret",
        actor,
        action: "psp_connection.saved",
        changes: { client_secret: { after: "s3cr3t" } },
      },
    ),
    /looks like a secret/,
  );
});

test("retention never prunes the audit log, whatever its age", async () => {
  await chainOf(t.db, "acct_old", 2);
  clock.advance(1000 * 86_400_000);
  await pruneHistory({ db: t.db, clock }, { days: 1 });
  const rows = await t.db.query("SELECT id FROM audit_log WHERE account_id = 'acct_old'");
  assert.equal(rows.length, 2);
  await wipe("acct_old");
});

async function wipe(accountId: string): Promise<void> {
  await t.db.query("DELETE FROM audit_log WHERE account_id = $1", [accountId]);
  await t.db.query("DELETE FROM audit_chain_heads WHERE account_id = $1", [accountId]);
}
