-- Reusable (static) Pix QR codes (docs/counter.md): a code printed at a counter that any number
-- of payers pay, each payment becoming an approved charge of its own that names the code
-- (charges.qr_code_id). The code's txid (62-05, at most 25 alphanumeric characters) is what a
-- live payment carries back, so it is unique per account and mode. A disabled code makes no more
-- charges; its row stays, as its charges name it.
CREATE TABLE qr_codes (
  id           text PRIMARY KEY,
  account_id   text NOT NULL,
  mode         text NOT NULL CHECK (mode IN ('test', 'live')),
  title        text NOT NULL,
  description  text,
  value_cents  bigint CHECK (value_cents IS NULL OR value_cents > 0),
  txid         text NOT NULL,
  br_code      text NOT NULL,
  created_at   timestamptz NOT NULL,
  disabled_at  timestamptz
);
CREATE UNIQUE INDEX qr_codes_by_txid ON qr_codes (account_id, mode, txid);
CREATE INDEX qr_codes_list ON qr_codes (account_id, mode, created_at DESC, id DESC);

-- The charges a code made, listed newest first by the charges list's qr_code_id filter.
ALTER TABLE charges ADD COLUMN qr_code_id text;
-- Its index is built CONCURRENTLY by 0034 (charges grows with the traffic).
