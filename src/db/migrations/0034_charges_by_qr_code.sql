-- migrate: no-transaction
-- The charges a reusable QR code made, listed newest first by the charges list's qr_code_id
-- filter. Built CONCURRENTLY, outside a transaction, so that writes to charges go on during an
-- upgrade (docs/operations.md, "Upgrades and migrations"); IF NOT EXISTS makes a run cut short
-- safe to run again.
CREATE INDEX CONCURRENTLY IF NOT EXISTS charges_by_qr_code ON charges (account_id, mode, qr_code_id, created_at) WHERE qr_code_id IS NOT NULL;
