import type { ChargeRow } from "../../db/queries/charges.ts";
import type { Mode } from "../../kernel/mode.ts";

/** What differs between new charges: everything else starts the same for every kind. */
export type NewCharge = Pick<
  ChargeRow,
  "id" | "method" | "valueCents" | "title" | "details" | "provider" | "txid" | "brCode"
> &
  Partial<Pick<ChargeRow, "description" | "productId" | "externalId" | "crypto">> & {
    expiresAt: Date;
    createdAt: Date;
    /** A charge with a due date: its terms and when it becomes overdue. */
    due?: { terms: object; overdueAt: Date } | undefined;
    /** A subscription period's charge (or its first payment): the subscription. */
    subscriptionId?: string | undefined;
    /** A sale at a counter link's phone (docs/counter.md): the link. */
    counterLinkId?: string | undefined;
  };

/**
 * The row of a charge just created, pending: every create (PIX, its batch, Bitcoin, a
 * subscription's first payment and its periods' charges) builds its row here, so a column
 * added to charges gets its starting value in one place. Not yet paid: no approval, nothing
 * received, not late, not simulated; updated when created.
 */
export function newChargeRow(owner: { accountId: string; mode: Mode }, c: NewCharge): ChargeRow {
  return {
    id: c.id,
    accountId: owner.accountId,
    mode: owner.mode,
    method: c.method,
    status: "pending",
    valueCents: c.valueCents,
    title: c.title,
    description: c.description ?? null,
    productId: c.productId ?? null,
    externalId: c.externalId ?? null,
    details: c.details,
    provider: c.provider,
    txid: c.txid,
    brCode: c.brCode,
    simulated: false,
    expiresAt: c.expiresAt,
    createdAt: c.createdAt,
    updatedAt: c.createdAt,
    approvedAt: null,
    crypto: c.crypto ?? null,
    receivedSats: 0,
    receivedCents: 0,
    paidLate: false,
    ...(c.due ? { dueTerms: c.due.terms, overdueAt: c.due.overdueAt } : {}),
    ...(c.subscriptionId ? { subscriptionId: c.subscriptionId } : {}),
    ...(c.counterLinkId ? { counterLinkId: c.counterLinkId } : {}),
  };
}
