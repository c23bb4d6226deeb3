-- Products an account sells; a charge may take its amount and title from one.
CREATE TABLE products (
  id           text PRIMARY KEY,
  account_id   text NOT NULL REFERENCES accounts (id),
  mode         text NOT NULL CHECK (mode IN ('test', 'live')),
  name         text NOT NULL,
  description  text,
  value_cents  bigint NOT NULL CHECK (value_cents > 0),
  created_at   timestamptz NOT NULL,
  archived_at  timestamptz
);
CREATE INDEX products_by_owner ON products (account_id, mode, id DESC);

-- Charges of every method (pix, crypto). Money is integer centavos. `details` holds the
-- customer and address fields as sent (normalised), which are shown but never queried.
CREATE TABLE charges (
  id           text PRIMARY KEY,
  account_id   text NOT NULL REFERENCES accounts (id),
  mode         text NOT NULL CHECK (mode IN ('test', 'live')),
  method       text NOT NULL CHECK (method IN ('pix', 'crypto')),
  status       text NOT NULL CHECK (status IN ('pending', 'approved', 'declined', 'canceled', 'expired', 'failed', 'refunded')),
  value_cents  bigint NOT NULL CHECK (value_cents > 0),
  title        text,
  description  text,
  product_id   text,
  external_id  text,
  details      jsonb NOT NULL DEFAULT '{}',
  provider     text NOT NULL,
  txid         text NOT NULL,
  br_code      text,
  -- The QR image of br_code (PNG data URL), made once at creation so status reads need not redraw it.
  qr_code_image text,
  simulated    boolean NOT NULL DEFAULT false,
  expires_at   timestamptz NOT NULL,
  created_at   timestamptz NOT NULL,
  updated_at   timestamptz NOT NULL,
  approved_at  timestamptz
);
CREATE INDEX charges_by_owner ON charges (account_id, mode, method, id DESC);
-- The expiry job scans only pending charges, by due time.
CREATE INDEX charges_pending_by_expiry ON charges (expires_at) WHERE status = 'pending';

-- The outbox: one row per event, written in the same transaction as the change it records.
-- seq gives a total order; webhook delivery reads from here.
CREATE TABLE events (
  seq          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id           text NOT NULL UNIQUE,
  account_id   text NOT NULL,
  mode         text NOT NULL CHECK (mode IN ('test', 'live')),
  type         text NOT NULL,
  charge_id    text,
  payload      json NOT NULL,
  created_at   timestamptz NOT NULL
);
CREATE INDEX events_by_charge ON events (account_id, mode, charge_id, seq);
CREATE INDEX events_by_owner ON events (account_id, mode, seq DESC);
