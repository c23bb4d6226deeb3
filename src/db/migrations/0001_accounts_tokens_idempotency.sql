-- Accounts own everything; every other table is scoped by (account_id, mode), where mode is
-- 'test' (sandbox) or 'live', chosen by the kind of token that made the request.
CREATE TABLE accounts (
  id          text PRIMARY KEY,
  name        text NOT NULL,
  created_at  timestamptz NOT NULL
);

-- Only the SHA-256 of a token is stored (hex); the value itself is shown once at creation.
-- prefix keeps the first 12 characters so people can tell their tokens apart in a list.
CREATE TABLE api_tokens (
  id            text PRIMARY KEY,
  account_id    text NOT NULL REFERENCES accounts (id),
  mode          text NOT NULL CHECK (mode IN ('test', 'live')),
  label         text NOT NULL,
  token_hash    text NOT NULL UNIQUE,
  prefix        text NOT NULL,
  created_at    timestamptz NOT NULL,
  last_used_at  timestamptz,
  revoked_at    timestamptz
);
CREATE INDEX api_tokens_by_account ON api_tokens (account_id, created_at DESC);

-- One row per Idempotency-Key, scoped by account, mode and route, holding the exact response
-- bytes to replay. The row is written in the same transaction as the operation it answers for,
-- so it exists if and only if the operation happened. A request in flight is detected by a
-- transaction-scoped advisory lock on the key, not by a row.
CREATE TABLE idempotency_keys (
  account_id       text NOT NULL,
  mode             text NOT NULL,
  route            text NOT NULL,
  key              text NOT NULL,
  fingerprint      text NOT NULL,
  response_status  integer NOT NULL,
  response_body    text NOT NULL,
  created_at       timestamptz NOT NULL,
  PRIMARY KEY (account_id, mode, route, key)
);
CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);
