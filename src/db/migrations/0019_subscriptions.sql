-- Subscriptions through Pix Automático (docs/subscriptions.md). A subscription is the
-- merchant's side of a BACEN recorrência (rec): the payer authorises it once in their bank, then
-- each period's charge is a row in charges (subscription_id) made by the billing scheduler.
CREATE TABLE subscriptions (
  id                   text PRIMARY KEY,
  account_id           text NOT NULL REFERENCES accounts (id),
  mode                 text NOT NULL CHECK (mode IN ('test', 'live')),
  -- The file's RecStatus in plain words: CRIADA, APROVADA, REJEITADA, EXPIRADA, CANCELADA.
  status               text NOT NULL CHECK (status IN ('created', 'approved', 'rejected', 'expired', 'canceled')),
  title                text NOT NULL,
  external_id          text,
  -- The debtor (customer_name, customer_cpf or customer_cnpj), shown but never queried.
  details              jsonb NOT NULL DEFAULT '{}',
  periodicity          text NOT NULL CHECK (periodicity IN ('weekly', 'monthly', 'quarterly', 'semiannual', 'yearly')),
  start_date           date NOT NULL,
  end_date             date,
  -- Fixed amount (value_cents alone) or variable up to max_value_cents (value_cents then the
  -- default amount of a period no amount was set for); money in centavos.
  value_cents          bigint CHECK (value_cents > 0),
  max_value_cents      bigint CHECK (max_value_cents > 0),
  first_payment_cents  bigint CHECK (first_payment_cents > 0),
  retry_policy         text NOT NULL CHECK (retry_policy IN ('none', 'up_to_3_in_7_days')),
  provider             text NOT NULL,
  -- The recorrência's id (idRec: the PSP's when live) and the composed BR Code to authorise it.
  rec_id               text NOT NULL,
  br_code              text NOT NULL,
  -- The journey's immediate charge (first_payment_value), a row in charges.
  first_charge_id      text,
  -- The next period to issue (0 is start_date's) and when the scheduler should look at it.
  next_period          integer NOT NULL DEFAULT 0,
  next_issue_at        timestamptz,
  -- A variable subscription's amount for its next period (POST /api/pix/subscriptions/charge).
  next_amount_cents    bigint CHECK (next_amount_cents > 0),
  -- Sandbox: every debit of this subscription fails (as a payer without funds).
  fail_debits          boolean NOT NULL DEFAULT false,
  canceled_by          text CHECK (canceled_by IN ('merchant', 'payer')),
  -- The authorisation's deadline while created.
  expires_at           timestamptz NOT NULL,
  created_at           timestamptz NOT NULL,
  updated_at           timestamptz NOT NULL,
  approved_at          timestamptz,
  canceled_at          timestamptz,
  CHECK (value_cents IS NOT NULL OR max_value_cents IS NOT NULL),
  CHECK (max_value_cents IS NULL OR value_cents IS NULL OR max_value_cents >= value_cents)
);
CREATE INDEX subscriptions_by_owner ON subscriptions (account_id, mode, id DESC);
CREATE INDEX subscriptions_due ON subscriptions (next_issue_at) WHERE status = 'approved';
CREATE INDEX subscriptions_awaiting ON subscriptions (expires_at) WHERE status = 'created';
CREATE INDEX subscriptions_by_rec ON subscriptions (rec_id);

-- One row per period a subscription has reached. The primary key is what keeps a period from
-- being charged twice, whichever instance issues it.
CREATE TABLE subscription_periods (
  subscription_id  text NOT NULL REFERENCES subscriptions (id),
  period           integer NOT NULL,
  account_id       text NOT NULL,
  mode             text NOT NULL CHECK (mode IN ('test', 'live')),
  due_date         date NOT NULL,
  amount_cents     bigint,
  -- The period's charge (null when the period was skipped).
  charge_id        text,
  status           text NOT NULL CHECK (status IN ('issued', 'paid', 'declined', 'skipped', 'canceled')),
  -- Debit attempts made (the first on the due date, then the policy's retries).
  attempts         integer NOT NULL DEFAULT 0,
  -- Sandbox: when the payer's bank next tries the debit (live: the PSP notifies).
  next_attempt_at  timestamptz,
  reason           text,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  PRIMARY KEY (subscription_id, period)
);
CREATE INDEX subscription_periods_debit_due ON subscription_periods (next_attempt_at) WHERE status = 'issued';
CREATE UNIQUE INDEX subscription_periods_by_charge ON subscription_periods (charge_id) WHERE charge_id IS NOT NULL;

ALTER TABLE charges ADD COLUMN subscription_id text;
CREATE INDEX charges_by_subscription ON charges (subscription_id, id) WHERE subscription_id IS NOT NULL;

-- Sandbox test clocks: how far an account's test mode is ahead of the real clock, so a year of
-- periods can be walked through in seconds (POST /api/pix/subscriptions/test-clock/advance).
CREATE TABLE test_clocks (
  account_id   text PRIMARY KEY REFERENCES accounts (id),
  advanced_ms  bigint NOT NULL CHECK (advanced_ms >= 0),
  updated_at   timestamptz NOT NULL
);
