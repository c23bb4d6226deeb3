-- The name a payer sees on the payment and checkout pages ("Pagamento para <display_name>"),
-- set by the merchant (setup, dashboard, API, CLI). Apart from `name`, the operator's label of
-- the account: the first start names its account "Default account", which must never reach a
-- payer. Accounts named by their operator keep that name as their display name.
ALTER TABLE accounts ADD COLUMN display_name text;
UPDATE accounts SET display_name = name WHERE name <> 'Default account';
