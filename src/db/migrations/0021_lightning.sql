-- Lightning on the Bitcoin charge (docs/lightning.md). One node connection per account and
-- mode: its secret (LND macaroon, hex, or phoenixd password) is stored sealed with the service
-- key (secrets/secret-box.ts), bound to the account, mode and backend; the TLS certificate is
-- public. settle_index is where the node's invoice stream resumes (LND), so a settlement made
-- while no instance listened is replayed at the next subscription.
CREATE TABLE lightning_connections (
  account_id      text NOT NULL REFERENCES accounts (id),
  mode            text NOT NULL CHECK (mode IN ('test', 'live')),
  backend         text NOT NULL CHECK (backend IN ('lnd', 'phoenixd')),
  url             text NOT NULL,
  secret_box      text NOT NULL,
  tls_certificate text,
  network         text NOT NULL CHECK (network IN ('mainnet', 'testnet', 'signet', 'regtest')),
  node_id         text,
  settle_index    text NOT NULL DEFAULT '0',
  revision        integer NOT NULL DEFAULT 1,
  created_at      timestamptz NOT NULL,
  updated_at      timestamptz NOT NULL,
  PRIMARY KEY (account_id, mode)
);

-- The invoice of each unified charge. state: 'open' until the node says settled (or the charge
-- ends); outcome says what the settlement did: 'approved' the charge, or arrived after it was
-- paid another way ('overpaid': recorded for the merchant, never lost). simulated: the
-- sandbox's own invoice (no node).
CREATE TABLE lightning_invoices (
  account_id    text NOT NULL REFERENCES accounts (id),
  mode          text NOT NULL CHECK (mode IN ('test', 'live')),
  charge_id     text NOT NULL,
  payment_hash  text NOT NULL,
  invoice       text NOT NULL,
  amount_msat   bigint NOT NULL,
  expires_at    timestamptz NOT NULL,
  state         text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'settled', 'closed')),
  outcome       text CHECK (outcome IN ('approved', 'overpaid')),
  paid_msat     bigint,
  settled_at    timestamptz,
  simulated     boolean NOT NULL DEFAULT false,
  checked_at    timestamptz,
  created_at    timestamptz NOT NULL,
  PRIMARY KEY (account_id, mode, payment_hash)
);
CREATE UNIQUE INDEX lightning_invoices_charge ON lightning_invoices (charge_id);
CREATE INDEX lightning_invoices_open ON lightning_invoices (checked_at NULLS FIRST)
  WHERE state = 'open';

-- How a charge was paid ('lightning' or 'onchain'), set with its approval.
ALTER TABLE charges ADD COLUMN paid_method text;

-- A second payment of a charge already paid the other way: kept for the merchant to refund.
CREATE TABLE charge_extra_payments (
  account_id  text NOT NULL REFERENCES accounts (id),
  mode        text NOT NULL CHECK (mode IN ('test', 'live')),
  charge_id   text NOT NULL,
  method      text NOT NULL CHECK (method IN ('lightning', 'onchain')),
  reference   text NOT NULL,
  amount_sats bigint NOT NULL,
  seen_at     timestamptz NOT NULL,
  PRIMARY KEY (charge_id, method, reference)
);
CREATE INDEX charge_extra_payments_account ON charge_extra_payments (account_id, mode, seen_at);
