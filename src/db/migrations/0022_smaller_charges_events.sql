-- Issue 27: a pending PIX charge with its events in at most 1,500 bytes on disk (it took about
-- 3,000). Measured per charge with bench/growth.ts and test/db/bytes-per-charge.test.ts.

-- A charge's charge.created and charge.pending carry the charge as it was created, which its row
-- still holds (the fields they show never change after creation; status, approvedAt and
-- amountReceived are fixed at pending, null and absent for them). They are stored without a
-- payload (NULL) and their data is drawn from the charge row when read (queries/events.ts
-- ORIGIN_COLUMN, domain/events/event-data-of.ts), which saved two copies of ~390 bytes per
-- charge. Rows written before this migration keep their payload and read as before.
ALTER TABLE events ALTER COLUMN payload DROP NOT NULL;

-- Superseded by charges_by_method_created (migration 0014): the same leading columns, and no
-- query orders charges by id alone.
DROP INDEX IF EXISTS charges_by_owner;

-- The list indexes ascending, read backwards for "newest first". A descending index on an
-- increasing creation time takes every insert at the left edge of its range, where pages split in
-- half and stay half empty (measured: 225 bytes a charge against about 110 for the status index).
-- Without the id: the lists order by (created_at, id) and page by (created_at, id) < (…), which
-- the index serves as a range on created_at (the planner bounds the row comparison by its first
-- column), and the few charges of one instant are put in id order by an incremental sort. The
-- id made every entry 32 bytes wider, three times per charge.
DROP INDEX IF EXISTS charges_by_owner_created;
CREATE INDEX charges_by_owner_created ON charges (account_id, mode, created_at)
  WITH (fillfactor = 100);
DROP INDEX IF EXISTS charges_by_method_created;
CREATE INDEX charges_by_method_created ON charges (account_id, mode, method, created_at)
  WITH (fillfactor = 100);
DROP INDEX IF EXISTS charges_by_status_created;
CREATE INDEX charges_by_status_created ON charges (account_id, mode, method, status, created_at)
  WITH (fillfactor = 100);

-- A txid is random (ours or the PSP's) and found by equality: the account and mode, checked on
-- the row, made each entry twice as wide for nothing.
DROP INDEX IF EXISTS charges_by_txid;
CREATE INDEX charges_by_txid ON charges (txid);

-- The customer e-mail filter, only over charges that have one: the filter's condition (an
-- equality on the expression) implies the predicate, and the many charges without an e-mail
-- left an entry each.
DROP INDEX IF EXISTS charges_by_customer_email;
CREATE INDEX charges_by_customer_email ON charges (account_id, mode, lower(details->>'customer_email'))
  WHERE lower(details->>'customer_email') IS NOT NULL;

-- A charge's events by its id alone: its few events share one key, which the B-tree stores once
-- with their row pointers (deduplication), instead of one (charge_id, seq) entry each. The query
-- sorts those few by seq.
DROP INDEX IF EXISTS events_by_charge;
CREATE INDEX events_by_charge ON events (charge_id) WITH (fillfactor = 100);

-- Events keyed by their id, which deliveries and look-ups use: the index on seq served only
-- retention's "oldest first", which the id serves too (ids begin with their creation time,
-- domain/ids.ts). One index less per event (~50 bytes a charge). seq still orders an account's
-- events (events_by_owner).
ALTER TABLE events DROP CONSTRAINT events_pkey;
ALTER TABLE events DROP CONSTRAINT events_id_key;
ALTER TABLE events ADD CONSTRAINT events_pkey PRIMARY KEY (id);

-- Fill factor 100 (above, and here) on the indexes that take their entries in increasing order
-- (by seq, or by creation time within a key): a full page splits at its right edge, so it can be
-- left full (the default leaves 10% free for inserts that never come there). Not the ids' unique
-- indexes: ids made in the same millisecond arrive out of order (random after the time), and on
-- full pages those split in half (measured: the event ids' index 106 bytes a charge at the
-- default, 147 at 100).
ALTER INDEX events_by_owner SET (fillfactor = 100);
