-- Issue 24: PIX charges with a due date (BACEN's cobv). Three nullable columns, NULL on every
-- other charge, so an ordinary charge's row does not grow (a NULL costs a bit in the row's null
-- bitmap, no bytes of data).
--
-- due_terms: the terms in the domain's integers (domain/due-date/modalities.ts DueDateTerms:
--   centavos and basis points, dates as YYYY-MM-DD), about 150-300 bytes; read whole with the row,
--   never queried inside. expires_at of such a charge is the end of its last payable day in
--   Brazil, so the expiry job expires it like any other charge.
-- overdue_at: the instant the charge becomes overdue (midnight in Brazil after its due date,
--   moved to a business day); the dashboard's "overdue only" list filters on it.
-- overdue_pending: true from creation until the overdue pass has written the charge's one
--   charge.updated for becoming overdue; NULL on other charges.
-- amount_paid_cents: what the payer paid when it differs by date from the value (fine, interest,
--   discount): set with the approval.
ALTER TABLE charges ADD COLUMN IF NOT EXISTS due_terms jsonb;
ALTER TABLE charges ADD COLUMN IF NOT EXISTS overdue_at timestamptz;
ALTER TABLE charges ADD COLUMN IF NOT EXISTS overdue_pending boolean;
ALTER TABLE charges ADD COLUMN IF NOT EXISTS amount_paid_cents bigint
  CHECK (amount_paid_cents IS NULL OR amount_paid_cents >= 0);

-- The overdue pass reads only the pending due-date charges still owed their event, by when they
-- become overdue: a small partial index (it holds nothing for any other charge).
CREATE INDEX IF NOT EXISTS charges_overdue_pending ON charges (overdue_at)
  WHERE status = 'pending' AND overdue_pending;
