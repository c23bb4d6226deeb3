-- Where a product's hosted payment page sends the payer once the charge is paid (the merchant's
-- "thank you" page); optional. An http(s) URL, checked by the API before it is stored.
ALTER TABLE products ADD COLUMN success_url text;
