-- Issue 38: the money received, by São Paulo day and by how it was paid, kept as it changes, so
-- the dashboard home reads at most 30 days x 3 methods x 8 slots rows whatever the account's
-- volume (docs/dashboard.md, "The last 30 days"). A row holds the approved charges of that day
-- and method: their number and their amount (what the payer paid: amount_paid_cents for a
-- due-date charge, else value_cents), in centavos. The day is approved_at's date in
-- America/Sao_Paulo. A charge counts while its status is 'approved': a refund (status
-- 'refunded') or a delete takes it out again, so the rows always equal summing the API list's
-- approved charges by day.
--
-- slot spreads one account's day over 8 rows (by the charge id's hash): each approval updates
-- one row and holds its lock until its transaction commits, so concurrent approvals of one busy
-- account wait for each other an eighth as often as on a single row.
CREATE TABLE daily_receipts (
  account_id  text NOT NULL,
  mode        text NOT NULL CHECK (mode IN ('test', 'live')),
  day         date NOT NULL,
  method      text NOT NULL CHECK (method IN ('pix', 'onchain', 'lightning')),
  slot        smallint NOT NULL,
  payments    bigint NOT NULL,
  cents       bigint NOT NULL,
  PRIMARY KEY (account_id, mode, day, method, slot)
);
-- Every approval rewrites one of these few rows: half of each page is left free so the new
-- version goes on the same page (a HOT update, no index entry), and autovacuum clears the dead
-- versions after a thousand of them rather than after a fifth of the (tiny) table, so a busy
-- day's reads do not walk a long chain of versions.
ALTER TABLE daily_receipts SET (fillfactor = 50, autovacuum_vacuum_scale_factor = 0,
  autovacuum_vacuum_threshold = 1000);

-- Kept by a trigger rather than by each code path that approves, refunds or deletes a charge
-- (simulate-pay, the PSP webhook and poller, the chain watcher, Lightning, subscriptions, the
-- sandbox reset...): one place, so no path can forget it, in the same transaction as the change.
CREATE FUNCTION daily_receipts_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_on boolean := TG_OP <> 'INSERT' AND OLD.status = 'approved' AND OLD.approved_at IS NOT NULL;
  new_on boolean := TG_OP <> 'DELETE' AND NEW.status = 'approved' AND NEW.approved_at IS NOT NULL;
BEGIN
  IF old_on AND new_on
     AND OLD.approved_at = NEW.approved_at
     AND OLD.method = NEW.method
     AND OLD.paid_method IS NOT DISTINCT FROM NEW.paid_method
     AND coalesce(OLD.amount_paid_cents, OLD.value_cents) = coalesce(NEW.amount_paid_cents, NEW.value_cents)
  THEN
    RETURN NULL; -- an approved charge touched (updated_at, a check time): its receipt is the same
  END IF;
  IF old_on THEN
    UPDATE daily_receipts
       SET payments = payments - 1,
           cents = cents - coalesce(OLD.amount_paid_cents, OLD.value_cents)
     WHERE account_id = OLD.account_id AND mode = OLD.mode
       AND day = (OLD.approved_at AT TIME ZONE 'America/Sao_Paulo')::date
       AND method = CASE WHEN OLD.method = 'pix' THEN 'pix' ELSE coalesce(OLD.paid_method, 'onchain') END
       AND slot = hashtext(OLD.id) & 7;
  END IF;
  IF new_on THEN
    INSERT INTO daily_receipts (account_id, mode, day, method, slot, payments, cents)
    VALUES (NEW.account_id, NEW.mode, (NEW.approved_at AT TIME ZONE 'America/Sao_Paulo')::date,
            CASE WHEN NEW.method = 'pix' THEN 'pix' ELSE coalesce(NEW.paid_method, 'onchain') END,
            hashtext(NEW.id) & 7, 1, coalesce(NEW.amount_paid_cents, NEW.value_cents))
    ON CONFLICT (account_id, mode, day, method, slot) DO UPDATE
       SET payments = daily_receipts.payments + 1,
           cents = daily_receipts.cents + EXCLUDED.cents;
  END IF;
  RETURN NULL;
END
$$;

-- Three triggers with WHEN clauses rather than one without: a charge is created pending on the
-- hot path, and a WHEN that is false is decided before PostgreSQL queues an AFTER trigger's event
-- for the row, so a create that is not an approval pays no function call and no queued event.
CREATE TRIGGER charges_daily_receipts_insert
  AFTER INSERT ON charges FOR EACH ROW
  WHEN (NEW.status = 'approved')
  EXECUTE FUNCTION daily_receipts_track();
CREATE TRIGGER charges_daily_receipts_update
  AFTER UPDATE OF status, approved_at, method, paid_method, value_cents, amount_paid_cents
  ON charges FOR EACH ROW
  WHEN (OLD.status = 'approved' OR NEW.status = 'approved')
  EXECUTE FUNCTION daily_receipts_track();
CREATE TRIGGER charges_daily_receipts_delete
  AFTER DELETE ON charges FOR EACH ROW
  WHEN (OLD.status = 'approved')
  EXECUTE FUNCTION daily_receipts_track();

-- The charges approved before this migration, counted once (one pass over charges).
INSERT INTO daily_receipts (account_id, mode, day, method, slot, payments, cents)
SELECT account_id, mode, (approved_at AT TIME ZONE 'America/Sao_Paulo')::date,
       CASE WHEN method = 'pix' THEN 'pix' ELSE coalesce(paid_method, 'onchain') END,
       hashtext(id) & 7, count(*), sum(coalesce(amount_paid_cents, value_cents))
  FROM charges
 WHERE status = 'approved' AND approved_at IS NOT NULL
 GROUP BY 1, 2, 3, 4, 5;
