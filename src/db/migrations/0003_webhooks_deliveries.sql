-- Webhook endpoints, per account and mode. The signing secret is stored encrypted
-- (AES-256-GCM, see src/domain/webhooks/secret-box.ts); it is shown once, at creation.
CREATE TABLE webhooks (
  id               text PRIMARY KEY,
  account_id       text NOT NULL REFERENCES accounts (id),
  mode             text NOT NULL CHECK (mode IN ('test', 'live')),
  url              text NOT NULL,
  events           text[] NOT NULL,
  secret_box       text NOT NULL,
  created_at       timestamptz NOT NULL,
  disabled_at      timestamptz,
  disabled_reason  text,
  deleted_at       timestamptz
);
CREATE INDEX webhooks_by_owner ON webhooks (account_id, mode, created_at DESC);

-- One delivery per event per matching webhook, created by the same statement that writes the
-- event (so none can be skipped). Workers claim due rows with FOR UPDATE SKIP LOCKED and hold
-- them with locked_until while an attempt runs. round_attempts counts attempts since the last
-- (re)delivery and indexes the retry schedule; attempts counts them all.
CREATE TABLE deliveries (
  seq              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id               text NOT NULL UNIQUE,
  webhook_id       text NOT NULL REFERENCES webhooks (id),
  account_id       text NOT NULL,
  mode             text NOT NULL,
  event_id         text NOT NULL,
  event_type       text NOT NULL,
  status           text NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
  attempts         integer NOT NULL DEFAULT 0,
  round_attempts   integer NOT NULL DEFAULT 0,
  next_attempt_at  timestamptz NOT NULL,
  locked_until     timestamptz,
  locked_by        text,
  last_status_code integer,
  last_error       text,
  created_at       timestamptz NOT NULL,
  completed_at     timestamptz,
  UNIQUE (webhook_id, event_id)
);
CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX deliveries_by_owner ON deliveries (account_id, mode, seq DESC);

-- Every attempt, for the delivery log: when, what came back, how long it took.
CREATE TABLE delivery_attempts (
  seq              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  delivery_id      text NOT NULL,
  attempted_at     timestamptz NOT NULL,
  status_code      integer,
  latency_ms       integer NOT NULL,
  error            text,
  response_snippet text
);
CREATE INDEX delivery_attempts_by_delivery ON delivery_attempts (delivery_id, seq);
