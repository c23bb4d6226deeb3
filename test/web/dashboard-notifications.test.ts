import assert from "node:assert/strict";
import { test } from "node:test";
import { MAIL_KINDS } from "../../src/domain/notifications/kinds.ts";
import { addUser, getPage, postForm, signInInject } from "../helpers/dashboard.ts";
import { useFileService } from "../helpers/service.ts";

// Issue 35 item 5 on the dashboard: the notifications page says plainly when payers get no mail,
// its settings form saves through the same use case as the API (a kind turned off reads
// unchecked after), the preview is the real bill renderer's, and a charge with customer_email
// shows its mails with a "send again" that adds one. No worker runs: the mails stay planned.

const svc = useFileService({ env: { TOSTAO_WORKERS: "false" } });

async function signedIn(email: string) {
  const a = await svc.newAccount();
  await addUser(svc, a.accountId, email);
  return { a, s: await signInInject(svc, email) };
}

const checkbox = (body: string, kind: string) =>
  new RegExp(`<input type="checkbox" name="kinds" value="${kind}"( checked)?>`).exec(body)?.[1];

test("without a relay the notifications page says payers get no mail, and shows the bill's preview", async () => {
  const { s } = await signedIn("mail-page@example.com");
  const res = await getPage(svc, s, "/dashboard/notifications");
  assert.equal(res.statusCode, 200);
  assert.match(res.body, /id="relay-status"><strong>Os pagadores não recebem e-mail:<\/strong>/);
  assert.match(res.body, /TOSTAO_SMTP_TEST_URL/);
  assert.match(res.body, /aria-current="page">E-mails</);
  // The rendered bill: its subject, and its HTML only inside a sandboxed frame, escaped.
  assert.match(res.body, /id="preview-subject">[^<]*R\$\s?150,00/);
  const frame = /<iframe class="mail-preview"[^>]* sandbox src="([^"]*)"/.exec(res.body);
  assert.equal(frame?.[1], "/dashboard/notifications/preview?kind=bill", "the preview's frame");
  // Each kind's preview is its own document: the mail's inline styles allowed, nothing else.
  for (const kind of MAIL_KINDS) {
    assert.match(res.body, new RegExp(`href="/dashboard/notifications/preview\\?kind=${kind}"`));
    const preview = await getPage(svc, s, `/dashboard/notifications/preview?kind=${kind}`);
    assert.equal(preview.statusCode, 200, `${kind}: ${preview.body.slice(0, 200)}`);
    assert.match(String(preview.headers["content-security-policy"]), /style-src 'unsafe-inline'/);
    assert.doesNotMatch(String(preview.headers["content-security-policy"]), /script-src/);
    assert.match(preview.body, /<html/i);
    assert.doesNotMatch(preview.body, /cid:/, `${kind}: inline images as data: URLs`);
  }
  const bad = await getPage(svc, s, "/dashboard/notifications/preview?kind=nope");
  assert.equal(bad.statusCode, 400);

  const en = await svc.app.inject({
    method: "GET",
    url: "/dashboard/notifications",
    cookies: { tostao_session: s.cookie },
    headers: { "accept-language": "en" },
  });
  assert.match(en.body, /<strong>Payers get no mail:<\/strong>/);
});

test("the settings form saves: a kind turned off reads unchecked after, the days and CNPJ as sent", async () => {
  const { s, a } = await signedIn("mail-settings@example.com");
  const before = (await getPage(svc, s, "/dashboard/notifications")).body;
  assert.equal(checkbox(before, "receipt"), " checked");
  const form = new URLSearchParams({
    _csrf: s.csrf,
    language: "en",
    reply_to: "help@loja.example",
  });
  for (const k of ["bill", "reminder_due"]) form.append("kinds", k);
  form.set("tax_id", "11.222.333/0001-81");
  form.set("reminder_days_before", "7, 3,1");
  const saved = await svc.app.inject({
    method: "POST",
    url: "/dashboard/notifications/settings",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    cookies: { tostao_session: s.cookie },
    payload: form.toString(),
  });
  assert.equal(saved.statusCode, 303, saved.body);
  const after = (await getPage(svc, s, "/dashboard/notifications?done=saved")).body;
  assert.equal(checkbox(after, "receipt"), undefined, "receipt turned off");
  assert.equal(checkbox(after, "bill"), " checked");
  assert.match(after, /name="reminder_days_before" value="7, 3, 1"/);
  assert.match(after, /<option value="en" selected>/);
  // The API reads what the form wrote.
  const api = await svc.call("GET", "/api/notifications/settings", { token: a.test });
  assert.equal(api.statusCode, 200, api.body);
  assert.equal(api.json().data.kinds.receipt, false);
  assert.equal(api.json().data.reply_to, "help@loja.example");

  const bad = await postForm(svc, s, "/dashboard/notifications/settings", {
    _csrf: s.csrf,
    reminder_days_before: "soon",
  });
  assert.equal(bad.statusCode, 400);
  assert.match(bad.body, /class="flash error"/);
});

test("a charge with customer_email shows its mail, and send again adds one", async () => {
  const { s, a } = await signedIn("mail-charge@example.com");
  const made = await svc.call("POST", "/api/pix/charge/create", {
    token: a.test,
    body: { value: 150, customer_email: "pagador@example.com" },
  });
  assert.equal(made.statusCode, 200, made.body);
  const id: string = made.json().data.chargeId;
  const rows = (body: string) => body.match(/data-mail-status="/g)?.length ?? 0;
  const page = (await getPage(svc, s, `/dashboard/charges/${id}`)).body;
  assert.match(page, /id="mails"><h2>E-mails ao pagador<\/h2>/);
  assert.ok(page.includes("pagador@example.com"));
  assert.equal(rows(page), 1, "the bill planned at creation");
  const again = await postForm(svc, s, `/dashboard/charges/${id}/resend-bill`, { _csrf: s.csrf });
  assert.equal(again.statusCode, 303, again.body);
  assert.equal(again.headers.location, `/dashboard/charges/${id}?done=resent#mails`);
  const after = (await getPage(svc, s, `/dashboard/charges/${id}?done=resent`)).body;
  assert.equal(rows(after), 2);
  assert.match(after, /Reenviar cobrança/);

  const bare = await svc.call("POST", "/api/pix/charge/create", {
    token: a.test,
    body: { value: 10 },
  });
  const plain = (await getPage(svc, s, `/dashboard/charges/${bare.json().data.chargeId}`)).body;
  assert.doesNotMatch(plain, /id="mails"/);
});
