-- PSP connections as real banks need them (issues 21 and 22).
-- extra_headers_box: headers the merchant's PSP requires on every call (Inter's
-- x-conta-corrente), sealed like the client secret (their values can identify the account);
-- extra_header_names lists their names in clear, comma-separated, for display.
-- app_key_box: Banco do Brasil's developer application key (gw-dev-app-key), sealed.
-- webhook_state gains 'foreign' (another URL is registered on the key and the merchant did not
-- ask to replace it; webhook_foreign_url shows which) and 'pending' (the row exists so the
-- PSP's registration probe finds its hook; the PUT /webhook is under way).
ALTER TABLE pix_psp_connections ADD COLUMN extra_headers_box text;
ALTER TABLE pix_psp_connections ADD COLUMN extra_header_names text;
ALTER TABLE pix_psp_connections ADD COLUMN app_key_box text;
ALTER TABLE pix_psp_connections ADD COLUMN webhook_foreign_url text;
ALTER TABLE pix_psp_connections DROP CONSTRAINT pix_psp_connections_webhook_state_check;
ALTER TABLE pix_psp_connections ADD CONSTRAINT pix_psp_connections_webhook_state_check
  CHECK (webhook_state IN ('registered', 'manual', 'failed', 'foreign', 'pending'));
