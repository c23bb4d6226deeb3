import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { extractText } from "unpdf";
import { readQrDataUrl } from "../../../../test/helpers/read-qr.ts";
import type { MailAttachment, RenderedMail } from "../mail-context.ts";
import { renderMail } from "./render-mail.ts";
import {
  BTC_ADDRESS,
  BTC_URI,
  contextFor,
  cryptoRow,
  DUE_BR_CODE,
  dueRow,
  pixRow,
} from "./test-fixtures.ts";

// The bill carries the Pix code exactly as the API's brCode, its QR inline (cid:, decoding to
// that very code) and nothing remote; a due-date bill also a PDF with the amount, due date,
// shop and code.

const decode = (a: MailAttachment) =>
  readQrDataUrl(`data:image/png;base64,${a.content.toString("base64")}`);

const inlineImages = (m: RenderedMail) => m.attachments.filter((a) => a.cid !== undefined);

function assertNoRemoteContent(html: string) {
  assert.doesNotMatch(html, /src\s*=\s*["']?\s*https?:/i, "a remote image");
  assert.doesNotMatch(html, /url\(\s*["']?\s*https?:/i, "a remote CSS resource");
  assert.doesNotMatch(html, /<link\b/i, "a linked style sheet");
  assert.doesNotMatch(html, /<script\b/i, "a script");
  assert.doesNotMatch(html, /@import/i, "an imported style sheet");
}

const pdfText = async (m: RenderedMail) => {
  const pdf = m.attachments.find((a) => a.contentType === "application/pdf");
  assert.ok(pdf, "a PDF attachment");
  assert.equal(pdf.content.subarray(0, 5).toString("latin1"), "%PDF-");
  const { text } = await extractText(new Uint8Array(pdf.content), { mergePages: true });
  return { pdf, text };
};

describe("the bill", () => {
  for (const [name, row] of [
    ["due-date", dueRow()],
    ["immediate PIX", pixRow()],
  ] as const) {
    test(`a ${name} bill's text and HTML carry the exact brCode, and its inline QR decodes to it`, async () => {
      const code = row.brCode;
      assert.ok(code);
      const mail = await renderMail(contextFor("bill", "pt-BR", { charge: row }));
      assert.ok(mail.text.split("\n").includes(code), "the code alone on a line of the text");
      assert.ok(mail.html.includes(`>${code}<`), "the code whole in one element of the HTML");
      const [qr, ...others] = inlineImages(mail);
      assert.ok(qr?.cid);
      assert.deepEqual(others, []);
      assert.equal(qr.contentType, "image/png");
      assert.equal(decode(qr), code);
      assert.ok(mail.html.includes(`<img src="cid:${qr.cid}"`), "the HTML shows it by cid:");
      assertNoRemoteContent(mail.html);
    });
  }

  test("only a due-date bill has a PDF", async () => {
    const due = await renderMail(contextFor("bill", "pt-BR", { charge: dueRow() }));
    const pix = await renderMail(contextFor("bill", "pt-BR", { charge: pixRow() }));
    assert.equal(due.attachments.filter((a) => a.contentType === "application/pdf").length, 1);
    assert.equal(pix.attachments.filter((a) => a.contentType === "application/pdf").length, 0);
    assert.match(pix.text, /Valor: R\$ 150,00/);
    assert.equal(pix.subject, "Loja X: cobrança de R$ 150,00");
  });

  for (const lang of ["pt-BR", "en"] as const) {
    test(`the due-date bill's PDF (${lang}) has the amount, due date, shop, CNPJ, payer and code`, async () => {
      const mail = await renderMail(contextFor("bill", lang));
      const { pdf, text } = await pdfText(mail);
      const facts =
        lang === "pt-BR"
          ? ["R$ 1.234,56", "09/12/2026", "08/01/2027", "multa de 2%", "juros de 1% ao mês"]
          : ["R$1,234.56", "Dec 9, 2026", "Jan 8, 2027", "a 2% late fee", "interest of 1% a month"];
      for (const f of [...facts, "Loja X", "12.345.678/0001-95", "Maria Silva", "529.982.247-25"]) {
        assert.ok(text.includes(f), `the PDF lacks ${f}`);
      }
      // pdfkit breaks the long code where its line ends: whitespace aside, it is whole.
      assert.ok(text.replace(/\s+/g, "").includes(DUE_BR_CODE.replace(/\s+/g, "")));
      assert.ok(pdf.content.length < 60_000, `${pdf.content.length} bytes`);
      assert.match(
        pdf.filename,
        lang === "en" ? /^bill-ch_due_0001\.pdf$/ : /^cobranca-ch_due_0001\.pdf$/,
      );
    });
  }

  test("a bill's PDF leaves the CNPJ out where the shop has none, and survives text outside Latin-1", async () => {
    const mail = await renderMail(
      contextFor("bill", "pt-BR", {
        shop: { name: "Loja 🦜 X", taxId: null },
        charge: dueRow({ title: "Mensalidade ✓ dezembro" }),
      }),
    );
    const { text } = await pdfText(mail);
    assert.ok(!text.includes("CNPJ"));
    assert.ok(text.includes("Mensalidade ? dezembro"));
  });

  test("a due-date bill renders, PDF and QR included, in under 20 ms of CPU", async () => {
    const ctx = contextFor("bill", "pt-BR");
    // Warmed up first (the first renders compile the code); CPU time, not the wall clock: what
    // rendering costs, not how busy the shared machine is.
    for (let i = 0; i < 5; i++) await renderMail(ctx);
    const n = 20;
    const before = process.cpuUsage();
    for (let i = 0; i < n; i++) await renderMail(ctx);
    const used = process.cpuUsage(before);
    const each = (used.user + used.system) / 1000 / n;
    assert.ok(each < 20, `${each.toFixed(1)} ms each`);
  });

  test("a Bitcoin bill gives the amount in BRL and BTC, the address, the URI and its QR inline", async () => {
    const mail = await renderMail(contextFor("bill", "en", { charge: cryptoRow() }));
    for (const f of ["R$100.00", "0.00028571 BTC", BTC_ADDRESS, BTC_URI]) {
      assert.ok(mail.text.includes(f), `text lacks ${f}`);
      assert.ok(mail.html.includes(f), `HTML lacks ${f}`);
    }
    const [qr] = inlineImages(mail);
    assert.ok(qr?.cid);
    assert.equal(decode(qr), BTC_URI);
    assert.ok(mail.html.includes(`src="cid:${qr.cid}"`));
    assert.equal(mail.attachments.length, 1, "no PDF for a Bitcoin bill");
    assertNoRemoteContent(mail.html);
  });

  test("every mail's HTML is free of remote content", async () => {
    for (const kind of ["reminder_overdue", "receipt", "refund", "subscription_request"] as const) {
      assertNoRemoteContent((await renderMail(contextFor(kind, "pt-BR"))).html);
    }
  });
});

describe("a mail that will not be sent", () => {
  // The mail worker renders without attachments when the mode has no relay (only the subject is
  // recorded): the subject and text must be those of the mail that would have gone.
  for (const [name, row] of [
    ["due-date", dueRow()],
    ["immediate PIX", pixRow()],
  ] as const) {
    test(`a ${name} bill rendered without attachments has the same subject and text, and no image or PDF`, async () => {
      const ctx = contextFor("bill", "pt-BR", { charge: row });
      const full = await renderMail(ctx);
      const bare = await renderMail(ctx, { attachments: false });
      assert.ok(full.attachments.length > 0);
      assert.deepEqual(bare.attachments, []);
      assert.equal(bare.subject, full.subject);
      assert.equal(bare.text, full.text);
    });
  }
  test("a reminder rendered without attachments keeps its subject", async () => {
    const ctx = contextFor("reminder_due", "en", { charge: dueRow() });
    const bare = await renderMail(ctx, { attachments: false });
    assert.deepEqual(bare.attachments, []);
    assert.equal(bare.subject, (await renderMail(ctx)).subject);
  });
});
