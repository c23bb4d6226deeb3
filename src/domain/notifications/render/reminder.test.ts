import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { amountDue } from "../../due-date/amount-due.ts";
import { renderMail } from "./render-mail.ts";
import { contextFor, DUE_BR_CODE, LINKS, WORKED_TERMS } from "./test-fixtures.ts";

// A reminder names the day it is about (ctx.onDate): how many days are left, or that it is due
// today, or, once late, THAT day's amount with its fine and interest, never the face value.

describe("the due-date bill's reminders", () => {
  test("the overdue reminder shows the amount due on its day, with fine and interest, not the face value", async () => {
    // 2026-12-15, six days after the due date: 2% fine R$ 24,69 and six days of 1% a month
    // R$ 2,47 on R$ 1.234,56 (docs/due-date.md's worked example).
    const mail = await renderMail(
      contextFor("reminder_overdue", "pt-BR", { onDate: "2026-12-15" }),
    );
    assert.equal(amountDue(WORKED_TERMS, "2026-12-15").total, 126_172);
    assert.equal(mail.subject, "Loja X: cobrança vencida, R$ 1.261,72 hoje");
    assert.match(mail.text, /Em 15\/12\/2026, com multa e juros, o valor é R\$ 1\.261,72\./);
    assert.match(mail.text, /Multa: \+ R\$ 24,69/);
    assert.match(mail.text, /Juros: \+ R\$ 2,47/);
    assert.match(mail.html, /R\$ 1\.261,72/);
    assert.doesNotMatch(mail.subject, /1\.234,56/);
  });

  test("a later weekly reminder's amount grows with the days late", async () => {
    const week = await renderMail(
      contextFor("reminder_overdue_weekly", "en", { onDate: "2026-12-22" }),
    );
    const expected = amountDue(WORKED_TERMS, "2026-12-22").total;
    assert.equal(expected, 126_172 + 288); // seven more days of interest: R$ 2,88
    assert.match(week.subject, /R\$1,264\.60 today/);
  });

  test("the reminder before says how many days are left, or tomorrow", async () => {
    const three = await renderMail(
      contextFor("reminder_before", "pt-BR", { onDate: "2026-12-06" }),
    );
    assert.equal(three.subject, "Loja X: sua cobrança de R$ 1.234,56 vence em 3 dias");
    const one = await renderMail(contextFor("reminder_before", "en", { onDate: "2026-12-08" }));
    assert.equal(one.subject, "Loja X: your bill for R$1,234.56 is due tomorrow");
  });

  test("a reminder carries the link, the exact code, its QR inline and a visible unsubscribe link", async () => {
    for (const kind of [
      "reminder_before",
      "reminder_due",
      "reminder_overdue",
      "reminder_overdue_weekly",
    ] as const) {
      const mail = await renderMail(contextFor(kind, "pt-BR", { onDate: "2026-12-09" }));
      assert.ok(mail.text.includes(DUE_BR_CODE) && mail.html.includes(DUE_BR_CODE), kind);
      assert.ok(mail.text.includes(LINKS.payUrl) && mail.html.includes(`href="${LINKS.payUrl}"`));
      const unsubscribe = LINKS.unsubscribeUrl.replace(/&/g, "&amp;");
      assert.ok(mail.html.includes(`href="${unsubscribe}"`), `${kind}: unsubscribe link`);
      assert.ok(mail.text.includes(`Cancelar os lembretes: ${LINKS.unsubscribeUrl}`));
      const qr = mail.attachments.find((a) => a.cid);
      assert.ok(qr && mail.html.includes(`cid:${qr.cid}`));
      assert.equal(mail.attachments.length, 1, "a reminder is short: no PDF");
    }
  });
});
