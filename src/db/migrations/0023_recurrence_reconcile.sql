-- Reconciliation of live Pix Automático (docs/subscriptions.md, "Lost notifications"): a rec or
-- cobr notification that never arrives is caught by asking the PSP (GET /rec/{idRec},
-- GET /cobr/{txid}) about the rows that wait for one, each on its own back-off, as live charges'
-- refunds are (migration 0010): psp_next_check_at is when the row is next due a GET (NULL: its
-- first check, which the reconciliation derives from created_at or due_date), psp_check_count
-- how many it had (the back-off doubles per check).
ALTER TABLE subscriptions ADD COLUMN psp_next_check_at timestamptz;
ALTER TABLE subscriptions ADD COLUMN psp_check_count integer NOT NULL DEFAULT 0;
ALTER TABLE subscription_periods ADD COLUMN psp_next_check_at timestamptz;
ALTER TABLE subscription_periods ADD COLUMN psp_check_count integer NOT NULL DEFAULT 0;

-- The work lists, per account: live recs the PSP may still move (awaiting the payer, or
-- approved and cancellable at the bank), and live periods whose cobr is still open.
CREATE INDEX subscriptions_live_check ON subscriptions (account_id, psp_next_check_at)
  WHERE mode = 'live' AND status IN ('created', 'approved');
CREATE INDEX subscription_periods_live_check ON subscription_periods (account_id, psp_next_check_at)
  WHERE mode = 'live' AND status = 'issued';
