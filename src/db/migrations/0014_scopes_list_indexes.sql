-- What an API key may do (domain/tokens/scopes.ts). NULL: every scope, which is what every key
-- made before this migration keeps.
ALTER TABLE api_tokens ADD COLUMN scopes text[];

-- The charge lists (API and dashboard): newest first, ties by id, each filter on an index.
-- Every method together (the dashboard's list):
CREATE INDEX IF NOT EXISTS charges_by_owner_created ON charges (account_id, mode, created_at DESC, id DESC);
-- One method (GET /api/pix/charges, /api/crypto/charges), and its period filter:
CREATE INDEX IF NOT EXISTS charges_by_method_created ON charges (account_id, mode, method, created_at DESC, id DESC);
-- status=:
CREATE INDEX IF NOT EXISTS charges_by_status_created ON charges (account_id, mode, method, status, created_at DESC, id DESC);
-- external_id= (the merchant's own order number):
CREATE INDEX IF NOT EXISTS charges_by_external_id ON charges (account_id, mode, external_id)
  WHERE external_id IS NOT NULL;
-- customer_email=, in any case:
CREATE INDEX IF NOT EXISTS charges_by_customer_email ON charges (account_id, mode, lower(details->>'customer_email'));
