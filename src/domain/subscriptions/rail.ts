import type { ChargeRow } from "../../db/queries/charges.ts";
import type { SubscriptionRow } from "../../db/queries/subscriptions/subscription-row.ts";
import type { Db } from "../../kernel/db.ts";
import { SANDBOX_RECEIVER } from "../sandbox-pix/pix-provider.ts";
import { composeRecurrenceBrCode } from "./compose-brcode.ts";

// The seam between subscriptions and whoever runs the recurrence. The sandbox rail below makes
// the authorisation's composed BR Code on placeholder locations and moves no money (the sandbox
// payer's bank is the billing pass's debit step, billing.ts). A live rail speaks the BACEN API
// Pix at the merchant's PSP (/locrec, /rec, /cobr, ...): it plugs in through `SubscriptionRails`
// (deps.subscriptionRails.live), and nothing else in this folder changes.

/** A period as the scheduler hands it to the rail. */
export type PeriodToIssue = {
  /** 0 is the start date's period. */
  index: number;
  /** The period's date (YYYY-MM-DD, Brazil): the cobr's calendario.dataDeVencimento. */
  dueDate: string;
  amountCents: number;
  /** Our id for the period's charge (a row in charges). */
  chargeId: string;
};

/** Sends one period's charge of a batch (SubscriptionRail.periodIssuer). */
export type PeriodIssuer = (
  subscription: SubscriptionRow,
  period: PeriodToIssue,
) => Promise<{ txid: string; brCode: string | null }>;

/** What authorize made: the recurrence's id and code, and how the creation settles it. */
export type Authorized = {
  recId: string;
  brCode: string;
  /**
   * Run first in the transaction that stores the subscription: holds what the recurrence needs
   * (live: the account's PSP connection, against a delete) or throws when it is gone.
   */
  keep?(db: Db): Promise<void>;
  /** The subscription was not stored: takes back what authorize made (best effort). */
  abandon?(): Promise<void>;
};

export interface SubscriptionRail {
  /** The charges' and subscriptions' provider name ("sandbox", or the PSP profile's). */
  readonly name: string;
  /**
   * Creates the recorrência (live: POST /locrec, POST /rec, then GET /rec/{idRec} for the
   * composed code; with a first payment, the cob of the journey too) and answers its id and the
   * BR Code the payer scans.
   */
  authorize(input: {
    subscription: Omit<SubscriptionRow, "recId" | "brCode" | "provider">;
    /** The journey's immediate charge: its txid and amount (first_payment_value). */
    firstPayment?: { txid: string; amountCents: number };
  }): Promise<Authorized>;
  /**
   * The issuer of one claimed batch of periods, bound to the scheduler's transaction (for the
   * rail's own reads: PGlite has one connection). Each call sends one period's charge (live:
   * PUT /cobr/{txid}, inside the window before its date) and answers its txid and BR Code (null:
   * a cobr is debited, not scanned). What the rail needs per account (live: the PSP connection
   * and its receiver account) is read once per batch, not once per period: at 100,000 periods a
   * billing day, two reads per period queued on the batch's one connection were most of its time.
   */
  periodIssuer(db: Db): PeriodIssuer;
  /** Asks for a retry of a failed debit on a date (live: POST /cobr/{txid}/retentativa/{data}). */
  requestRetry(charge: ChargeRow, date: string): Promise<void>;
  /** Cancels the recurrence (live: PATCH /rec/{idRec} with status CANCELADA). */
  cancel(subscription: SubscriptionRow): Promise<void>;
}

/** test: the sandbox; live: the accounts' PSPs (undefined: live subscriptions not available). */
export type SubscriptionRails = { test: SubscriptionRail; live: SubscriptionRail | undefined };

/**
 * Where the sandbox's locations point: a reserved name (RFC 2606 `.invalid`) that no bank can
 * fetch, as a sandbox code must never be payable.
 */
export const SANDBOX_LOCATION_HOST = "pix.tostao.invalid";

/** A sandbox idRec in the file's shape: RR + an ISPB (8 zeros) + the date + 11 characters. */
export function sandboxRecId(subscriptionId: string, createdAt: Date): string {
  const day = createdAt.toISOString().slice(0, 10).replaceAll("-", "");
  return `RR00000000${day}${subscriptionId.slice(-11)}`;
}

export const sandboxSubscriptionRail: SubscriptionRail = {
  name: "sandbox",
  async authorize({ subscription, firstPayment }) {
    const recId = sandboxRecId(subscription.id, subscription.createdAt);
    const brCode = composeRecurrenceBrCode({
      recUrl: `${SANDBOX_LOCATION_HOST}/qr/v2/rec/${recId}`,
      merchantName: SANDBOX_RECEIVER.name,
      merchantCity: SANDBOX_RECEIVER.city,
      ...(firstPayment ? { cobUrl: `${SANDBOX_LOCATION_HOST}/qr/v2/${firstPayment.txid}` } : {}),
    });
    return { recId, brCode };
  },
  // A txid of the period's charge id: 25 alphanumerics, unique per charge.
  periodIssuer: () => async (_subscription, period) => ({
    txid: period.chargeId.slice(4, 29),
    brCode: null,
  }),
  async requestRetry() {},
  async cancel() {},
};
