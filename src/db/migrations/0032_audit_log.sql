-- The audit log (docs/security.md, "Audit log"): who did what to an account, from where. Rows
-- are only ever appended: each is hash-chained to the one before it in its account (hash =
-- sha256 of its canonical fields and prev_hash; domain/audit/audit-hash.ts), so an entry edited,
-- deleted or moved in the database breaks the chain at that entry (`tostao audit verify`).
--
-- mode is the mode the action concerned (a key's, a webhook's), null for what belongs to the
-- account as a whole (a sign-in, a member, the account's settings); the dashboard acts on both.
-- Retention never prunes this table.
CREATE TABLE audit_log (
  account_id  text NOT NULL,
  seq         bigint NOT NULL CHECK (seq >= 1),
  id          text NOT NULL UNIQUE,
  at          timestamptz NOT NULL,
  mode        text CHECK (mode IN ('test', 'live')),
  actor_kind  text NOT NULL CHECK (actor_kind IN ('user', 'key', 'system')),
  actor       text NOT NULL,
  ip          text,
  user_agent  text,
  action      text NOT NULL,
  target      text,
  changes     jsonb,
  prev_hash   text NOT NULL,
  hash        text NOT NULL,
  PRIMARY KEY (account_id, seq)
);
CREATE INDEX audit_log_by_action ON audit_log (account_id, action, seq DESC);

-- One row per account: the chain's last seq and hash. An append locks it FOR UPDATE, so appends
-- to one account are serialised and never fork the chain; it also names the last entry, so
-- deleting the newest entries is noticed too.
CREATE TABLE audit_chain_heads (
  account_id  text PRIMARY KEY,
  seq         bigint NOT NULL,
  hash        text NOT NULL
);
