-- Counter links (docs/counter.md, "The counter"): a device link that lets a cashier's phone make
-- dynamic Pix charges in one account and mode, and read only those charges' status. The link's
-- secret is kept only as its SHA-256 (secret_hash, looked up by it, as API tokens are); the
-- secret itself is shown once, at creation. A revoked link's row stays, as its charges name it.
CREATE TABLE counter_links (
  id           text PRIMARY KEY,
  account_id   text NOT NULL,
  mode         text NOT NULL CHECK (mode IN ('test', 'live')),
  label        text NOT NULL,
  secret_hash  text NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL,
  revoked_at   timestamptz
);
CREATE INDEX counter_links_list ON counter_links (account_id, mode, created_at DESC, id DESC);

-- The charges a link made. No index of its own: the counter lists only today's charges of the
-- link, which the owner's index by creation time (charges_by_owner_created) reaches as a range
-- of one day, the link's filter applied to that day's rows.
ALTER TABLE charges ADD COLUMN counter_link_id text;
