import type { ChargeRow } from "../../../db/queries/charges.ts";
import { newChargeRow } from "../../charges/new-charge-row.ts";
import type { DueDateTerms } from "../../due-date/modalities.ts";
import { encodeBrCode } from "../../pix/brcode.ts";
import type { MailKind } from "../kinds.ts";
import type { MailContext } from "../mail-context.ts";
import type { MailLanguage } from "../settings.ts";

// The renderer tests' charges and contexts (only the *.test.ts files here import this). The
// due-date bill is docs/due-date.md's worked example (test/helpers/due-date.ts WORKED_BILL):
// R$ 1.234,56 due 2026-12-09, a 2% fine, 1% a month of calendar-day interest, 3% off until
// 2026-12-04.

export const WORKED_TERMS: DueDateTerms = {
  originalCents: 123_456,
  dueDate: "2026-12-09",
  daysAfterDue: 30,
  fine: { mode: "percent", value: 200 },
  interest: { mode: "percent_per_month_calendar_days", value: 100 },
  discounts: { mode: "percent_until_date", tiers: [{ date: "2026-12-04", value: 300 }] },
};

const owner = { accountId: "acc_render", mode: "test" as const };
const created = new Date("2026-11-29T15:00:00.000Z");

/** A dynamic BR Code as a due-date charge carries (its location URL, no amount). */
export const DUE_BR_CODE = encodeBrCode({
  url: "pix.example.com/cobv/6f0c2a7e41d84b0fa3d1c9e2",
  merchantName: "Loja X",
  merchantCity: "Sao Paulo",
});

export function dueRow(over: Partial<ChargeRow> = {}): ChargeRow {
  return {
    ...newChargeRow(owner, {
      id: "ch_due_0001",
      method: "pix",
      valueCents: 123_456,
      title: "Mensalidade dezembro",
      details: {
        customer_name: "Maria Silva",
        customer_email: "maria@example.com",
        customer_cpf: "529.982.247-25",
      },
      provider: "sandbox",
      txid: "v6f0c2a7e41d84b0fa3d1c9e2",
      brCode: DUE_BR_CODE,
      expiresAt: new Date("2027-01-09T03:00:00.000Z"),
      createdAt: created,
      due: { terms: WORKED_TERMS, overdueAt: new Date("2026-12-10T03:00:00.000Z") },
    }),
    ...over,
  };
}

export function pixRow(over: Partial<ChargeRow> = {}): ChargeRow {
  return {
    ...newChargeRow(owner, {
      id: "ch_pix_0001",
      method: "pix",
      valueCents: 15_000,
      title: "Camiseta azul",
      details: { customer_name: "João Souza", customer_email: "joao@example.com" },
      provider: "sandbox",
      txid: "tx0001",
      brCode: encodeBrCode({
        key: "loja@example.com",
        amountCentavos: 15_000,
        merchantName: "Loja X",
        merchantCity: "Sao Paulo",
        txid: "tx0001",
      }),
      expiresAt: new Date("2026-11-29T16:00:00.000Z"),
      createdAt: created,
    }),
    ...over,
  };
}

export const BTC_ADDRESS = "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx";
export const BTC_URI = `bitcoin:${BTC_ADDRESS}?amount=0.00028571`;

export function cryptoRow(over: Partial<ChargeRow> = {}): ChargeRow {
  return {
    ...newChargeRow(owner, {
      id: "ch_btc_0001",
      method: "crypto",
      valueCents: 10_000,
      title: "Assinatura anual",
      details: { customer_email: "bia@example.com" },
      provider: "crypto",
      txid: "btc0001",
      brCode: null,
      crypto: {
        address: BTC_ADDRESS,
        index: 0,
        network: "testnet",
        amountSats: 28_571,
        rateCents: 35_000_000_00,
        payUri: BTC_URI,
      },
      expiresAt: new Date("2026-11-29T16:00:00.000Z"),
      createdAt: created,
    }),
    ...over,
  };
}

export const LINKS = {
  payUrl: "https://pay.example.com/pay/ch_due_0001",
  receiptUrl: "https://pay.example.com/receipt/r_9f8e7d6c5b4a",
  unsubscribeUrl: "https://pay.example.com/mail/unsubscribe?a=acc_render&t=abc",
};

export const SUBSCRIPTION: NonNullable<MailContext["subscription"]> = {
  id: "sub_0001",
  title: "Plano Ouro",
  periodicity: "monthly",
  valueCents: 4_990,
  maxValueCents: null,
  authorizationUrl: "https://pay.example.com/subscriptions/sub_0001/authorize",
  debit: { date: "2026-12-15", amountCents: 4_990 },
  declineReason: "Saldo insuficiente",
};

/** A context for `kind` about the due-date bill (or what `over` gives), on 2026-11-29. */
export function contextFor(
  kind: MailKind,
  language: MailLanguage,
  over: Partial<MailContext> = {},
): MailContext {
  const paid = kind === "receipt" || kind === "refund";
  const sub = kind.startsWith("subscription_");
  return {
    kind,
    language,
    shop: { name: "Loja X", taxId: "12345678000195" },
    recipient: "maria@example.com",
    ...(sub ? { subscription: SUBSCRIPTION } : { charge: dueRow() }),
    ...(paid
      ? {
          payment: {
            kind: "pix_e2eid" as const,
            id: "E12345678202612021705abcdef012345",
            paidAt: new Date("2026-12-02T17:05:00.000Z"),
            amountCents: 119_752,
          },
        }
      : {}),
    onDate: "2026-11-29",
    at: new Date("2026-11-29T15:00:00.000Z"),
    links: {
      payUrl: sub ? null : LINKS.payUrl,
      receiptUrl: paid ? LINKS.receiptUrl : null,
      unsubscribeUrl: kind.startsWith("reminder_") ? LINKS.unsubscribeUrl : null,
    },
    ...over,
  };
}
