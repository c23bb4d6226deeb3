-- Pay what you want: a product may have an open amount (the payer chooses it within bounds, on
-- its checkout) instead of a fixed value, never both nor neither. {"min","max","suggested":[…]}
-- in integer centavos, checked by the product schema (src/domain/products/open-amount.ts).
-- products is small (it grows with what a shop sells, not with charges): no CONCURRENTLY.
ALTER TABLE products ALTER COLUMN value_cents DROP NOT NULL;
ALTER TABLE products ADD COLUMN open_amount jsonb;
ALTER TABLE products ADD CONSTRAINT products_value_or_open_amount
  CHECK ((value_cents IS NULL) <> (open_amount IS NULL));
