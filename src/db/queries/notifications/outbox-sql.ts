// The notifications a state change calls for, made in the statement that writes its events
// (db/queries/events.ts, insert-charges.ts), as the events' webhook deliveries are: a charge
// stored, paid or refunded and its payer's mail commit together or not at all. Only charges with
// a customer_email make a row; the rest pay one filtered scan of what the statement already
// holds. What the mail says, and whether it goes at all (the kind turned off, the address
// unsubscribed, no relay), is decided when it is sent (domain/notifications/).

export const MAIL_CHANNEL = "tostao_mail";

// A notification's id, drawn from its owner and dedupe key: a statement that meets a key
// already stored (ON CONFLICT DO NOTHING) would have drawn the same id.
const ID = (dedupe: string) => `'ntf_' || substr(md5(x.account_id || x.mode || ${dedupe}), 1, 26)`;

const INSERT_INTO = `INSERT INTO notifications (id, account_id, mode, kind, charge_id, subscription_id,
    recipient, dedupe_key, status, scheduled_for, next_attempt_at, created_at, updated_at)`;

/**
 * For insert-charges.ts: the bills of the charges a CTE named `c` just stored from `input`
 * (whose details carry customer_email), as CTE `m`. A subscription period's charge is not a
 * bill: its payer hears of it through the subscription's own notices.
 */
export const BILLS_OF_NEW_CHARGES_CTE = `m AS (
    ${INSERT_INTO}
    SELECT ${ID("x.key")}, x.account_id, x.mode, 'bill', x.id, NULL, x.email, x.key, 'pending',
      x.created_at, x.created_at, x.created_at, x.created_at
    FROM (SELECT i.id, i.account_id, i.mode, i.created_at, 'bill:' || i.id AS key,
        i.details->>'customer_email' AS email
      FROM input i JOIN c ON c.id = i.id
      WHERE i.details->>'customer_email' IS NOT NULL) x
    ON CONFLICT (account_id, mode, dedupe_key) DO NOTHING
    RETURNING mode
  )`;

/**
 * For events.ts: the mails of the events a CTE named `e` just wrote (columns id, account_id,
 * mode, type, charge_id, created_at: the event's date, on the account's clock; deliver_at: the
 * real time it is due), as CTE `m`. The charge or subscription is read as it stands in this
 * transaction (the move that wrote the event came first).
 *
 * A charge's events: its bill (not a subscription period's: its payer hears of it through the
 * subscription's debit notice), the receipt and refund notice of any charge, and a subscription
 * period's decline (its failed debit, after the retries). A subscription's events carry its id
 * in charge_id (subscription-view.ts): its authorisation request when created, its cancellation.
 * The subscription's branch joins only the events of those two types, so a batch of charge
 * events pays nothing for it.
 */
export const MAILS_OF_EVENTS_CTE = `m AS (
    ${INSERT_INTO}
    SELECT ${ID("x.key")}, x.account_id, x.mode, x.kind, x.charge_id, x.subscription_id, x.email,
      x.key, 'pending', x.created_at, x.deliver_at, x.deliver_at, x.deliver_at
    FROM (SELECT e.account_id, e.mode, k.kind, ch.id AS charge_id, ch.subscription_id,
        ch.details->>'customer_email' AS email, k.kind || ':' || ch.id AS key,
        e.created_at, e.deliver_at
      FROM e JOIN (VALUES ('charge.created', 'bill', 'plain'),
          ('charge.approved', 'receipt', 'any'), ('charge.refund', 'refund', 'any'),
          ('charge.declined', 'subscription_debit_failed', 'period'))
          AS k(type, kind, charges) ON k.type = e.type
        JOIN charges ch ON ch.id = e.charge_id AND ch.account_id = e.account_id
          AND ch.mode = e.mode
      WHERE ch.details->>'customer_email' IS NOT NULL
        AND (k.charges = 'any' OR (ch.subscription_id IS NULL) = (k.charges = 'plain'))
      UNION ALL
      SELECT e.account_id, e.mode, k.kind, NULL, s.id, s.details->>'customer_email',
        k.kind || ':' || s.id, e.created_at, e.deliver_at
      FROM e JOIN (VALUES ('subscription.created', 'subscription_request'),
          ('subscription.canceled', 'subscription_canceled')) AS k(type, kind) ON k.type = e.type
        JOIN subscriptions s ON s.id = e.charge_id AND s.account_id = e.account_id
          AND s.mode = e.mode
      WHERE s.details->>'customer_email' IS NOT NULL) x
    ON CONFLICT (account_id, mode, dedupe_key) DO NOTHING
    RETURNING mode
  )`;

/**
 * A scalar subquery for the final SELECT: wakes the mail workers at commit if `m` made rows, once
 * per mode it made them in, the mode as the payload (each mode's mail is claimed on its own).
 */
export const NOTIFY_MAILS = `(SELECT count(*) FROM (SELECT pg_notify('${MAIL_CHANNEL}', mode) FROM (SELECT DISTINCT mode FROM m) one) n)`;
