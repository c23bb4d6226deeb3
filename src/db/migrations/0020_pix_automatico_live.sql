-- Live subscriptions through Pix Automático (docs/subscriptions.md, "Live setup"). Each period's
-- charge (CobRSolicitada in the BACEN API Pix) must name the merchant's account at the PSP
-- (recebedor: conta, tipoConta, agencia), which a Pix key does not give: it is saved with the
-- live PSP connection (receiver_account) and kept here, one row per account's connection.
CREATE TABLE pix_psp_receiver_accounts (
  account_id    text NOT NULL REFERENCES accounts (id),
  mode          text NOT NULL CHECK (mode = 'live'),
  branch        text CHECK (length(branch) <= 4),
  account       text NOT NULL CHECK (length(account) BETWEEN 1 AND 20),
  account_type  text NOT NULL CHECK (account_type IN ('CORRENTE', 'POUPANCA', 'PAGAMENTO')),
  updated_at    timestamptz NOT NULL,
  PRIMARY KEY (account_id, mode)
);
