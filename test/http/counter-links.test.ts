import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { describe, test } from "node:test";
import { manualClock } from "../../src/kernel/clock.ts";
import { useFileService } from "../helpers/service.ts";

// Counter links (docs/counter.md, "The counter"): a device link for a cashier's phone that makes
// dynamic Pix charges at the counter and reads only their status; not an API key.

const clock = manualClock();
const svc = useFileService({ clock });

const create = (token: string, body: unknown, headers?: Record<string, string>) =>
  svc.call("POST", "/api/counter-links/create", { token, body, ...(headers ? { headers } : {}) });
const revoke = (token: string, id: string) =>
  svc.call("POST", "/api/counter-links/revoke", { token, body: { counter_link_id: id } });

/** Posts the keypad's form as the page does (same origin). */
function sell(path: string, amount: string, origin?: string) {
  return svc.app.inject({
    method: "POST",
    url: `${path}/sale`,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      ...(origin ? { origin } : {}),
    },
    payload: `amount=${encodeURIComponent(amount)}`,
  });
}

async function newLink(token: string, label = "Caixa 1") {
  const res = await create(token, { label });
  assert.equal(res.statusCode, 200, res.body);
  const link = res.json().data;
  return { link, path: new URL(link.url).pathname, secret: new URL(link.url).pathname.slice(9) };
}

async function saleOf(path: string, amount: string) {
  const res = await sell(path, amount);
  assert.equal(res.statusCode, 303, res.body);
  const location = String(res.headers.location);
  return { location, chargeId: location.split("/").pop() ?? "" };
}

describe("counter links", () => {
  test("create answers the url once (a 32-byte base64url secret), stored only as its SHA-256; list never shows it", async () => {
    const { test: token, accountId } = await svc.newAccount();
    const { link, secret } = await newLink(token, "Caixa 1");
    assert.match(link.counterLinkId, /^ctr_[0-9a-z]{26}$/);
    assert.equal(link.label, "Caixa 1");
    assert.equal(link.livemode, false);
    assert.equal(link.revokedAt, null);
    assert.match(secret, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(Buffer.from(secret, "base64url").length, 32);

    const rows = await svc.deps.db.query<Record<string, unknown>>(
      "SELECT * FROM counter_links WHERE account_id = $1",
      [accountId],
    );
    assert.equal(rows.length, 1);
    assert.equal(rows[0]?.secret_hash, createHash("sha256").update(secret).digest("hex"));
    assert.ok(!JSON.stringify(rows).includes(secret), "the secret itself is stored nowhere");

    clock.advance(1); // the list is newest first
    await newLink(token, "Caixa 2");
    const list = await svc.call("GET", "/api/counter-links/list?limit=1", { token });
    assert.equal(list.statusCode, 200, list.body);
    assert.deepEqual(
      list.json().data.counterLinks.map((l: { label: string }) => l.label),
      ["Caixa 2"],
    );
    assert.equal(list.json().data.hasMore, true);
    assert.ok(!list.body.includes(secret));
    assert.equal(list.json().data.counterLinks[0].url, undefined);
  });

  test("a live token makes a live link; the list is of the caller's mode", async () => {
    const { test: testToken, live } = await svc.newAccount();
    const { link } = await newLink(live, "Loja");
    assert.equal(link.livemode, true);
    const list = await svc.call("GET", "/api/counter-links/list", { token: testToken });
    assert.deepEqual(list.json().data.counterLinks, []);
  });

  test("the secret is not an API key: as a Bearer token on /api/* it answers 401", async () => {
    const { test: token } = await svc.newAccount();
    const { secret } = await newLink(token);
    for (const url of ["/api/pix/charges", "/api/counter-links/list"]) {
      const res = await svc.call("GET", url, { token: secret });
      assert.equal(res.statusCode, 401, `${url}: ${res.body}`);
    }
    const made = await svc.call("POST", "/api/pix/charge/create", {
      token: secret,
      body: { value: 1, title: "x" },
    });
    assert.equal(made.statusCode, 401);
  });

  test("the counter makes a dynamic charge in the link's account naming the link, and reads its status until paid", async () => {
    const { test: token } = await svc.newAccount();
    const { link, path } = await newLink(token, "Caixa 3");
    const page = await svc.call("GET", path);
    assert.equal(page.statusCode, 200);
    assert.match(String(page.headers["cache-control"]), /no-store/);
    assert.ok(page.body.includes("Cobrar"));
    assert.ok(
      (await svc.call("GET", path, { headers: { "accept-language": "en" } })).body.includes(
        "Charge",
      ),
    );

    const { location, chargeId } = await saleOf(path, "25,00");
    assert.equal(location, `${path}/sale/${chargeId}`);
    const charge = (
      await svc.call("GET", `/api/pix/charge/status?charge_id=${chargeId}`, { token })
    ).json().data;
    assert.equal(charge.value, 25);
    assert.equal(charge.title, "Venda no balcão — Caixa 3");
    const [stored] = await svc.deps.db.query<{ counter_link_id: string }>(
      "SELECT counter_link_id FROM charges WHERE id = $1",
      [chargeId],
    );
    assert.equal(stored?.counter_link_id, link.counterLinkId, "the charge names its link");
    assert.equal(charge.statusCode, "pending");

    const salePage = await svc.call("GET", location);
    assert.equal(salePage.statusCode, 200);
    assert.ok(salePage.body.includes(charge.brCode), "the copy-and-paste code is shown");
    assert.ok(salePage.body.includes("<svg"), "and its QR");

    const status = () => svc.call("GET", `${path}/status?charge_id=${chargeId}`);
    assert.equal((await status()).json().data.statusCode, "pending");
    const paid = await svc.call("POST", "/api/pix/charge/simulate-pay", {
      token,
      body: { charge_id: chargeId },
    });
    assert.equal(paid.statusCode, 200, paid.body);
    assert.equal((await status()).json().data.statusCode, "approved");

    // Today's sales list it, paid.
    const keypad = await svc.call("GET", path);
    assert.ok(keypad.body.includes(`data-sale="${chargeId}"`));
    assert.ok(keypad.body.includes("Pago"));
  });

  test("the counter cannot read another charge, nor another link's", async () => {
    const { test: token } = await svc.newAccount();
    const a = await newLink(token, "A");
    const b = await newLink(token, "B");
    const api = await svc.call("POST", "/api/pix/charge/create", {
      token,
      body: { value: 3, title: "API" },
    });
    const apiCharge = api.json().data.chargeId;
    const { chargeId: bSale } = await saleOf(b.path, "4");
    for (const id of [apiCharge, bSale, "pix_00000000000000000000000000", "nope"]) {
      assert.equal((await svc.call("GET", `${a.path}/status?charge_id=${id}`)).statusCode, 404, id);
      assert.equal((await svc.call("GET", `${a.path}/sale/${id}`)).statusCode, 404, id);
    }
  });

  test("bad amounts are refused on the page (422), never a charge; a foreign Origin is 403", async () => {
    const { test: token } = await svc.newAccount();
    const { path } = await newLink(token);
    for (const amount of ["", "0", "0,00", "abc", "1,234", "-5", "99999999999"]) {
      const res = await sell(path, amount);
      assert.equal(res.statusCode, 422, `${amount}: ${res.statusCode}`);
    }
    const foreign = await sell(path, "10,00", "https://evil.example");
    assert.equal(foreign.statusCode, 403);
    const list = await svc.call("GET", "/api/pix/charges", { token });
    assert.deepEqual(list.json().data.charges, []);
  });

  test("once revoked, every counter path answers 404; revoking twice keeps the first moment", async () => {
    const { test: token } = await svc.newAccount();
    const { link, path } = await newLink(token);
    const { chargeId } = await saleOf(path, "12,34");
    const first = await revoke(token, link.counterLinkId);
    assert.equal(first.statusCode, 200, first.body);
    assert.ok(first.json().data.revokedAt);
    clock.advance(1000);
    const again = await revoke(token, link.counterLinkId);
    assert.equal(again.json().data.revokedAt, first.json().data.revokedAt);
    for (const p of [path, `${path}/sale/${chargeId}`, `${path}/status?charge_id=${chargeId}`]) {
      assert.equal((await svc.call("GET", p)).statusCode, 404, p);
    }
    assert.equal((await sell(path, "1,00")).statusCode, 404);
    assert.equal((await svc.call("GET", "/counter/not-a-secret")).statusCode, 404);
    const other = await svc.newAccount();
    assert.equal((await revoke(other.test, link.counterLinkId)).statusCode, 404);
  });

  test("a create retried under its Idempotency-Key answers the same link", async () => {
    const { test: token } = await svc.newAccount();
    const h = { "idempotency-key": "ctr-1" };
    const one = await create(token, { label: "Caixa" }, h);
    const two = await create(token, { label: "Caixa" }, h);
    assert.equal(two.statusCode, 200, two.body);
    assert.equal(two.json().data.url, one.json().data.url);
    const list = await svc.call("GET", "/api/counter-links/list", { token });
    assert.equal(list.json().data.counterLinks.length, 1);
  });
});
