-- Whose Idempotency-Key a stored answer is: the API token that made the request (NULL without
-- one: the public checkout, the dashboard's forms). Another token of the account sending the
-- same key and body must not be handed the first token's answer (a new token's value, for one);
-- it is refused instead (domain/idempotency/run-idempotent.ts). Rows stored before this
-- migration, or by an instance of the previous release during a rolling upgrade, have no owner
-- and are compared by their body alone, as before. A nullable column without a default is a
-- change of the catalogue only: no table rewrite, no index, no long lock.
ALTER TABLE idempotency_keys ADD COLUMN token_id text;
