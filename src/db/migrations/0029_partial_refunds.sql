-- Partial and repeated refunds of PIX charges (issue 38). A charge's refunds are a jsonb array
-- on its own row, oldest first, each {id, valueCents, reason, status, createdAt, doneAt?,
-- refusal?, pspId?, sent?} (domain/charges/refund-ledger.ts): they are always read with their
-- charge (its status, its list item, its events), they are few (at most 100 a charge), and each
-- one is written under the charge's row lock (SELECT ... FOR UPDATE), which is what keeps their
-- sum from passing what was paid; a table of their own would need that same lock and a join on
-- every read. The array inherits the row's account_id and mode, so it is scoped as the charge is.
-- A constant default: no rewrite of the table.
ALTER TABLE charges ADD COLUMN refunds jsonb NOT NULL DEFAULT '[]'::jsonb;

-- Charges refunded (or with a live refund asked) before this migration carry that one refund
-- in the new shape, so every view agrees: of what was paid, with its devolução id when live.
UPDATE charges SET refunds = jsonb_build_array(jsonb_strip_nulls(jsonb_build_object(
    'id', 'rfd_' || substr(md5(id), 1, 26),
    'valueCents', coalesce(amount_paid_cents, value_cents),
    'reason', NULL,
    'status', CASE
      WHEN status = 'refunded' THEN 'done'
      WHEN refund_status = 'NAO_REALIZADO' THEN 'refused'
      ELSE 'in_progress' END,
    'createdAt', to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'doneAt', CASE WHEN status = 'refunded'
      THEN to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') END,
    'refusal', CASE WHEN refund_status = 'NAO_REALIZADO' THEN refund_reason END,
    'pspId', refund_id,
    'sent', CASE WHEN refund_id IS NOT NULL THEN true END)))
  WHERE status = 'refunded' OR (refund_id IS NOT NULL AND status = 'approved');
