import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { useFileService } from "../helpers/service.ts";

describe("the web layer beside the JSON API", () => {
  const svc = useFileService();

  test("pages carry the security headers: CSP without inline script, no framing, referrer, nosniff", async () => {
    const res = await svc.app.inject({ method: "GET", url: "/dashboard/sign-in" });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers["content-type"]), /^text\/html; charset=utf-8/);
    const csp = String(res.headers["content-security-policy"]);
    assert.match(csp, /script-src 'self'(;|$)/);
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    assert.match(csp, /frame-ancestors 'none'/);
    assert.equal(res.headers["referrer-policy"], "same-origin");
    assert.equal(res.headers["x-content-type-options"], "nosniff");
    assert.doesNotMatch(res.body, /<script>|<script [^>]*>[^<]/, "no inline script");
    assert.doesNotMatch(res.body, / style="/, "no inline style");
  });

  test("the stylesheet and script are files with a content hash in their URL, cached for a year", async () => {
    const pageBody = (await svc.app.inject({ method: "GET", url: "/dashboard/sign-in" })).body;
    const css = /href="(\/assets\/style\.css\?v=[0-9a-f]{12})"/.exec(pageBody)?.[1];
    const js = /src="(\/assets\/app\.js\?v=[0-9a-f]{12})"/.exec(pageBody)?.[1];
    assert.ok(css && js, "the page links both");
    const cssRes = await svc.app.inject({ method: "GET", url: css });
    assert.equal(cssRes.statusCode, 200);
    assert.match(String(cssRes.headers["content-type"]), /^text\/css/);
    assert.match(String(cssRes.headers["cache-control"]), /max-age=31536000/);
    const jsRes = await svc.app.inject({ method: "GET", url: js });
    assert.match(String(jsRes.headers["content-type"]), /^text\/javascript/);
    assert.equal(
      (await svc.app.inject({ method: "GET", url: "/assets/nope.css" })).statusCode,
      404,
    );
  });

  test("the language follows Accept-Language, and ?lang= switches it and is remembered in a cookie", async () => {
    const en = await svc.app.inject({
      method: "GET",
      url: "/dashboard/sign-in",
      headers: { "accept-language": "en-US,en;q=0.9" },
    });
    assert.match(en.body, /<html lang="en">/);
    assert.match(en.body, /Sign in/);
    const pt = await svc.app.inject({ method: "GET", url: "/dashboard/sign-in" });
    assert.match(pt.body, /<html lang="pt-BR">/);
    assert.match(pt.body, /Entrar/);
    const switched = await svc.app.inject({
      method: "GET",
      url: "/dashboard/sign-in?lang=en",
      headers: { "accept-language": "pt-BR" },
    });
    assert.match(switched.body, /Sign in/);
    const cookie = String(switched.headers["set-cookie"]);
    assert.match(cookie, /^lang=en;/);
    assert.match(cookie, /HttpOnly/);
    const remembered = await svc.app.inject({
      method: "GET",
      url: "/dashboard/sign-in",
      headers: { "accept-language": "pt-BR", cookie: "lang=en" },
    });
    assert.match(remembered.body, /Sign in/);
  });

  test("an unknown dashboard path is an HTML not-found page with the page headers", async () => {
    const res = await svc.app.inject({ method: "GET", url: "/dashboard/nope/x" });
    assert.equal(res.statusCode, 404);
    assert.match(String(res.headers["content-type"]), /^text\/html/);
    assert.match(res.body, /Página não encontrada/);
    assert.match(String(res.headers["content-security-policy"]), /frame-ancestors 'none'/);
  });

  test("pages are not API: absent from the route table, so from the manifest and OpenAPI", async () => {
    const urls = svc.app.routeTable.map((r) => r.url);
    assert.ok(
      !urls.some((u) => u.startsWith("/dashboard") || u.startsWith("/assets")),
      urls.join(),
    );
    const openapi = (await svc.app.inject({ method: "GET", url: "/api/openapi.json" })).json();
    assert.ok(!Object.keys(openapi.paths).some((p) => p.startsWith("/dashboard")));
  });

  test("form bodies are parsed for pages only: the JSON API still refuses them with 415", async () => {
    const a = await svc.newAccount();
    const res = await svc.app.inject({
      method: "POST",
      url: "/api/products/create",
      headers: {
        authorization: `Bearer ${a.test}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      payload: "name=x&value=1",
    });
    assert.equal(res.statusCode, 415);
    assert.equal(res.json().success, false);
  });
});
