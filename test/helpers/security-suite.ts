import assert from "node:assert/strict";
import { test } from "node:test";
import type { TestService } from "./service.ts";

/**
 * The shared authentication cases, generated for every route whose policy requires a token:
 * each way of not being authenticated is a 401 envelope, on every route, with no exceptions;
 * and on routes where a token is optional, a token sent but not valid is a 401 as well.
 */
export function securitySuite(getSvc: () => TestService): void {
  test("every token-protected route refuses each unauthenticated caller with a 401 envelope", async () => {
    const svc = getSvc();
    const routes = svc.app.routeTable.filter((r) => r.auth === "required");
    assert.ok(routes.length >= 3, "routes were registered");

    const a = await svc.newAccount();
    const revoked = (
      await svc.call("POST", "/api/auth/token/create", { token: a.live, body: { label: "r" } })
    ).json().data;
    await svc.call("POST", "/api/auth/token/revoke", { token: a.live, body: { id: revoked.id } });

    const unknownButWellFormed = `svc_test_${"A".repeat(42)}`;
    const cases: Array<[string, Record<string, string>]> = [
      ["no header", {}],
      ["empty header", { authorization: "" }],
      ["wrong scheme", { authorization: `Basic ${Buffer.from("a:b").toString("base64")}` }],
      ["bearer without token", { authorization: "Bearer " }],
      ["malformed token", { authorization: "Bearer svc_test_short" }],
      [
        "bad checksum",
        { authorization: `Bearer ${a.test.slice(0, -1)}${a.test.endsWith("A") ? "B" : "A"}` },
      ],
      ["unknown token", { authorization: `Bearer ${unknownButWellFormed}` }],
      ["revoked token", { authorization: `Bearer ${revoked.token}` }],
    ];
    // Routes where the token is optional (the public checkout) serve callers without one, but a
    // token that is sent must be valid: every case but "no header" is a 401 there too.
    /** The route called with these headers (an empty JSON body on a POST). */
    const callRoute = (route: { method: string; url: string }, headers: Record<string, string>) =>
      svc.app.inject({
        method: route.method as "GET" | "POST",
        url: route.url,
        headers: { ...headers, "content-type": "application/json" },
        ...(route.method === "POST" ? { payload: "{}" } : {}),
      });
    const optional = svc.app.routeTable.filter((r) => r.auth === "optional");
    assert.ok(optional.length >= 3, "the public checkout routes were registered");
    for (const route of optional) {
      for (const [name, headers] of cases.slice(1)) {
        const res = await callRoute(route, headers);
        assert.equal(res.statusCode, 401, `${route.method} ${route.url} with ${name}`);
        assert.match(JSON.parse(res.body).error, /^authorization: /);
      }
    }
    for (const route of routes) {
      for (const [name, headers] of cases) {
        const res = await callRoute(route, headers);
        assert.equal(res.statusCode, 401, `${route.method} ${route.url} with ${name}`);
        const body = JSON.parse(res.body);
        assert.equal(body.success, false);
        assert.match(body.error, /^authorization: /);
      }
      // And a valid token gets past authentication on the same route.
      const ok = await svc.app.inject({
        method: route.method as "GET" | "POST",
        url: route.url,
        headers: { authorization: `Bearer ${a.live}`, "content-type": "application/json" },
        ...(route.method === "POST" ? { payload: "{}" } : {}),
      });
      assert.notEqual(ok.statusCode, 401, `${route.method} ${route.url} with a valid token`);
      assert.ok(ok.statusCode < 500, `${route.method} ${route.url} never 5xx`);
    }
  });
}
