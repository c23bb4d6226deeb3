-- The first start's sandbox token and setup link are shown once, printed by the process that
-- made them. A start that made them and then died before printing (a port taken after the
-- check, a crash) left a store whose token nobody ever saw. The flag is set with them and
-- cleared once they are printed; an embedded store's next start finds it set and prints a fresh
-- pair (domain/accounts/bootstrap.ts). A constant default: no table rewrite.
ALTER TABLE accounts ADD COLUMN IF NOT EXISTS first_start_unseen boolean NOT NULL DEFAULT false;
