-- A Lightning address (LUD-16, docs/counter.md "Lightning address"): name@<host of
-- TOSTAO_BASE_URL> pays the account's live Lightning node. The name is unique on the instance;
-- the table holds one row per account and mode, so the index is built in the transaction.
ALTER TABLE lightning_connections ADD COLUMN address_name text
  CHECK (address_name IS NULL OR (address_name ~ '^[a-z0-9._-]{1,64}$' AND mode = 'live'));
CREATE UNIQUE INDEX lightning_connections_address_name ON lightning_connections (address_name)
  WHERE address_name IS NOT NULL;
