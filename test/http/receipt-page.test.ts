import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { findCharge } from "../../src/db/queries/charges.ts";
import { paymentOf } from "../../src/domain/receipts/payment-of.ts";
import { receiptToken } from "../../src/domain/receipts/receipt-token.ts";
import { useFileService } from "../helpers/service.ts";

// The receipt page and receiptUrl (issue 35, item 3), through the service as a payer and a
// merchant meet them: a status read hands out the link once paid, the link opens without any
// sign-in, and every other address under /receipt/ is the site's ordinary 404 page.

// The per-IP limit on (so its header shows the page is counted), high enough never to refuse.
const svc = useFileService({ env: { TOSTAO_RATE_LIMIT_PUBLIC: "1000", TOSTAO_WORKERS: "false" } });

const SHOP = "Padaria São João";

async function shop() {
  const a = await svc.newAccount();
  const named = await svc.call("POST", "/api/account/update", {
    token: a.live,
    body: { display_name: SHOP },
  });
  assert.equal(named.statusCode, 200, named.body);
  return a;
}

const pixStatus = async (token: string, id: string) => {
  const res = await svc.call("GET", `/api/pix/charge/status?charge_id=${id}`, { token });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data;
};
const cryptoStatus = async (token: string | undefined, id: string) => {
  const res = await svc.call("GET", `/api/crypto/charge/status?charge_id=${id}`, {
    ...(token ? { token } : {}),
  });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data;
};
const simulatePay = async (token: string, body: Record<string, unknown>) => {
  const res = await svc.call("POST", "/api/pix/charge/simulate-pay", { token, body });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data;
};
/** GETs a page as a stranger would: no cookie, no token, only the headers given. */
const open = (path: string, headers: Record<string, string> = {}) =>
  svc.app.inject({ method: "GET", url: path, headers });
const pathOf = (url: string) => new URL(url).pathname;
const text = (body: string) => body.replace(/\s+/g, " ");

describe("receipt page", () => {
  test("a paid PIX charge's status carries receiptUrl; the page opens for anyone holding it", async () => {
    const a = await shop();
    const created = await svc.call("POST", "/api/pix/charge/create", {
      token: a.test,
      body: { value: 1234.5, title: "Bolo de fubá", description: "Encomenda de sábado" },
    });
    assert.equal(created.statusCode, 200, created.body);
    const c = created.json().data;
    assert.equal(c.receiptUrl, undefined, "the create answer never has one");
    assert.equal((await pixStatus(a.test, c.chargeId)).receiptUrl, undefined, "before payment");

    const paid = await simulatePay(a.test, { charge_id: c.chargeId });
    assert.equal(paid.statusCode, "approved");
    const st = await pixStatus(a.test, c.chargeId);
    assert.match(st.receiptUrl, /^http:\/\/localhost(:\d+)?\/receipt\/pix_[\w-]+\.[\w-]{22}$/);
    // Not the charge id: the link cannot be made from what the payment page shows.
    assert.notEqual(pathOf(st.receiptUrl), `/receipt/${c.chargeId}`);
    assert.equal(
      (await svc.call("GET", "/api/pix/charges", { token: a.test })).json().data.charges[0]
        .receiptUrl,
      undefined,
      "the list stays as it was",
    );

    const res = await open(pathOf(st.receiptUrl));
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers["content-type"]), /^text\/html/);
    assert.equal(res.headers["cache-control"], "private, no-store");
    assert.equal(res.headers["ratelimit-policy"], '"public";q=1000;w=1', "limited per IP");
    const body = text(res.body);
    assert.match(body, /<html lang="pt-BR">/);
    assert.match(body, /Comprovante de pagamento/);
    assert.match(body, /R\$\s1\.234,50/);
    assert.match(body, new RegExp(SHOP));
    assert.match(body, /Bolo de fubá/);
    assert.match(body, /Encomenda de sábado/);
    // The sandbox knows no end-to-end id: the charge id names the payment.
    assert.match(
      body,
      new RegExp(`Código da cobrança</p> <p class="mono receipt-id-value">${c.chargeId}<`),
    );
    assert.match(body, /horário de Brasília/);
    assert.match(body, /data-print/);
    assert.match(body, /Ambiente de testes/);
    // Brazil's time, not the server's: approvedAt in São Paulo (UTC-3, no summer time).
    const at = new Date(st.approvedAt);
    const hh = String((at.getUTCHours() + 21) % 24).padStart(2, "0");
    const mm = String(at.getUTCMinutes()).padStart(2, "0");
    assert.match(body, new RegExp(`${hh}:${mm}:\\d\\d`));

    const en = text(
      (await open(pathOf(st.receiptUrl), { "accept-language": "en-US,en;q=0.9" })).body,
    );
    assert.match(en, /<html lang="en">/);
    assert.match(en, /Payment receipt/);
    assert.match(en, /R\$1,234\.50/);
    assert.match(en, /Charge reference/);
    assert.match(en, /Brasília time/);

    // A PIX payment whose end-to-end id is known (live: the PSP's) is named by it; the column
    // is written here directly, as the live confirmation would.
    const E2E = "E00000000202612021504abcdefghijk";
    await svc.deps.db.query("UPDATE charges SET psp_e2eid = $2 WHERE id = $1", [c.chargeId, E2E]);
    const withE2e = text((await open(pathOf(st.receiptUrl))).body);
    assert.match(
      withE2e,
      new RegExp(`ID da transação Pix \\(E2E\\)</p> <p class="mono receipt-id-value">${E2E}<`),
    );

    // Refunded after payment: still a receipt, shown as refunded.
    const refund = await svc.call("POST", "/api/pix/charge/refund", {
      token: a.test,
      body: { charge_id: c.chargeId },
    });
    assert.equal(refund.statusCode, 200, refund.body);
    const after = await pixStatus(a.test, c.chargeId);
    assert.equal(after.statusCode, "refunded");
    assert.equal(after.receiptUrl, st.receiptUrl);
    const refunded = text((await open(pathOf(st.receiptUrl))).body);
    assert.match(refunded, /data-status="refunded"/);
    assert.match(refunded, /Este pagamento foi devolvido ao pagador/);
  });

  test("a wrong, altered, borrowed, truncated or unpaid receipt address is the site's 404 page", async () => {
    const a = await shop();
    const make = async () => {
      const r = await svc.call("POST", "/api/pix/charge/create", {
        token: a.test,
        body: { value: 5 },
      });
      return r.json().data.chargeId as string;
    };
    const paidId = await make();
    await simulatePay(a.test, { charge_id: paidId });
    const good = pathOf((await pixStatus(a.test, paidId)).receiptUrl);
    const token = good.slice("/receipt/".length);
    const mac = token.slice(token.indexOf(".") + 1);
    const unpaid = await make();
    const flip = (s: string, i: number) =>
      s.slice(0, i) + (s[i] === "A" ? "B" : "A") + s.slice(i + 1);
    const bad = [
      `/receipt/${flip(token, token.length - 3)}`,
      `/receipt/${token.slice(0, -1)}`,
      `/receipt/${unpaid}.${mac}`,
      // A well-made token of a charge not paid: no receipt until it is.
      `/receipt/${receiptToken(svc.deps.receiptKey, unpaid)}`,
      `/receipt/${paidId}`,
      `/receipt/${encodeURIComponent(`${token}/../x`)}`,
      `/receipt/${"x".repeat(95)}`,
      `/receipt/nope.${"A".repeat(22)}`,
      "/receipt/",
    ];
    for (const path of bad) {
      const res = await open(path);
      assert.equal(res.statusCode, 404, `${path}: ${res.statusCode} ${res.body.slice(0, 200)}`);
      assert.match(String(res.headers["content-type"]), /^text\/html/, path);
      assert.match(res.body, /class="flash error"/, `${path}: the ordinary error page`);
      assert.doesNotMatch(res.body, /Comprovante/, path);
    }
    // Longer than the router takes (100 characters a segment): refused before routing, not a 5xx.
    assert.equal((await open(`/receipt/${"x".repeat(300)}`)).statusCode, 414);
    assert.equal((await open(good)).statusCode, 200, "the right one still opens");
  });

  test("a Bitcoin charge paid in the sandbox gets a receipt naming its Lightning payment hash", async () => {
    const a = await shop();
    const create = async () => {
      const r = await svc.call("POST", "/api/crypto/charge/create", {
        token: a.test,
        body: { value: 100, product_name: "Camiseta", customer_email: "maria@example.com" },
      });
      assert.equal(r.statusCode, 200, r.body);
      return r.json().data;
    };
    const ln = await create();
    assert.ok(ln.lightningInvoice, "the sandbox adds a simulated invoice");
    assert.equal((await cryptoStatus(a.test, ln.chargeId)).receiptUrl, undefined);
    await simulatePay(a.test, { charge_id: ln.chargeId, method: "lightning" });
    const st = await cryptoStatus(a.test, ln.chargeId);
    assert.equal(st.paymentMethod, "lightning");
    assert.match(st.receiptUrl, /\/receipt\/BTC-[\w-]+\.[\w-]{22}$/);
    // The public view (the payment page's, by charge id alone) never hands the link out.
    assert.equal((await cryptoStatus(undefined, ln.chargeId)).receiptUrl, undefined);

    const row = await findCharge(svc.deps.db, {
      accountId: a.accountId,
      mode: "test",
      id: ln.chargeId,
    });
    assert.ok(row);
    const payment = await paymentOf(svc.deps.db, row);
    assert.equal(payment.kind, "lightning_payment_hash");
    assert.match(payment.id, /^[0-9a-f]{64}$/);
    assert.equal(payment.amountCents, 10000, "the BRL value");
    assert.deepEqual(payment.paidAt, row.approvedAt);
    const body = text((await open(pathOf(st.receiptUrl))).body);
    assert.match(body, /R\$\s100,00/);
    assert.match(body, /Hash do pagamento Lightning/);
    assert.match(body, new RegExp(payment.id));
    assert.match(body, /Bitcoin \(Lightning\)/);
    assert.match(body, new RegExp(SHOP));

    // Paid on-chain: the transaction bitcoin_address_payments attributed to it names it, else
    // (an address only this charge held) the charge id.
    const chain = await create();
    await simulatePay(a.test, { charge_id: chain.chargeId });
    const chainRow = await findCharge(svc.deps.db, {
      accountId: a.accountId,
      mode: "test",
      id: chain.chargeId,
    });
    assert.ok(chainRow);
    assert.equal((await paymentOf(svc.deps.db, chainRow)).kind, "charge_id");
    const txid = "ef".repeat(32);
    await svc.deps.db.query(
      `INSERT INTO bitcoin_address_payments (account_id, mode, address, txid, value_sats, charge_id, seen_at)
       VALUES ($1, 'test', $2, $3, 28571, $4, now())`,
      [a.accountId, chain.address, txid, chain.chargeId],
    );
    assert.deepEqual(
      [(await paymentOf(svc.deps.db, chainRow)).kind, (await paymentOf(svc.deps.db, chainRow)).id],
      ["bitcoin_txid", txid],
    );
    // Scoped by account and mode: the same row under another account's key is not this one's.
    const other = await svc.newAccount();
    assert.equal(
      (await paymentOf(svc.deps.db, { ...chainRow, accountId: other.accountId })).kind,
      "charge_id",
    );
    const chainPage = text(
      (await open(pathOf((await cryptoStatus(a.test, chain.chargeId)).receiptUrl))).body,
    );
    assert.match(chainPage, /Transação Bitcoin \(txid\)/);
    assert.match(chainPage, new RegExp(txid));
  });
});
