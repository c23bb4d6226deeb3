import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { extractText } from "unpdf";
import { findCharge } from "../../src/db/queries/charges.ts";
import { amountDue } from "../../src/domain/due-date/amount-due.ts";
import { brazilDate, dueTermsOf } from "../../src/domain/due-date/due-charge.ts";
import { readQrDataUrl } from "../helpers/read-qr.ts";
import { startTestService, type TestService } from "../helpers/service.ts";
import { type ReceivedMail, type SmtpSink, startSmtpSink } from "../helpers/smtp-sink.ts";

// Issue 35's first "Done when", end to end through the running service (workers on, woken by
// NOTIFY) and a local relay that requires STARTTLS and AUTH: a due-date bill with customer_email
// reaches the payer within 15 s with everything the bill promises; its reminders arrive on their
// days under the test clock, once each, the overdue one with that day's amount; an unsubscribed
// payer gets no more; paying sends a receipt whose page opens without signing in; nothing of
// test mode reaches the live relay.

let svc: TestService;
let sandbox: SmtpSink;
let live: SmtpSink;
let token: string;
let accountId: string;

const addDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

before(async () => {
  sandbox = await startSmtpSink();
  live = await startSmtpSink();
  svc = await startTestService({
    env: {
      TOSTAO_SMTP_TEST_URL: sandbox.url,
      TOSTAO_SMTP_URL: live.url,
      TOSTAO_MAIL_FROM: "cobranca@loja.example",
      TOSTAO_BASE_URL: "https://pay.loja.example",
    },
  });
  const account = await svc.newAccount();
  token = account.test;
  accountId = account.accountId;
  await svc.deps.db.query("UPDATE accounts SET display_name = $2 WHERE id = $1", [
    accountId,
    'Loja <b>"Zé"</b>',
  ]);
});
after(async () => {
  await svc.close();
  await sandbox.close();
  await live.close();
});

const notifications = (chargeId: string) =>
  svc.deps.db.query<{ id: string; kind: string; status: string; last_error: string | null }>(
    "SELECT id, kind, status, last_error FROM notifications WHERE charge_id = $1 ORDER BY seq",
    [chargeId],
  );
const mailOf = async (chargeId: string, kind: string): Promise<ReceivedMail[]> => {
  const ids = new Set(
    (await notifications(chargeId)).filter((n) => n.kind === kind).map((n) => n.id),
  );
  return sandbox.received.filter((m) =>
    ids.has(/^<([^@]+)@/.exec(m.parsed.messageId ?? "")?.[1] ?? ""),
  );
};
const advance = async (days: number) => {
  const res = await svc.call("POST", "/api/test-clock/advance", { token, body: { days } });
  assert.equal(res.statusCode, 200, res.body);
};

test("a due-date bill's mails: the bill with its PDF and QR, reminders on their days, unsubscribe, receipt", async () => {
  const today = brazilDate(new Date());
  const dueDate = addDays(today, 5);
  const t0 = Date.now();
  const created = await svc.call("POST", "/api/pix/charge/create", {
    token,
    body: {
      value: 1234.56,
      title: "Mensalidade <script>alert(1)</script>",
      customer_name: "Maria\r\nBcc: intruso@example.com",
      customer_cpf: "529.982.247-25",
      customer_email: "maria@example.com",
      due_date: dueDate,
      days_after_due: 15,
      fine: { mode: "percent", value: 2 },
      interest: { mode: "percent_per_month_calendar_days", value: 1 },
    },
  });
  assert.equal(created.statusCode, 200, created.body);
  const charge = created.json().data;
  const chargeId = charge.chargeId as string;

  // The bill, within 15 s, with everything it promises.
  const until = Date.now() + 15_000;
  while ((await mailOf(chargeId, "bill")).length === 0 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const [bill] = await mailOf(chargeId, "bill");
  assert.ok(bill, "the bill reached the payer");
  assert.ok(Date.now() - t0 < 15_000);
  assert.equal(bill.secure, true);
  assert.deepEqual(bill.to, ["maria@example.com"]);
  const p = bill.parsed;
  assert.ok(p.text?.includes(charge.brCode), "the text has the exact brCode");
  assert.ok((p.html || "").includes(charge.brCode), "the HTML has the exact brCode");
  const html = p.html || "";
  assert.doesNotMatch(html, /src="https?:|url\(https?:|<link|<script/i, "no remote content");
  assert.ok(!html.includes("<script>alert"), "the title is escaped");
  assert.ok(!html.includes('<b>"Zé"</b>'), "the shop name is escaped");
  assert.equal(p.headers.get("bcc"), undefined, "no injected header");
  assert.equal(p.from?.value[0]?.address, "cobranca@loja.example");
  const qr = p.attachments.find((a) => a.contentType === "image/png" && a.cid);
  assert.ok(qr && html.includes(`cid:${qr.cid}`), "the QR is inline, by cid");
  assert.equal(
    readQrDataUrl(`data:image/png;base64,${qr.content.toString("base64")}`),
    charge.brCode,
    "the inline QR decodes to the brCode",
  );
  const pdf = p.attachments.find((a) => a.contentType === "application/pdf");
  assert.ok(pdf, "a due-date bill carries its PDF");
  const { text } = await extractText(new Uint8Array(pdf.content), { mergePages: true });
  const flat = String(text).replace(/\s+/g, "");
  assert.ok(flat.includes(charge.brCode.replace(/\s+/g, "")), "the PDF has the code");
  assert.match(String(text), /1\.234,56/);
  assert.match(String(text), new RegExp(dueDate.split("-").reverse().join("/")));
  assert.match(String(text), /Loja/);

  // Reminders: 3 days before (day 2), on the due date, overdue the day after, a week later.
  const row = await findCharge(svc.deps.db, { accountId, mode: "test", id: chargeId });
  assert.ok(row);
  const a = amountDue(dueTermsOf(row) as never, today);
  const effective = a.effectiveDueDate;
  const daysTo = (d: string) => Math.round((Date.parse(d) - Date.parse(today)) / 86_400_000);
  await advance(daysTo(addDays(dueDate, -3)));
  const before = await mailOf(chargeId, "reminder_before");
  assert.equal(before.length, 1, "the reminder 3 days before, once");
  // The header as sent (mailparser folds List-* headers into an object of its own).
  const rawHeader = (m: ReceivedMail | undefined, name: string) =>
    m?.parsed.headerLines
      .find((h) => h.key === name)
      ?.line.replace(/\r?\n\s+/g, " ")
      .slice(name.length + 1)
      .trim();
  const unsubscribe = rawHeader(before[0], "list-unsubscribe");
  assert.match(String(unsubscribe), /^<https:\/\/pay\.loja\.example\/mail\/unsubscribe\?/);
  assert.equal(rawHeader(before[0], "list-unsubscribe-post"), "List-Unsubscribe=One-Click");

  await advance(daysTo(effective) - daysTo(addDays(dueDate, -3)));
  assert.equal((await mailOf(chargeId, "reminder_due")).length, 1, "on the due date, once");
  await advance(1);
  const overdue = await mailOf(chargeId, "reminder_overdue");
  assert.equal(overdue.length, 1, "the day it became overdue, once");
  const overdueDay = addDays(effective, 1);
  const thatDay = amountDue(dueTermsOf(row) as never, overdueDay).total;
  const brl = (c: number) =>
    `${Math.floor(c / 100).toLocaleString("pt-BR")},${String(c % 100).padStart(2, "0")}`;
  assert.ok(thatDay > 123_456, "fine and interest apply");
  assert.ok(overdue[0]?.parsed.text?.includes(brl(thatDay)), `that day's amount ${brl(thatDay)}`);

  // One click unsubscribes: the weekly reminder is recorded, not sent.
  const link = new URL(String(unsubscribe).slice(1, -1));
  const unsub = await svc.app.inject({
    method: "POST",
    url: `${link.pathname}${link.search}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "List-Unsubscribe=One-Click",
  });
  assert.equal(unsub.statusCode, 200, unsub.body);
  await advance(7);
  assert.equal((await mailOf(chargeId, "reminder_overdue_weekly")).length, 0);
  const weekly = (await notifications(chargeId)).filter(
    (n) => n.kind === "reminder_overdue_weekly",
  );
  assert.equal(weekly[0]?.status, "not_sent");
  assert.match(weekly[0]?.last_error ?? "", /unsubscribed/);
  await advance(3);
  assert.equal((await mailOf(chargeId, "reminder_overdue")).length, 1, "none twice");

  // Paying sends a receipt whose page opens without signing in.
  const paid = await svc.call("POST", "/api/pix/charge/simulate-pay", {
    token,
    body: { charge_id: chargeId },
  });
  assert.equal(paid.statusCode, 200, paid.body);
  const receiptUntil = Date.now() + 15_000;
  while ((await mailOf(chargeId, "receipt")).length === 0 && Date.now() < receiptUntil) {
    await new Promise((r) => setTimeout(r, 50));
  }
  const [receipt] = await mailOf(chargeId, "receipt");
  assert.ok(receipt, "the receipt reached the payer");
  const status = await svc.call("GET", `/api/pix/charge/status?charge_id=${chargeId}`, { token });
  const receiptUrl = status.json().data.receiptUrl as string;
  assert.ok(receipt.parsed.text?.includes(receiptUrl), "the receipt links its page");
  const page = await svc.app.inject({ method: "GET", url: new URL(receiptUrl).pathname });
  assert.equal(page.statusCode, 200);
  assert.match(page.body, /1\.2\d\d,\d\d/);

  assert.equal(live.received.length, 0, "nothing of test mode reached the live relay");
});
