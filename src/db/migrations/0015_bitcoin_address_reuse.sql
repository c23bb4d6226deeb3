-- Bitcoin addresses handed out again (docs/decisions/0005-bitcoin-address-reuse.md). An address
-- whose charge expired unpaid, with no history on the chain, goes back to a pool and is given to
-- a later charge before a new index is used, so abandoned checkouts cannot walk the merchant's
-- wallet past its gap limit. An address may now belong to several charges (one at a time).
DROP INDEX charges_crypto_address;
CREATE INDEX charges_crypto_address ON charges ((crypto->>'address')) WHERE method = 'crypto';

-- One row per address that has been examined for reuse: 'free' (in the pool), 'held' (handed
-- out again to last_charge_id) or 'retired' (the chain showed history: never handed out again).
-- last_charge_id is the charge the address was last examined or handed out for, so a charge's
-- release is examined once.
CREATE TABLE bitcoin_address_pool (
  account_id      text NOT NULL REFERENCES accounts (id),
  mode            text NOT NULL CHECK (mode IN ('test', 'live')),
  address         text NOT NULL,
  key_id          text NOT NULL,
  network         text NOT NULL,
  idx             integer NOT NULL,
  state           text NOT NULL CHECK (state IN ('free', 'held', 'retired')),
  last_charge_id  text NOT NULL,
  reuses          integer NOT NULL DEFAULT 0,
  updated_at      timestamptz NOT NULL,
  PRIMARY KEY (account_id, mode, address)
);
CREATE INDEX bitcoin_address_pool_free ON bitcoin_address_pool (account_id, mode, key_id, idx)
  WHERE state = 'free';

-- Every payment seen on an address that more than one charge has held, once, with the charge
-- its exact amount attributed it to, or none (charge_id NULL: unmatched, announced with a
-- payment.unmatched event). Kept apart from any PIX record of unmatched payments.
CREATE TABLE bitcoin_address_payments (
  account_id  text NOT NULL REFERENCES accounts (id),
  mode        text NOT NULL CHECK (mode IN ('test', 'live')),
  address     text NOT NULL,
  txid        text NOT NULL,
  value_sats  bigint NOT NULL,
  charge_id   text,
  seen_at     timestamptz NOT NULL,
  PRIMARY KEY (address, txid)
);
CREATE INDEX bitcoin_address_payments_unmatched ON bitcoin_address_payments (account_id, mode)
  WHERE charge_id IS NULL;
