-- Issue 22: a charge is found by its txid (the PSP's name for it) on every live create, every
-- PSP notification and every reconciliation pass. Its index led with (account_id, mode), like
-- six other indexes on charges; with statistics older than the rows (a new installation, or a
-- burst that autoanalyze has not yet seen), a cached generic plan could pick any of those and
-- filter the account's whole history for one txid (seen in the bench: 2-13 ms a lookup). Txids
-- are unique in practice (random, or derived from the account and an Idempotency-Key), so the
-- index is on txid alone: smaller, and the lookups name only txid in the scan that uses it
-- (queries/charges.ts), so it is the only index that can serve them whatever the statistics.
CREATE INDEX IF NOT EXISTS charges_txid ON charges (txid);
DROP INDEX IF EXISTS charges_by_txid;
