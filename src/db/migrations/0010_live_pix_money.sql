-- Live PIX money that must not go unseen (issues 21 and 22).
--
-- received_cents: what a CONCLUIDA cob was paid when it is less than the charge's value (an
-- underpaid cob). The charge stays pending with it (amountReceived), like a partial Bitcoin
-- payment; 0 when nothing short was received.
ALTER TABLE charges ADD COLUMN received_cents bigint NOT NULL DEFAULT 0;

-- Per-charge back-off for the on-demand PSP checks (expiry pass, refund in progress): a charge
-- the PSP keeps answering the same way is asked again later and later, never in a tight loop.
ALTER TABLE charges ADD COLUMN psp_next_check_at timestamptz;
ALTER TABLE charges ADD COLUMN psp_check_count integer NOT NULL DEFAULT 0;

-- The reconciliation safety net: per connection, the moment up to which GET /pix?inicio&fim has
-- been read. claimed_at lets one instance at a time take an account's window (SKIP LOCKED).
CREATE TABLE pix_reconcile_watermarks (
  account_id   text NOT NULL REFERENCES accounts (id),
  mode         text NOT NULL CHECK (mode = 'live'),
  read_until   timestamptz NOT NULL,
  claimed_at   timestamptz,
  PRIMARY KEY (account_id, mode)
);

-- A Pix received on the merchant's key (with a txid) for which no charge exists: a cob paid
-- just before the sweep removed it, or a txid that is not ours. Recorded once per payment
-- (its end-to-end id), with a payment.unmatched event, for the merchant to refund or keep.
CREATE TABLE unmatched_payments (
  id            text PRIMARY KEY,
  account_id    text NOT NULL REFERENCES accounts (id),
  mode          text NOT NULL CHECK (mode = 'live'),
  e2eid         text NOT NULL UNIQUE,
  txid          text,
  amount_cents  bigint NOT NULL,
  paid_at       timestamptz,
  source        text NOT NULL CHECK (source IN ('notification', 'reconciliation', 'sweep')),
  created_at    timestamptz NOT NULL
);
CREATE INDEX unmatched_payments_by_owner ON unmatched_payments (account_id, mode, created_at DESC);

-- A devolução of MED nature (MED_OPERACIONAL, MED_FRAUDE: the payer's bank clawing the money
-- back) on a charge's payment: one row per devolução, its latest status and reason.
CREATE TABLE pix_disputes (
  e2eid         text NOT NULL,
  devolucao_id  text NOT NULL,
  account_id    text NOT NULL REFERENCES accounts (id),
  mode          text NOT NULL CHECK (mode = 'live'),
  charge_id     text NOT NULL,
  nature        text NOT NULL,
  status        text NOT NULL,
  amount_cents  bigint NOT NULL,
  reason        text,
  created_at    timestamptz NOT NULL,
  updated_at    timestamptz NOT NULL,
  PRIMARY KEY (e2eid, devolucao_id)
);
CREATE INDEX pix_disputes_by_charge ON pix_disputes (account_id, mode, charge_id);
