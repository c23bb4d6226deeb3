import assert from "node:assert/strict";
import { test } from "node:test";
import { addUser, getPage, postForm, signInInject } from "../helpers/dashboard.ts";
import { cobOf, useLiveSetup } from "../helpers/live-pix.ts";

// The dashboard's day statement (/dashboard/statement) against the PSP peer: the PSP's own list
// of the day's Pix, each matched to its charge (linked) or unmatched, the devoluções, the totals
// in the page's money format, and a Pix paid at the PSP whose charge is not approved here shown
// loudly; the states the API refuses (sandbox, no PSP, a bad day, the PSP down) are explained,
// never a 5xx page.

const s = useLiveSetup({ profile: "efi" });
let session: { cookie: string; csrf: string };
const ids: Record<string, string> = {};

// The day's Pix, made once for the file on first use (after useLiveSetup's own hook has run).
let made: Promise<void> | undefined;
const ready = () => {
  made ??= makeTheDay();
  return made;
};

async function makeTheDay() {
  await addUser(s.svc, s.account.accountId, "extrato@loja.example");
  session = await signInInject(s.svc, "extrato@loja.example");
  const sw = await postForm(s.svc, session, "/dashboard/mode", {
    mode: "live",
    return: "/dashboard",
    _csrf: session.csrf,
  });
  assert.equal(sw.statusCode, 303);
  const charge = async (cents: number, extra: Record<string, unknown> = {}) => {
    const data = (await s.create({ value: cents / 100, ...extra })).json().data;
    return { chargeId: data.chargeId as string, txid: cobOf(s.peer, data.brCode).txid };
  };
  const refunded = await charge(1000);
  const named = await charge(2050, { customer_name: "Maria Silva" });
  for (const c of [refunded, named]) {
    await s.peer.pay(c.txid);
    await s.waitStatus(c.chargeId, "approved");
  }
  const back = await s.call("POST", "/api/pix/charge/refund", { charge_id: refunded.chargeId });
  assert.equal(back.statusCode, 200, back.body);
  // Paid at the PSP with its notification lost: still pending here, the flagged line.
  const unseen = await charge(777);
  s.peer.dropNotifications(true);
  await s.peer.pay(unseen.txid);
  const foreign = await s.peer.payForeignCob("foreigntxid0000000000000000002", 555);
  s.peer.dropNotifications(false);
  Object.assign(ids, {
    refunded: refunded.chargeId,
    named: named.chargeId,
    unseen: unseen.chargeId,
    foreign: foreign.endToEndId,
  });
}

const page = async (url: string) => {
  await ready();
  return getPage(s.svc, session, url);
};
const rows = (body: string) => body.split("<tbody>")[1]?.split("</tbody>")[0]?.split("<tr") ?? [];

test("the day's statement: 3 Pix matched to their charges (linked), 1 unmatched, the refund, totals in R$, and the Pix paid at the PSP but not approved here shown loudly", async () => {
  const charges = await page("/dashboard/charges");
  assert.match(charges.body, /<a href="\/dashboard\/statement">Extrato do dia no PSP →<\/a>/);
  const res = await page("/dashboard/statement");
  assert.equal(res.statusCode, 200, res.body.slice(0, 500));
  const lines = rows(res.body).slice(1);
  assert.equal(lines.length, 4, "four Pix that day");
  for (const id of [ids.refunded, ids.named, ids.unseen]) {
    assert.equal(lines.filter((l) => l.includes(`href="/dashboard/charges/${id}"`)).length, 1, id);
  }
  const stray = lines.find((l) => l.includes(ids.foreign ?? "?")) ?? "";
  assert.match(stray, /Sem cobrança/);
  assert.match(lines.find((l) => l.includes(ids.named ?? "?")) ?? "", /Maria Silva/);
  assert.match(
    lines.find((l) => l.includes(ids.refunded ?? "?")) ?? "",
    /R\$\s10,00<\/span> (devolvida|em processamento)/,
  );
  // Loud: a banner counting the flagged lines, and the row marked in words (not colour alone).
  assert.match(
    res.body,
    /id="flagged"[^>]*>.*1 Pix foi pago no PSP, mas a cobrança dele não está aprovada aqui/s,
  );
  const flagged = lines.filter((l) => l.startsWith(' class="flagged"'));
  assert.equal(flagged.length, 1);
  assert.match(
    flagged[0] ?? "",
    new RegExp(`Atenção: pago no PSP, cobrança não aprovada aqui.*${ids.unseen}`, "s"),
  );
  // Totals: received 10,00 + 20,50 + 7,77 + 5,55; refunded 10,00; net the difference.
  const stat = (id: string) =>
    new RegExp(`id="${id}"><span class="n"><span class="amount">([^<]+)<`).exec(res.body)?.[1];
  assert.equal(stat("total-received"), "R$\u00a043,82");
  assert.equal(stat("total-refunded"), "R$\u00a010,00");
  assert.equal(stat("total-net"), "R$\u00a033,82");
  assert.match(
    res.body,
    /id="total-count"><span class="n">4<\/span><span class="l">Pix recebidos \(1 sem cobrança\)/,
  );
  // A day picker (a GET form) and the day before; today has no next day.
  assert.match(
    res.body,
    /<form class="filters" method="get" action="\/dashboard\/statement"><label>Dia<input type="date" name="date"/,
  );
  assert.match(res.body, /rel="prev">← Dia anterior</);
  assert.doesNotMatch(res.body, /rel="next"/);
});

test("in English the money is R$43.82 and the words are English", async () => {
  const res = await page("/dashboard/statement?lang=en");
  assert.equal(res.statusCode, 200);
  assert.match(res.body, /id="total-received"><span class="n"><span class="amount">R\$43\.82</);
  assert.match(res.body, /1 Pix was paid at the PSP, but its charge is not approved here/);
  assert.match(res.body, /Warning: paid at the PSP, charge not approved here/);
  assert.match(res.body, /Unmatched/);
});

test("an earlier day is its own statement with a next day; a malformed or future day is a 422 page saying so", async () => {
  const earlier = await page("/dashboard/statement?date=2020-01-15");
  assert.equal(earlier.statusCode, 200);
  assert.match(earlier.body, /Nenhum Pix recebido neste dia/);
  assert.match(earlier.body, /href="\/dashboard\/statement\?date=2020-01-16" rel="next"/);
  const bad = await page("/dashboard/statement?date=2020-02-30");
  assert.equal(bad.statusCode, 422);
  assert.match(bad.body, /id="bad-date"[^>]*>Dia inválido: use o formato AAAA-MM-DD/);
  const future = await page("/dashboard/statement?date=2999-01-01&lang=en");
  assert.equal(future.statusCode, 422);
  assert.match(future.body, /The day 2999-01-01 has not begun in São Paulo yet/);
});

test("the PSP unreachable is a clear message on the page (not a 5xx); test mode says the statement is live only", async () => {
  s.peer.failNext("GET /pix", 503, 5);
  const down = await page("/dashboard/statement");
  assert.equal(down.statusCode, 200, down.body.slice(0, 500));
  assert.match(
    down.body,
    /id="psp-failed"[^>]*>.*O seu PSP não respondeu: o extrato não foi lido/s,
  );
  assert.match(down.body, /rel="prev"/, "the other days stay a click away");
  await postForm(s.svc, session, "/dashboard/mode", {
    mode: "test",
    return: "/dashboard",
    _csrf: session.csrf,
  });
  const sandbox = await page("/dashboard/statement");
  assert.equal(sandbox.statusCode, 200);
  assert.match(sandbox.body, /id="live-only">O extrato do PSP existe só em produção/);
  await postForm(s.svc, session, "/dashboard/mode", {
    mode: "live",
    return: "/dashboard",
    _csrf: session.csrf,
  });
});

test("without a PSP connection the page says to connect one, linking the PSP page", async () => {
  await ready();
  const pending = await s.svc.deps.db.query<{ id: string }>(
    "SELECT id FROM charges WHERE account_id = $1 AND mode = 'live' AND status = 'pending'",
    [s.account.accountId],
  );
  for (const { id } of pending) await s.call("POST", "/api/pix/charge/cancel", { charge_id: id });
  const del = await s.call("POST", "/api/pix/provider/delete");
  assert.equal(del.statusCode, 200, del.body);
  const none = await page("/dashboard/statement");
  assert.equal(none.statusCode, 200);
  assert.match(
    none.body,
    /id="no-psp">Para ver o extrato, conecte o seu PSP na página <a href="\/dashboard\/pix-provider">Provedor PIX<\/a>/,
  );
  s.peer.assertNoViolations();
});
