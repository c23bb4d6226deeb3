-- Live PIX (issue 12): each account's connection to its own PSP through the BACEN API Pix.
-- Live mode only (the sandbox needs no PSP). The client secret and the private key are sealed
-- with the secret box (AES-256-GCM, bound to the account), like webhook secrets: a dump of the
-- database never holds them in clear. The certificate, its CA and the pix key are public facts.
-- hook_id is the random, unguessable path segment of the notification URL given to the PSP;
-- revision grows on every save, so every instance notices that its cached client is stale.
CREATE TABLE pix_psp_connections (
  account_id         text NOT NULL REFERENCES accounts (id),
  mode               text NOT NULL CHECK (mode = 'live'),
  profile            text NOT NULL,
  base_url           text NOT NULL,
  token_url          text NOT NULL,
  homologation       boolean NOT NULL DEFAULT false,
  client_id          text NOT NULL,
  client_secret_box  text,
  private_key_box    text NOT NULL,
  certificate_pem    text NOT NULL,
  ca_pem             text,
  pix_key            text NOT NULL,
  merchant_name      text NOT NULL,
  merchant_city      text NOT NULL,
  hook_id            text NOT NULL UNIQUE,
  webhook_state      text NOT NULL CHECK (webhook_state IN ('registered', 'manual', 'failed')),
  webhook_detail     text,
  revision           integer NOT NULL DEFAULT 1,
  last_ok_at         timestamptz,
  created_at         timestamptz NOT NULL,
  updated_at         timestamptz NOT NULL,
  PRIMARY KEY (account_id, mode)
);

-- What a live charge learns from its PSP: the end-to-end id of the payment that settled it
-- (unique: one payment settles one charge, and a repeated notification finds it taken), and its
-- refund (the devolução id we chose, its status and the PSP's reason). psp_checked_at orders
-- the reconciliation job's work list, oldest first.
ALTER TABLE charges ADD COLUMN psp_e2eid text;
ALTER TABLE charges ADD COLUMN refund_id text;
ALTER TABLE charges ADD COLUMN refund_status text;
ALTER TABLE charges ADD COLUMN refund_reason text;
ALTER TABLE charges ADD COLUMN psp_checked_at timestamptz;
CREATE UNIQUE INDEX charges_psp_e2eid ON charges (psp_e2eid) WHERE psp_e2eid IS NOT NULL;
CREATE INDEX charges_by_txid ON charges (account_id, mode, txid);
-- The reconciliation job's work list: live PIX charges waiting for the PSP (pending, or a
-- refund in progress).
CREATE INDEX charges_live_pix_open ON charges (psp_checked_at NULLS FIRST)
  WHERE mode = 'live' AND method = 'pix'
    AND (status = 'pending' OR refund_status = 'EM_PROCESSAMENTO');

-- A cob we are about to create (written before the PUT): if the PUT's outcome is unknown or
-- storing the charge fails, the reconciliation job finds the cob here and removes it at the
-- PSP, so no payable cob is left without a charge. key_hash ties a txid to an Idempotency-Key
-- (the retry PUTs the same txid); generation grows when a swept cob must not be reused.
CREATE TABLE pix_cob_attempts (
  txid         text PRIMARY KEY,
  account_id   text NOT NULL REFERENCES accounts (id),
  mode         text NOT NULL CHECK (mode = 'live'),
  key_hash     text,
  generation   integer NOT NULL DEFAULT 0,
  state        text NOT NULL CHECK (state IN ('open', 'done', 'removed', 'paid_orphan')),
  created_at   timestamptz NOT NULL,
  checked_at   timestamptz
);
CREATE INDEX pix_cob_attempts_open ON pix_cob_attempts (created_at) WHERE state = 'open';
CREATE INDEX pix_cob_attempts_by_key ON pix_cob_attempts (account_id, key_hash, generation DESC)
  WHERE key_hash IS NOT NULL;
