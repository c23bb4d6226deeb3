-- People who sign in to the dashboard. An e-mail belongs to one user (stored lower-cased), and a
-- user to one account. password_hash is scrypt's output with its parameters and salt
-- (src/domain/users/password.ts); the password itself is never stored.
CREATE TABLE users (
  id             text PRIMARY KEY,
  account_id     text NOT NULL REFERENCES accounts (id),
  email          text NOT NULL UNIQUE,
  password_hash  text NOT NULL,
  created_at     timestamptz NOT NULL,
  password_changed_at timestamptz NOT NULL
);
CREATE INDEX users_by_account ON users (account_id, created_at);

-- Dashboard sessions, in the database so that every instance shares them. Only the SHA-256 of
-- the cookie's value is kept. A session ends when idle past its idle limit (last_seen_at), at
-- expires_at whatever its use, at sign-out, or when its user is removed. csrf_token is the
-- value every form of the session must carry (src/web/csrf.ts); mode is the dashboard's
-- test/live switch.
CREATE TABLE dashboard_sessions (
  id_hash       text PRIMARY KEY,
  user_id       text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  account_id    text NOT NULL,
  csrf_token    text NOT NULL,
  mode          text NOT NULL CHECK (mode IN ('test', 'live')),
  created_at    timestamptz NOT NULL,
  last_seen_at  timestamptz NOT NULL,
  expires_at    timestamptz NOT NULL
);
CREATE INDEX dashboard_sessions_by_user ON dashboard_sessions (user_id);
CREATE INDEX dashboard_sessions_by_expiry ON dashboard_sessions (expires_at);

-- One-time links that let a person create a user: the first user of a new store ('setup',
-- printed at first start) and invitations to an account ('invite'). Only the SHA-256 of the
-- code in the link is kept; a link works once (used_at) and until expires_at.
CREATE TABLE user_links (
  code_hash    text PRIMARY KEY,
  kind         text NOT NULL CHECK (kind IN ('setup', 'invite')),
  account_id   text NOT NULL REFERENCES accounts (id),
  created_by   text,
  created_at   timestamptz NOT NULL,
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz
);
CREATE INDEX user_links_by_account ON user_links (account_id, created_at DESC);
