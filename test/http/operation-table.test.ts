import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { LIST_TOOLS_OPERATION } from "../../src/mcp/tools-operation.ts";
import { OPERATIONS } from "../../src/operations/index.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// Issue 33: every /api/ route is an entry of the operation table, made by its one registrar, so
// its schema, scope, idempotency and MCP tool cannot drift from the rest. By hand stays only what
// is no operation: what the PSP calls, an image, the bridge's call (which runs the tools) and the
// documents about the API itself. A route added by hand under /api/ fails here, naming it.

const BY_HAND = [
  "GET /api/crypto/charge/qr",
  "GET /api/integrations/mcp/guide",
  "GET /api/integrations/mcp/manifest",
  "GET /api/openapi.json",
  "POST /api/integrations/mcp/call",
  "POST /api/pix/psp/notify/:hookId",
  "POST /api/pix/psp/notify/:hookId/cobr",
  "POST /api/pix/psp/notify/:hookId/pix",
  "POST /api/pix/psp/notify/:hookId/rec",
];

let svc: TestService;
before(async () => {
  svc = await startTestService({ env: { TOSTAO_WORKERS: "false" } });
});
after(async () => {
  await svc.close();
});

test("every /api/ route is an operation of the table but the PSP's notifications, the QR image, the bridge's call and the documents", () => {
  const table = new Set(
    [...OPERATIONS, LIST_TOOLS_OPERATION].map((op) => `${op.method} ${op.path}`),
  );
  const api = svc.app.routeTable
    .filter((r) => r.url.startsWith("/api/"))
    .map((r) => `${r.method} ${r.url}`);
  assert.deepEqual(api.filter((r) => !table.has(r)).sort(), BY_HAND);
  // And every entry is registered: none is left to a hand-made route elsewhere.
  assert.deepEqual(
    [...table].filter((r) => !api.includes(r)),
    [],
  );
});
