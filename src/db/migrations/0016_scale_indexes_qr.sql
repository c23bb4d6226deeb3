-- Issue 27: costs that do not grow with the data.

-- The QR image is drawn from br_code when a response needs it (about 50 µs), not stored: it was
-- most of a PIX charge's row. Dropping a column only marks it dropped (no table rewrite); the
-- space of existing rows comes back as they are updated or the table is rewritten.
ALTER TABLE charges DROP COLUMN IF EXISTS qr_code_image;

-- The dashboard reads an account's charges by creation time: today's totals (an index range
-- from midnight) and the charge list's pages. The same definition as the API list filters use,
-- so whichever migration runs first creates it.
CREATE INDEX IF NOT EXISTS charges_by_owner_created ON charges (account_id, mode, created_at DESC, id DESC);

-- A charge page's deliveries are found from its events (by event id), and retention looks for a
-- delivery left on an event before pruning it: both by event_id, which (webhook_id, event_id)
-- cannot serve.
CREATE INDEX IF NOT EXISTS deliveries_by_event ON deliveries (event_id);

-- A webhook's page lists its latest deliveries: without this, the account's deliveries were read
-- newest first until 50 of that webhook turned up (all of them, for a webhook rarely used).
CREATE INDEX IF NOT EXISTS deliveries_by_webhook ON deliveries (webhook_id, seq DESC);

-- The dashboard home's failing deliveries: a small index of only those, so the home page never
-- reads the account's whole delivery history to find the few that failed. The predicate is the
-- query's condition, word for word (listFailingDeliveries).
CREATE INDEX IF NOT EXISTS deliveries_failing ON deliveries (account_id, mode, seq DESC)
  WHERE status = 'failed' OR (status = 'pending' AND attempts > 0);

-- Smaller event indexes (each event paid ~230 bytes in them). A charge's events are found by
-- its id alone (charge ids are unique across accounts; the query still checks account and mode
-- on the rows). The account's latest events are read newest first by walking an ascending index
-- backwards: a descending index on an increasing seq takes every insert at its left edge, where
-- pages split in half and stay half empty (measured: 124 bytes an entry against about 60).
DROP INDEX IF EXISTS events_by_charge;
CREATE INDEX events_by_charge ON events (charge_id, seq);
DROP INDEX IF EXISTS events_by_owner;
CREATE INDEX events_by_owner ON events (account_id, mode, seq);
