-- Mail to payers (docs/notifications.md). A notification is one e-mail to one address, kept in
-- an outbox that the mail worker claims with SKIP LOCKED, as webhook deliveries are: it is made
-- in the same statement as the event that calls for it (a charge created with customer_email,
-- paid, refunded, a subscription's moves), or by the worker itself (a due-date bill's
-- reminders, planned when its bill is handled), so a crash between the two cannot lose it.
-- Its text is rendered when it is sent, from the charge as it stands then; only the subject
-- and the relay's reply are kept.
--
-- dedupe_key makes "at most once per bill" hold whatever the number of instances: the bill is
-- 'bill:<charge>', a reminder 'reminder:<charge>:<date>:<which>'. A resend is a new row.
-- scheduled_for is on the account's clock for its mode (a sandbox test clock may run days
-- ahead); next_attempt_at is on the real clock, which the worker reads: the test clock's
-- advance brings forward the rows it made due.
CREATE TABLE notifications (
  seq              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  id               text NOT NULL UNIQUE,
  account_id       text NOT NULL,
  mode             text NOT NULL,
  kind             text NOT NULL,
  charge_id        text,
  subscription_id  text,
  recipient        text NOT NULL,
  dedupe_key       text NOT NULL,
  status           text NOT NULL CHECK (status IN ('pending', 'sent', 'failed', 'not_sent')),
  attempts         integer NOT NULL DEFAULT 0,
  scheduled_for    timestamptz NOT NULL,
  next_attempt_at  timestamptz NOT NULL,
  locked_until     timestamptz,
  locked_by        text,
  subject          text,
  last_error       text,
  created_at       timestamptz NOT NULL,
  updated_at       timestamptz NOT NULL,
  sent_at          timestamptz,
  UNIQUE (account_id, mode, dedupe_key)
);
CREATE INDEX notifications_due ON notifications (next_attempt_at) WHERE status = 'pending';
CREATE INDEX notifications_by_owner ON notifications (account_id, mode, seq DESC);
CREATE INDEX notifications_by_charge ON notifications (charge_id, seq)
  WHERE charge_id IS NOT NULL;
CREATE INDEX notifications_by_subscription ON notifications (subscription_id, seq)
  WHERE subscription_id IS NOT NULL;
-- The sandbox test clock's advance brings forward an account's test-mode mail due by its date.
CREATE INDEX notifications_test_pending ON notifications (account_id, scheduled_for)
  WHERE status = 'pending' AND mode = 'test';

-- Per account and mode: which kinds are sent, the payer's language, the Reply-To, the days
-- before a due date that a reminder goes. A missing row is every default (all on, pt-BR).
CREATE TABLE notification_settings (
  account_id  text NOT NULL,
  mode        text NOT NULL,
  settings    jsonb NOT NULL,
  updated_at  timestamptz NOT NULL,
  PRIMARY KEY (account_id, mode)
);

-- Addresses that unsubscribed from an account's reminders (RFC 8058 one-click), lower case.
-- Bills they ask for and receipts still go.
CREATE TABLE mail_unsubscribes (
  account_id  text NOT NULL,
  mode        text NOT NULL,
  address     text NOT NULL,
  created_at  timestamptz NOT NULL,
  PRIMARY KEY (account_id, mode, address)
);

-- Mails sent per account, mode and day (UTC), for the daily cap: a compromised key cannot turn
-- the merchant's relay into a spam cannon. Taken before each send, with the cap in the UPDATE.
CREATE TABLE mail_daily_counts (
  account_id  text NOT NULL,
  mode        text NOT NULL,
  day         date NOT NULL,
  sent        integer NOT NULL,
  PRIMARY KEY (account_id, mode, day)
);
