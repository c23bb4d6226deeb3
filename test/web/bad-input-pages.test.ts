import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { addUser, signInInject } from "../helpers/dashboard.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// Pages refuse bad input as the JSON API does: a body the multipart parser cannot read, or text
// the database cannot store (a NUL byte) in a form field, the query or a path id, is a 400 page
// with a message, and nothing is logged as an error (no stack trace per request). A fuzz-ish
// table: every page POST, and every page with an id in its path.

const POSTS = [
  "/dashboard/sign-in",
  "/dashboard/setup",
  "/checkout/prod_x",
  "/pay/ch_x/simulate",
  "/mail/unsubscribe",
  "/dashboard/sign-out",
  "/dashboard/sign-out-everywhere",
  "/dashboard/mode",
  "/dashboard/account/invite",
  "/dashboard/account/password",
  "/dashboard/account/users/usr_x/remove",
  "/dashboard/account/users/usr_x/role",
  "/dashboard/account/require-two-factor",
  "/dashboard/account/reset-test",
  "/dashboard/charges",
  "/dashboard/charges/ch_x/deliveries/dlv_x/redeliver",
  "/dashboard/keys",
  "/dashboard/keys/tok_x/revoke",
  "/dashboard/counter",
  "/dashboard/counter/ctr_x/revoke",
  "/counter/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/sale",
  "/dashboard/products",
  "/dashboard/products/prod_x/archive",
  "/dashboard/pix-provider",
  "/dashboard/pix-provider/delete",
  "/dashboard/wallet",
  "/dashboard/wallet/preview",
  "/dashboard/webhooks",
  "/dashboard/webhooks/wh_x/delete",
  "/dashboard/webhooks/wh_x/test",
  "/dashboard/webhooks/wh_x/deliveries/dlv_x/redeliver",
];

const ID_PAGES = [
  "/pay/ch_%00x",
  "/checkout/prod_%00x",
  "/receipt/pix_%00x.AAAAAAAAAAAAAAAAAAAAAA",
  "/poster/qr_%00x",
  "/counter/%00x",
  "/counter/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/status?charge_id=pix_%00x",
  "/mail/unsubscribe?a=acct_x&m=test&e=a%00@b.example&t=x",
  "/dashboard/charges/ch_%00x",
  "/dashboard/charges/ch_%00x/status",
  "/dashboard/webhooks/wh_%00x",
  "/dashboard/charges?status=pending%00",
  "/dashboard/statement?date=2026-01-01%00",
  "/dashboard/sign-in?next=%2Fdashboard%00",
];

const BOUNDARY = "----tostao";
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
const BAD_MULTIPART: Array<[string, string, string]> = [
  [
    "a truncated multipart body",
    MULTIPART,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\nowner@exam`,
  ],
  ["a multipart body without a boundary", "multipart/form-data", "email=a&password=b"],
  [
    "a part header without its blank line",
    MULTIPART,
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"`,
  ],
];

let svc: TestService;
const lines: string[] = [];
let session: { cookie: string; csrf: string };
before(async () => {
  svc = await startTestService({
    env: { LOG_LEVEL: "info", TOSTAO_WORKERS: "false" },
    logStream: { write: (line) => void lines.push(line) },
  });
  const a = await svc.newAccount();
  await addUser(svc, a.accountId, "owner@example.com");
  session = await signInInject(svc, "owner@example.com");
});
after(() => svc.close());

const errorLines = () => lines.filter((l) => (JSON.parse(l) as { level: number }).level >= 50);

function post(url: string, contentType: string, payload: string) {
  return svc.app.inject({
    method: "POST",
    url,
    headers: { "content-type": contentType, origin: "http://localhost:80" },
    cookies: { tostao_session: session.cookie },
    payload,
  });
}

describe("pages refuse bad input with 400, never 500", () => {
  for (const [what, contentType, payload] of BAD_MULTIPART) {
    test(`${what} on every page POST is a 400 page with a message, and no error is logged`, async () => {
      const before = errorLines().length;
      for (const url of POSTS) {
        const res = await post(url, contentType, payload);
        assert.equal(res.statusCode, 400, `${url}: ${res.body.slice(0, 300)}`);
        assert.match(String(res.headers["content-type"]), /^text\/html/, url);
        assert.match(res.body, /body: not a complete multipart\/form-data body/, url);
      }
      assert.deepEqual(errorLines().slice(before), []);
    });
  }

  test("a NUL byte in any field of any page form is a 400 page naming the field, and nothing reaches the database", async () => {
    const before = errorLines().length;
    const fields = new URLSearchParams({
      _csrf: session.csrf,
      email: "owner@example.com\u0000",
      password: "x\u0000",
      name: "Ebook\u0000",
      value: "10,00",
      url: "https://example.com/\u0000",
      label: "k\u0000",
      code: "c\u0000",
    }).toString();
    for (const url of POSTS) {
      const res = await post(url, "application/x-www-form-urlencoded", fields);
      assert.equal(res.statusCode, 400, `${url}: ${res.body.slice(0, 300)}`);
      assert.match(res.body, /: must be text without NUL/, url);
    }
    // A multipart form (the PSP connection's) is held to the same rule.
    const mp = await post(
      "/dashboard/pix-provider",
      MULTIPART,
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="client_id"\r\n\r\nabc\u0000\r\n--${BOUNDARY}--\r\n`,
    );
    assert.equal(mp.statusCode, 400, mp.body.slice(0, 300));
    assert.match(mp.body, /client_id: must be text without NUL/);
    assert.deepEqual(errorLines().slice(before), []);
  });

  test("a NUL byte in a page's path id or query is a 400 page, and nothing reaches the database", async () => {
    const before = errorLines().length;
    for (const url of ID_PAGES) {
      const res = await svc.app.inject({
        method: "GET",
        url,
        cookies: { tostao_session: session.cookie },
      });
      assert.equal(res.statusCode, 400, `${url}: ${res.body.slice(0, 300)}`);
      assert.match(res.body, /must be text without NUL/, url);
    }
    assert.deepEqual(errorLines().slice(before), []);
  });

  test("a NUL byte in an API path id or query is a 400 envelope before the database", async () => {
    const a = await svc.newAccount();
    for (const url of [
      "/api/pix/charge/status?charge_id=ch_%00x",
      "/api/crypto/charge/status?charge_id=ch_%00x",
      "/api/events?type=charge.%00",
    ]) {
      const res = await svc.call("GET", url, { token: a.test });
      assert.equal(res.statusCode, 400, `${url}: ${res.body}`);
      assert.match(res.json().error ?? "", /must be text without NUL/, url);
    }
  });

  test("a well-formed multipart form still arrives as fields", async () => {
    const res = await post(
      "/dashboard/sign-in",
      MULTIPART,
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="email"\r\n\r\nowner@example.com\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="password"\r\n\r\ncorrect horse battery staple\r\n--${BOUNDARY}--\r\n`,
    );
    assert.equal(res.statusCode, 303, res.body.slice(0, 300));
  });
});
