-- The merchant's watch-only wallet per account and mode: an account-level extended public key
-- (BIP84, native segwit). Receive addresses are .../0/i; next_index hands each out once (an
-- UPDATE ... RETURNING under the row lock, so concurrent charges never share an address).
CREATE TABLE wallets (
  account_id   text NOT NULL REFERENCES accounts (id),
  mode         text NOT NULL CHECK (mode IN ('test', 'live')),
  network      text NOT NULL CHECK (network IN ('mainnet', 'testnet', 'signet')),
  xpub         text NOT NULL,
  fingerprint  text NOT NULL,
  descriptor   text NOT NULL,
  generated    boolean NOT NULL DEFAULT false,
  next_index   integer NOT NULL DEFAULT 0,
  created_at   timestamptz NOT NULL,
  PRIMARY KEY (account_id, mode)
);

-- Crypto charges are rows of `charges` with method 'crypto'. `crypto` holds what is fixed at
-- creation (address, its index, network, satoshis, the locked rate, the payment URI); the chain
-- watcher keeps received_sats, paid_late and chain_checked_at.
ALTER TABLE charges ADD COLUMN crypto jsonb;
ALTER TABLE charges ADD COLUMN received_sats bigint NOT NULL DEFAULT 0;
ALTER TABLE charges ADD COLUMN paid_late boolean NOT NULL DEFAULT false;
ALTER TABLE charges ADD COLUMN chain_checked_at timestamptz;
-- The watcher's work list: crypto charges still pending, or expired but within the window in
-- which a late payment is still accepted.
CREATE INDEX charges_crypto_watch ON charges (expires_at)
  WHERE method = 'crypto' AND status IN ('pending', 'expired');
-- An address is never shared by two charges, even if a wallet key is activated again later
-- (create skips addresses already used; this index is the last line of defence).
CREATE UNIQUE INDEX charges_crypto_address ON charges ((crypto->>'address')) WHERE method = 'crypto';
