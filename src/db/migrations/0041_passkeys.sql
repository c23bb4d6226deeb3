-- Passkeys (WebAuthn; src/domain/users/passkeys.ts). A user's registered credentials: the
-- authenticator's credential id and COSE public key as bytes (a public key is no secret, so it
-- is stored as it came, not sealed), its signature counter (a clone that replays an older count
-- is refused), the transports the browser reported (JSON array, a hint for later prompts), the
-- name the user gave it, and when it was last used. A credential id is unique across users: an
-- assertion names its credential, and the sign-in finds the user from it.
CREATE TABLE user_passkeys (
  id            text PRIMARY KEY,
  user_id       text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  account_id    text NOT NULL,
  credential_id bytea NOT NULL UNIQUE,
  public_key    bytea NOT NULL,
  sign_count    bigint NOT NULL DEFAULT 0,
  transports    text NOT NULL DEFAULT '[]',
  name          text NOT NULL,
  created_at    timestamptz NOT NULL,
  last_used_at  timestamptz
);
CREATE INDEX user_passkeys_by_user ON user_passkeys (user_id, created_at);

-- The challenges handed to browsers, by the SHA-256 of the challenge itself (the response's
-- clientDataJSON carries it back, so no other reference travels). Each is taken with DELETE ...
-- RETURNING, so two responses to one challenge cannot both pass; it dies at expires_at (two
-- minutes). purpose says what it may be used for; user_id / session_hash bind a registration or
-- a sudo check to the signed-in user and session (null for a sign-in, which has neither yet).
CREATE TABLE webauthn_challenges (
  challenge_hash text PRIMARY KEY,
  purpose        text NOT NULL CHECK (purpose IN ('register', 'sign_in', 'sudo')),
  user_id        text,
  session_hash   text,
  expires_at     timestamptz NOT NULL
);
CREATE INDEX webauthn_challenges_by_expiry ON webauthn_challenges (expires_at);
