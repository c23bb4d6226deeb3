-- migrate: no-transaction
-- The mail worker claims each mode's due mail on its own (workers/mail-worker.ts): a sandbox
-- without a relay in big batches, live mail at the relay's pace, so a sandbox's backlog of bills
-- never waits in front of a live receipt. Each mode's claim reads this index from its mode's
-- oldest due row, where the index on next_attempt_at alone would walk the other mode's backlog
-- first. It replaces that index (every pending mail's insert and move kept both). Built
-- CONCURRENTLY, outside a transaction, so mail goes on during an upgrade; IF [NOT] EXISTS makes
-- a run cut short safe to run again.
CREATE INDEX CONCURRENTLY IF NOT EXISTS notifications_due_by_mode ON notifications (mode, next_attempt_at) WHERE status = 'pending';
DROP INDEX CONCURRENTLY IF EXISTS notifications_due;
