import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestService } from "../helpers/service.ts";

// A typed wrong address is a page with a way back, in the visitor's language; the API, and any
// client that asks for JSON or carries a bearer token, keeps the JSON envelope.

const file = useTestService();

test("an unknown /dashboard or page path answers an HTML 404 with a way back; /api keeps the JSON envelope", async () => {
  const { svc } = file;
  const dash = await svc.app.inject({ method: "GET", url: "/dashboard/nope/deeper?x=1" });
  assert.equal(dash.statusCode, 404);
  assert.match(String(dash.headers["content-type"]), /^text\/html/);
  assert.match(String(dash.headers["content-security-policy"]), /default-src/);
  assert.match(dash.body, /<html lang="pt-BR"/);
  assert.match(dash.body, /Página não encontrada/);
  assert.match(dash.body, /href="\/dashboard"/, "back to the dashboard");

  const pay = await svc.app.inject({
    method: "GET",
    url: "/pay/xyz/whatever",
    headers: { "accept-language": "en-US,en;q=0.9", accept: "text/html,*/*" },
  });
  assert.equal(pay.statusCode, 404);
  assert.match(String(pay.headers["content-type"]), /^text\/html/);
  assert.match(pay.body, /Page not found/);
  assert.match(pay.body, /<a class="button secondary" href="\/docs">/, "a way home");

  const cookieLang = await svc.app.inject({
    method: "GET",
    url: "/whatever",
    cookies: { lang: "en" },
  });
  assert.match(cookieLang.body, /Page not found/, "the lang cookie is honoured");

  const api = await svc.app.inject({
    method: "GET",
    url: "/api/nope",
    headers: { accept: "text/html" },
  });
  assert.equal(api.statusCode, 404);
  assert.match(String(api.headers["content-type"]), /application\/json/);
  assert.deepEqual(api.json(), { success: false, error: "route not found: GET /api/nope" });

  const machine = await svc.app.inject({
    method: "GET",
    url: "/pay/xyz/whatever",
    headers: { accept: "application/json" },
  });
  assert.match(String(machine.headers["content-type"]), /application\/json/, "a JSON-only client");
  const bearer = await svc.app.inject({
    method: "GET",
    url: "/pix/charges",
    headers: { authorization: "Bearer svc_test_x" },
  });
  assert.equal(bearer.json().success, false, "a bearer token means an API client");
  const metrics = await svc.app.inject({ method: "GET", url: "/metrics" });
  assert.equal(metrics.json().success, false, "/metrics off is the API's 404");
});
