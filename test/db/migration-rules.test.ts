import assert from "node:assert/strict";
import { test } from "node:test";
import { MIGRATIONS_DIR, readMigrations } from "../../src/db/migrate.ts";
import {
  isNoTransaction,
  statementsOf,
  withoutComments,
} from "../../src/db/migrate-without-transaction.ts";

// What a migration may do to the tables that grow with the traffic (docs/operations.md,
// "Upgrades and migrations"): build and drop their indexes CONCURRENTLY, in a file that runs
// outside a transaction, idempotently, so that writes go on during an upgrade and a run cut short
// is run again. Migrations 0016 and 0022 did not (plain builds on charges, events and deliveries):
// they are applied on every install and editing them changes nothing there, so the rule holds
// from the file after the last of those that existed when it was made.
const LAST_BEFORE_THE_RULE = "0023";

const BIG_TABLES = new Set([
  "charges",
  "events",
  "deliveries",
  "delivery_attempts",
  "idempotency_keys",
  "pix_cob_attempts",
  "subscription_periods",
  "lightning_invoices",
  "charge_extra_payments",
  "bitcoin_address_payments",
  "unmatched_payments",
]);

/** The statements of one migration file that would block writes to a big table, or break a re-run. */
function blockingStatements(sql: string): string[] {
  const noTransaction = isNoTransaction(sql);
  const found: string[] = [];
  for (const raw of statementsOf(sql)) {
    const s = withoutComments(raw).replace(/\s+/g, " ");
    const concurrently = /\bCONCURRENTLY\b/i.test(s);
    if (concurrently && !noTransaction)
      found.push(`${s} (CONCURRENTLY needs the no-transaction marker)`);
    const build = /^CREATE (?:UNIQUE )?INDEX\b.*? ON (?:ONLY )?(?:"?\w+"?\.)?"?(\w+)"?/i.exec(s);
    if (build && BIG_TABLES.has((build[1] ?? "").toLowerCase())) {
      if (!concurrently) found.push(`${s} (not CONCURRENTLY)`);
      else if (!/ IF NOT EXISTS /i.test(s)) found.push(`${s} (no IF NOT EXISTS: a re-run fails)`);
    }
    // A drop names only the index, not its table: every drop is concurrent.
    if (/^DROP INDEX\b/i.test(s)) {
      if (!concurrently) found.push(`${s} (not CONCURRENTLY)`);
      else if (!/ IF EXISTS /i.test(s)) found.push(`${s} (no IF EXISTS: a re-run fails)`);
    }
    const reindex = /^REINDEX (?:\(.*?\) )?(?:TABLE|INDEX) (?!CONCURRENTLY)"?(\w+)/i.exec(s);
    if (reindex) found.push(`${s} (not CONCURRENTLY)`);
    // A primary key or unique constraint builds its index under the table's lock, unless it
    // takes one built concurrently before (USING INDEX).
    const constraint =
      /^ALTER TABLE (?:IF EXISTS )?(?:ONLY )?(?:"?\w+"?\.)?"?(\w+)"? .*\bADD (?:CONSTRAINT \w+ )?(?:PRIMARY KEY|UNIQUE)\b/i.exec(
        s,
      );
    if (
      constraint &&
      BIG_TABLES.has((constraint[1] ?? "").toLowerCase()) &&
      !/ USING INDEX /i.test(s)
    ) {
      found.push(`${s} (builds its index under the table's lock)`);
    }
  }
  return found;
}

test("migrations after 0023 build and drop indexes on the big tables CONCURRENTLY, outside a transaction", () => {
  const later = readMigrations(MIGRATIONS_DIR).filter(
    (m) => m.file.slice(0, 4) > LAST_BEFORE_THE_RULE,
  );
  const broken = later.flatMap((m) => blockingStatements(m.sql).map((s) => `${m.file}: ${s}`));
  assert.deepEqual(broken, []);
});

test("the rule catches what migrations 0016 and 0022 did, and passes their concurrent form", () => {
  const byFile = new Map(readMigrations(MIGRATIONS_DIR).map((m) => [m.file.slice(0, 4), m.sql]));
  const found0016 = blockingStatements(byFile.get("0016") ?? "");
  assert.ok(
    found0016.some((s) => /^CREATE INDEX events_by_owner ON events/.test(s)),
    found0016.join("\n"),
  );
  assert.ok(found0016.some((s) => /^CREATE INDEX IF NOT EXISTS deliveries_by_event/.test(s)));
  const found0022 = blockingStatements(byFile.get("0022") ?? "");
  assert.ok(found0022.some((s) => /^DROP INDEX IF EXISTS charges_by_owner /.test(`${s} `)));
  assert.ok(found0022.some((s) => /^CREATE INDEX charges_by_txid ON charges/.test(s)));
  assert.ok(found0022.some((s) => /ADD CONSTRAINT events_pkey PRIMARY KEY/.test(s)));
  // Small tables are not held to it: subscriptions grow with customers, not with charges.
  assert.deepEqual(
    blockingStatements(byFile.get("0023") ?? "").filter((s) => / ON subscriptions /.test(s)),
    [],
  );

  assert.deepEqual(
    blockingStatements(`-- migrate: no-transaction
-- The same index, built while writes go on.
CREATE INDEX CONCURRENTLY IF NOT EXISTS charges_by_txid ON charges (txid);
DROP INDEX CONCURRENTLY IF EXISTS charges_by_txid_old;
`),
    [],
  );
  assert.equal(
    blockingStatements("CREATE INDEX CONCURRENTLY IF NOT EXISTS x ON charges (txid);").length,
    1,
    "CONCURRENTLY without the marker fails in the runner's transaction",
  );
  assert.equal(
    blockingStatements("-- migrate: no-transaction\nCREATE INDEX CONCURRENTLY x ON events (id);")
      .length,
    1,
    "without IF NOT EXISTS a run cut short cannot be run again",
  );
  assert.equal(
    blockingStatements("ALTER TABLE deliveries ADD UNIQUE (event_id, webhook_id);").length,
    1,
  );
  assert.equal(blockingStatements("REINDEX INDEX events_by_owner;").length, 1);
  assert.equal(blockingStatements("CREATE INDEX x ON public.charges (txid);").length, 1);
});
