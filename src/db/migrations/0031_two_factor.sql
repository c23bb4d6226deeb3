-- Two-factor sign-in with an authenticator app (TOTP, RFC 6238; src/domain/users/two-factor.ts).
-- totp_secret is the confirmed secret, sealed with the service's key bound to the user's id
-- (never stored in clear); totp_pending the one being set up, until its first code confirms it.
-- totp_last_step is the last time-step (30 s) a code was accepted for: a code of that step or an
-- earlier one is refused, so a code seen over a shoulder cannot be used again in its window.
ALTER TABLE users ADD COLUMN totp_secret text;
ALTER TABLE users ADD COLUMN totp_pending text;
ALTER TABLE users ADD COLUMN totp_enabled_at timestamptz;
ALTER TABLE users ADD COLUMN totp_last_step bigint;

-- The ten single-use recovery codes made when TOTP is turned on, by their SHA-256 (they carry
-- 50 random bits each, so a plain hash is enough). used_at marks one spent.
CREATE TABLE user_recovery_codes (
  user_id    text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  code_hash  text NOT NULL,
  created_at timestamptz NOT NULL,
  used_at    timestamptz,
  PRIMARY KEY (user_id, code_hash)
);

-- A sign-in whose password was right, waiting for its second factor. The cookie holds 32 random
-- bytes, this table their SHA-256; the row gives no session rights, dies at expires_at (minutes)
-- or after a few wrong codes (failures).
CREATE TABLE pending_sign_ins (
  id_hash    text PRIMARY KEY,
  user_id    text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  account_id text NOT NULL,
  failures   integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX pending_sign_ins_by_expiry ON pending_sign_ins (expires_at);

-- The Security page lists a user's sessions by device and address; sudo_at is the last time the
-- session's user gave a fresh factor (sign-in, or a code asked before a money-routing change).
ALTER TABLE dashboard_sessions ADD COLUMN user_agent text;
ALTER TABLE dashboard_sessions ADD COLUMN ip text;
ALTER TABLE dashboard_sessions ADD COLUMN sudo_at timestamptz;

-- A form held back until its user confirms a fresh factor (src/web/dashboard/require-sudo.ts):
-- its fields sealed, bound to the session, so it goes through after the code without retyping.
CREATE TABLE sudo_pending_forms (
  id_hash      text PRIMARY KEY,
  session_hash text NOT NULL REFERENCES dashboard_sessions (id_hash) ON DELETE CASCADE,
  action       text NOT NULL,
  body_sealed  text NOT NULL,
  expires_at   timestamptz NOT NULL
);
