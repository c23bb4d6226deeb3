-- Where each wallet key an account and mode has used stopped handing out addresses. When a key is
-- replaced, its next_index is kept here; when it is activated again it resumes from there, so it
-- neither reissues its used addresses nor has to walk past them one by one. Keys are kept by a
-- short hash of the extended public key (the same id each charge records in crypto.keyId), not
-- the key itself, which would reveal every address of a wallet the merchant has moved away from.
CREATE TABLE wallet_keys (
  account_id  text NOT NULL REFERENCES accounts (id),
  mode        text NOT NULL CHECK (mode IN ('test', 'live')),
  key_id      text NOT NULL,
  next_index  integer NOT NULL,
  PRIMARY KEY (account_id, mode, key_id)
);
