-- Where each wallet key an account and mode has used stopped handing out addresses. When a key is
-- replaced, its next_index is kept here; when it is activated again it resumes from there, so it
-- neither reissues its used addresses nor has to walk past them one by one.
CREATE TABLE wallet_keys (
  account_id  text NOT NULL,
  mode        text NOT NULL CHECK (mode IN ('test', 'live')),
  xpub        text NOT NULL,
  next_index  integer NOT NULL,
  PRIMARY KEY (account_id, mode, xpub)
);
