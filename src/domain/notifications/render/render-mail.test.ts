import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { MAIL_KINDS, type MailKind } from "../kinds.ts";
import { MAIL_LANGUAGES, type MailLanguage } from "../settings.ts";
import { renderMail } from "./render-mail.ts";
import { contextFor, LINKS, SUBSCRIPTION } from "./test-fixtures.ts";

// Each kind of mail, in each language, says what it is for: the amounts, dates, ids and links
// its payer needs, in the text part and the HTML part alike.

type Facts = Record<MailLanguage, string[]>;

// The days each kind is rendered on: a reminder before (3 days left), on the due date, and
// overdue (2026-12-15, R$ 1.261,72 with fine and interest).
const ON_DATE: Partial<Record<MailKind, string>> = {
  reminder_before: "2026-12-06",
  reminder_due: "2026-12-09",
  reminder_overdue: "2026-12-10",
  reminder_overdue_weekly: "2026-12-15",
};

const FACTS: Record<MailKind, Facts> = {
  bill: {
    "pt-BR": [
      "Loja X",
      "R$ 1.234,56",
      "09/12/2026",
      "08/01/2027",
      "Mensalidade dezembro",
      "multa de 2%",
      "juros de 1% ao mês",
      "desconto de 3% pagando até 04/12/2026",
      LINKS.payUrl,
    ],
    en: [
      "Loja X",
      "R$1,234.56",
      "Dec 9, 2026",
      "Jan 8, 2027",
      "Mensalidade dezembro",
      "a 2% late fee",
      "interest of 1% a month",
      "3% off if paid by Dec 4, 2026",
      LINKS.payUrl,
    ],
  },
  reminder_before: {
    "pt-BR": ["vence em 3 dias", "09/12/2026", LINKS.payUrl, LINKS.unsubscribeUrl],
    en: ["is due in 3 days", "Dec 9, 2026", LINKS.payUrl, LINKS.unsubscribeUrl],
  },
  reminder_due: {
    "pt-BR": ["vence hoje", "09/12/2026", "R$ 1.234,56", LINKS.unsubscribeUrl],
    en: ["is due today", "Dec 9, 2026", "R$1,234.56", LINKS.unsubscribeUrl],
  },
  reminder_overdue: {
    // One day late: 2% fine (R$ 24,69) and a day of 1% a month (R$ 0,41).
    "pt-BR": ["venceu em 09/12/2026", "R$ 1.259,66", "R$ 24,69", "R$ 0,41", LINKS.unsubscribeUrl],
    en: ["was due on Dec 9, 2026", "R$1,259.66", "R$24.69", "R$0.41", LINKS.unsubscribeUrl],
  },
  reminder_overdue_weekly: {
    "pt-BR": ["continua em aberto", "R$ 1.261,72", "15/12/2026", LINKS.unsubscribeUrl],
    en: ["is still unpaid", "R$1,261.72", "Dec 15, 2026", LINKS.unsubscribeUrl],
  },
  receipt: {
    "pt-BR": [
      "R$ 1.197,52",
      "02/12/2026 14:05",
      "ID da transação Pix (E2E)",
      "E12345678202612021705abcdef012345",
      "Mensalidade dezembro",
      LINKS.receiptUrl,
    ],
    en: [
      "R$1,197.52",
      "Dec 2, 2026, 14:05",
      "Pix transaction ID (E2E)",
      "E12345678202612021705abcdef012345",
      "Mensalidade dezembro",
      LINKS.receiptUrl,
    ],
  },
  refund: {
    "pt-BR": ["Valor devolvido", "R$ 1.197,52", "ch_due_0001"],
    en: ["Amount refunded", "R$1,197.52", "ch_due_0001"],
  },
  subscription_request: {
    "pt-BR": ["Plano Ouro", "R$ 49,90", "todo mês", SUBSCRIPTION.authorizationUrl ?? ""],
    en: ["Plano Ouro", "R$49.90", "every month", SUBSCRIPTION.authorizationUrl ?? ""],
  },
  subscription_debit_notice: {
    "pt-BR": ["Plano Ouro", "R$ 49,90", "15/12/2026"],
    en: ["Plano Ouro", "R$49.90", "Dec 15, 2026"],
  },
  subscription_debit_failed: {
    "pt-BR": ["Plano Ouro", "R$ 49,90", "15/12/2026", "Saldo insuficiente"],
    en: ["Plano Ouro", "R$49.90", "Dec 15, 2026", "Saldo insuficiente"],
  },
  subscription_canceled: {
    "pt-BR": ["Plano Ouro", "cancelada"],
    en: ["Plano Ouro", "cancelled"],
  },
};

describe("renderMail: every kind in both languages", () => {
  for (const kind of MAIL_KINDS) {
    for (const lang of MAIL_LANGUAGES) {
      test(`${kind} (${lang}) has a subject, a text and an HTML part with its own facts`, async () => {
        const onDate = ON_DATE[kind];
        const mail = await renderMail(contextFor(kind, lang, onDate ? { onDate } : {}));
        assert.ok(mail.subject.length > 0 && mail.text.length > 0 && mail.html.length > 0);
        assert.match(mail.html, new RegExp(`<html lang="${lang}">`));
        for (const fact of FACTS[kind][lang]) {
          assert.ok(mail.text.includes(fact), `${kind} ${lang}: text lacks ${fact}`);
          const inHtml = fact.replace(/&/g, "&amp;").replace(/'/g, "&#39;");
          assert.ok(mail.html.includes(inHtml), `${kind} ${lang}: HTML lacks ${fact}`);
        }
      });
    }
  }

  test("the subject names the shop and the amount, in each language's money format", async () => {
    const pt = await renderMail(contextFor("bill", "pt-BR"));
    const en = await renderMail(contextFor("bill", "en"));
    assert.equal(pt.subject, "Loja X: cobrança de R$ 1.234,56");
    assert.equal(en.subject, "Loja X: bill for R$1,234.56");
  });

  test("a receipt without a known payment id shows the charge id and the paid amount", async () => {
    const ctx = contextFor("receipt", "pt-BR");
    delete ctx.payment;
    const row = ctx.charge;
    assert.ok(row);
    ctx.charge = {
      ...row,
      status: "approved",
      amountPaidCents: 119_752,
      approvedAt: new Date("2026-12-02T17:05:00Z"),
    };
    const mail = await renderMail(ctx);
    assert.match(mail.text, /Código da cobrança: ch_due_0001/);
    assert.match(mail.text, /Valor pago: R\$ 1\.197,52/);
    assert.match(mail.text, /Pago em: 02\/12\/2026 14:05/);
  });

  test("each payment id is labelled for what it is", async () => {
    for (const [kind, label] of [
      ["bitcoin_txid", "Transação Bitcoin"],
      ["lightning_payment_hash", "Hash do pagamento Lightning"],
    ] as const) {
      const ctx = contextFor("receipt", "pt-BR");
      ctx.payment = {
        kind,
        id: "ab".repeat(32),
        paidAt: new Date("2026-12-02T17:05:00Z"),
        amountCents: 10_000,
      };
      const mail = await renderMail(ctx);
      assert.ok(mail.text.includes(`${label}: ${"ab".repeat(32)}`), label);
    }
  });

  test("a subscription with a maximum shows it as the maximum", async () => {
    const ctx = contextFor("subscription_request", "en", {
      subscription: {
        ...SUBSCRIPTION,
        valueCents: null,
        maxValueCents: 20_000,
        periodicity: "weekly",
      },
    });
    const mail = await renderMail(ctx);
    assert.match(mail.text, /Maximum amount: R\$200\.00/);
    assert.match(mail.text, /up to R\$200\.00, every week/);
  });

  test("a kind whose context lacks its charge or subscription is refused, not sent half empty", async () => {
    const ctx = contextFor("bill", "pt-BR");
    delete ctx.charge;
    await assert.rejects(renderMail(ctx), /needs its charge/);
    const sub = contextFor("subscription_canceled", "pt-BR");
    delete sub.subscription;
    await assert.rejects(renderMail(sub), /needs its subscription/);
  });
});
