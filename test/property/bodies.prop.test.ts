import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import fc from "fast-check";
import { startTestService, type TestService } from "../helpers/service.ts";

// Whatever a client sends, the answer is an envelope with a 2xx or 4xx status: never a 5xx,
// never a crash. Runs every POST route with random JSON, random bytes and random headers.

let svc: TestService;
let token: string;
before(async () => {
  svc = await startTestService();
  token = (await svc.newAccount()).live;
});
after(() => svc.close());

// Every /api answer in JSON is the envelope; the few routes that answer another format
// (/mcp speaks JSON-RPC, the guide Markdown, the QR route PNG, /api/openapi.json the OpenAPI
// document, /docs and its assets the reference page) are held to "never a 5xx" only.
const NOT_ENVELOPE = new Set([
  "/mcp",
  "/docs",
  "/api/openapi.json",
  "/api/integrations/mcp/guide",
  "/api/crypto/charge/qr",
  // A due-date charge's location (a JWS) and the keys that verify it, read by a payer's bank.
  "/cobv-keys/jwks.json",
  "/cobv/:pixUrlAccessToken",
  // The CSV exports answer text/csv (their refusals are the usual JSON envelope).
  "/api/pix/charges/export",
  "/api/crypto/charges/export",
]);

function assertEnvelope(res: { statusCode: number; body: string }, what: string, url = "") {
  assert.ok(res.statusCode < 500, `${what}: ${res.statusCode} ${res.body}`);
  const notEnvelope = NOT_ENVELOPE.has(url) || url.startsWith("/docs/");
  if (notEnvelope && res.statusCode < 400) return;
  if (url === "/mcp") return;
  const body = JSON.parse(res.body);
  assert.equal(typeof body.success, "boolean", what);
  if (!body.success) assert.equal(typeof body.error, "string", what);
}

test("random JSON bodies on every POST route never yield a 5xx", async () => {
  const posts = svc.app.routeTable.filter((r) => r.method === "POST");
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...posts), fc.jsonValue(), async (route, value) => {
      const res = await svc.app.inject({
        method: "POST",
        url: route.url,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        payload: JSON.stringify(value),
      });
      assertEnvelope(res, `${route.url} ${JSON.stringify(value)}`, route.url);
    }),
    { numRuns: 300 },
  );
});

test("random bytes and content types never yield a 5xx", async () => {
  const posts = svc.app.routeTable.filter((r) => r.method === "POST");
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...posts),
      fc.uint8Array({ maxLength: 200 }),
      fc.constantFrom(
        "application/json",
        "text/plain",
        "application/octet-stream",
        "application/json; charset=latin1",
        "",
      ),
      fc.option(fc.string({ maxLength: 300 }), { nil: undefined }),
      async (route, bytes, type, key) => {
        const headers: Record<string, string> = { authorization: `Bearer ${token}` };
        if (type) headers["content-type"] = type;
        if (key !== undefined && /^[\x20-\x7e]*$/.test(key)) headers["idempotency-key"] = key;
        const res = await svc.app.inject({
          method: "POST",
          url: route.url,
          headers,
          payload: Buffer.from(bytes),
        });
        assertEnvelope(res, `${route.url} ${type}`, route.url);
      },
    ),
    { numRuns: 300 },
  );
});

test("random query strings on every GET route never yield a 5xx", async () => {
  const gets = svc.app.routeTable.filter((r) => r.method === "GET");
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...gets),
      fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 30 })),
      async (route, q) => {
        const qs = new URLSearchParams(q).toString();
        const res = await svc.app.inject({
          method: "GET",
          url: `${route.url}?${qs}`,
          headers: { authorization: `Bearer ${token}` },
        });
        assertEnvelope(res, `${route.url}?${qs}`, route.url);
      },
    ),
    { numRuns: 200 },
  );
});
