import type { AuditRow } from "../../db/queries/audit-log.ts";
import type { ChargeRow } from "../../db/queries/charges.ts";
import type { OutboxKind } from "./kinds.ts";
import type { MailLanguage } from "./settings.ts";

// What a mail is rendered from (render/render-mail.ts): gathered by the worker when the mail is
// sent (send-notification.ts), so a bill shows the charge as it stands then and a reminder the
// amount due on its own day. Nothing here is trusted text: every field a merchant or payer
// wrote is escaped by the renderer.

export type MailContext = {
  kind: OutboxKind;
  language: MailLanguage;
  /** The shop: the account's display name, and its CNPJ where the settings have one. */
  shop: { name: string; taxId: string | null };
  recipient: string;
  /** The charge the mail is about (absent for a subscription's request and notices). */
  charge?: ChargeRow;
  /** The subscription the mail is about (its request, notices, cancellation). */
  subscription?: {
    id: string;
    title: string;
    periodicity: string;
    valueCents: number | null;
    maxValueCents: number | null;
    /** The hosted authorisation page. */
    authorizationUrl: string | null;
    /** A notice's debit: its date (YYYY-MM-DD, Brazil) and amount. */
    debit?: { date: string; amountCents: number | null };
    declineReason?: string | null;
  };
  /**
   * A paid charge's payment (receipts and refund notices): which id identifies it to the payer
   * (the Pix end-to-end id, the Bitcoin transaction, the Lightning payment hash; the charge id
   * where none is known, as in the sandbox), when and how much was paid.
   */
  payment?: {
    kind: "pix_e2eid" | "bitcoin_txid" | "lightning_payment_hash" | "charge_id";
    id: string;
    paidAt: Date;
    amountCents: number;
  };
  /** A security alert's audit entry (the change, who, when, from where). */
  alert?: AuditRow;
  /** The day (YYYY-MM-DD, Brazil) the mail is about: a reminder's day, a bill's creation. */
  onDate: string;
  /** When the mail is made (the account's clock for its mode). */
  at: Date;
  links: {
    /** The charge's hosted payment page. */
    payUrl: string | null;
    /** The receipt page (a paid charge). */
    receiptUrl: string | null;
    /** One-click unsubscribe from reminders (RFC 8058), on reminders only. */
    unsubscribeUrl: string | null;
    /** A security alert's links: the security page and the audit log. */
    securityUrl?: string;
    auditUrl?: string;
  };
};

export type MailAttachment = {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Set for an inline image, referred to from the HTML as cid:<cid>. */
  cid?: string;
};

/**
 * How much of a mail to render. `attachments: false` leaves out its images and a bill's PDF (the
 * costliest part: a QR symbol and a PNG per image, about 9 ms of CPU per PDF) for a mail that
 * will not be sent, whose record keeps only the subject (no relay for its mode).
 */
export type RenderOptions = { attachments?: boolean };

export type RenderedMail = {
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
};
