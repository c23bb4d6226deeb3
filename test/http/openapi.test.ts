import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, test } from "node:test";
import { promisify } from "node:util";
import fastifySwagger from "@fastify/swagger";
import Fastify from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { z } from "zod";
import { openApiOptions } from "../../src/documents/openapi.ts";
import { EVENT_TYPES } from "../../src/domain/charges/charge-status.ts";
import {
  openApiPath,
  publicRoutes,
  type RouteConfig,
  type RouteEntry,
  routeEntry,
  schemaOf,
} from "../../src/route-table.ts";
import { startFakeEsplora } from "../helpers/fake-chain.ts";
import { CALLS, type Ctx, closeCallsPeer } from "../helpers/schema-suite.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// The served OpenAPI document is what client generators and reference tools consume: it must
// pass Redocly's recommended rules with nothing to report, name every operation, and describe
// every route of the route table (so a new route is documented without anyone listing it).

const run = promisify(execFile);
let svc: TestService;
let chain: Awaited<ReturnType<typeof startFakeEsplora>>;
let doc: any;
let dir: string;
before(async () => {
  chain = await startFakeEsplora();
  svc = await startTestService({
    // Webhook URLs resolve to a public address and nothing is delivered.
    lookup: async () => [{ address: "93.184.216.34", family: 4 }],
    env: {
      TOSTAO_BASE_URL: "http://127.0.0.1:3000",
      TOSTAO_ESPLORA_URL_TESTNET: chain.url,
      TOSTAO_WORKERS: "false",
      // The provider route's PSP is a local peer.
      TOSTAO_WEBHOOK_ALLOW_HOSTS: "localhost",
    },
  });
  doc = JSON.parse((await svc.call("GET", "/api/openapi.json")).body);
  dir = mkdtempSync(join(tmpdir(), "tostao-openapi-"));
});
after(async () => {
  await closeCallsPeer();
  await svc.close();
  await chain.close();
  rmSync(dir, { recursive: true, force: true });
});

const operations = () =>
  Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );

describe("the OpenAPI document", () => {
  test("passes `redocly lint` with the recommended rules: 0 errors, 0 warnings", async () => {
    const file = join(dir, "openapi.json");
    writeFileSync(file, JSON.stringify(doc));
    // The CLI from node_modules, offline: no telemetry, no update check.
    const { stdout } = await run(
      join("node_modules", ".bin", "redocly"),
      ["lint", file, "--config", "redocly.yaml", "--format=json"],
      {
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: "off",
          REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
        },
        maxBuffer: 16 * 1024 * 1024,
      },
    ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? "" }));
    const report = JSON.parse(stdout) as {
      totals: { errors: number; warnings: number };
      problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
    };
    const problems = report.problems.map(
      (p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`,
    );
    assert.deepEqual(problems, [], "redocly lint problems");
    assert.equal(report.totals.errors, 0);
    assert.equal(report.totals.warnings, 0);
  });

  test("every route the documents show has an operationId, unique, named for what it does", () => {
    const missing = publicRoutes(svc.app.routeTable)
      .filter((r) => !schemaOf(r).operationId)
      .map(
        (r) =>
          `${r.method} ${r.url}: add schema.operationId, a camelCase verb phrase such as createPixCharge (or schema.hide: true for an HTML page)`,
      );
    assert.deepEqual(missing, []);
    const ids = operations().map((o) => o.op.operationId as string);
    assert.equal(new Set(ids).size, ids.length, "operationIds are unique");
    for (const id of ids) assert.match(id, /^[a-z]+[A-Za-z0-9]*$/, id);
  });

  test("describes every route of the route table, with /docs and /metrics, and no hidden page", () => {
    const documented = new Set(operations().map((o) => `${o.method.toUpperCase()} ${o.path}`));
    const routes = publicRoutes(svc.app.routeTable).map((r) => `${r.method} ${openApiPath(r.url)}`);
    assert.deepEqual(
      routes.filter((r) => !documented.has(r)),
      [],
      "routes missing from the document: register them inside the app.register block after registerApiReference in src/http/app.ts",
    );
    assert.deepEqual([...documented].sort(), [...routes, "GET /docs", "GET /metrics"].sort());
    for (const path of ["/healthz", "/readyz", "/docs", "/metrics"]) assert.ok(doc.paths[path]);
    assert.ok(!Object.keys(doc.paths).some((p) => p.startsWith("/docs/")), "assets are hidden");
  });

  test("security: none on public routes, the bearer token (with its scope) elsewhere, either on checkout routes", () => {
    for (const r of publicRoutes(svc.app.routeTable)) {
      const op = doc.paths[openApiPath(r.url)][r.method.toLowerCase()];
      const scopes = r.scope ? [r.scope] : [];
      const expected =
        r.auth === "required"
          ? [{ bearer: scopes }]
          : r.auth === "optional"
            ? [{ bearer: scopes }, {}]
            : [];
      assert.deepEqual(op.security, expected, `${r.method} ${r.url}`);
      if (r.auth !== "none") assert.ok(op.responses["401"], `${r.method} ${r.url} 401`);
    }
  });

  test("errors are the envelope; writes take Idempotency-Key and answer Idempotent-Replayed; 429 has Retry-After", () => {
    assert.deepEqual(doc.components.schemas.Error.required, ["success", "error"]);
    assert.ok(doc.components.responses.RateLimited.headers["Retry-After"]);
    for (const { path, method, op } of operations()) {
      assert.ok(op.responses["429"], `${method} ${path} 429`);
      for (const [status, res] of Object.entries(op.responses as Record<string, any>)) {
        if (Number(status) >= 400 && res.$ref)
          assert.match(res.$ref, /^#\/components\/responses\//);
      }
    }
    const create = doc.paths["/api/pix/charge/create"].post;
    assert.ok(
      create.parameters.some((p: any) => p.name === "Idempotency-Key" && p.in === "header"),
    );
    assert.ok(create.responses["200"].headers["Idempotent-Replayed"]);
    assert.ok(create.responses["200"].headers.RateLimit);
    for (const s of ["400", "401", "403", "409", "413", "415", "422", "429", "500", "503"]) {
      assert.ok(create.responses[s], `createPixCharge answers ${s}`);
    }
    const status = doc.paths["/api/pix/charge/status"].get;
    assert.ok(!(status.parameters ?? []).some((p: any) => p.name === "Idempotency-Key"));
    assert.ok(status.responses["404"]);
  });

  test("the QR route answers image/png; the guide Markdown", () => {
    const qr = doc.paths["/api/crypto/charge/qr"].get.responses["200"].content;
    assert.deepEqual(Object.keys(qr), ["image/png"]);
    const guide = doc.paths["/api/integrations/mcp/guide"].get.responses["200"].content;
    assert.deepEqual(Object.keys(guide), ["text/markdown"]);
  });

  test("webhooks: every event with its body and both signature schemes' headers", () => {
    assert.deepEqual(Object.keys(doc.webhooks).sort(), [...EVENT_TYPES].sort());
    for (const event of EVENT_TYPES) {
      const op = doc.webhooks[event].post;
      const body = op.requestBody.content["application/json"].schema;
      assert.deepEqual(body.required, ["id", "event", "timestamp", "data"]);
      assert.equal(body.properties.event.const, event);
      const headers = op.parameters.map((p: any) => p.name);
      for (const h of [
        "X-Service-Signature",
        "webhook-id",
        "webhook-timestamp",
        "webhook-signature",
      ]) {
        assert.ok(headers.includes(h), `${event}: ${h}`);
      }
    }
  });

  test("every operation documented with Idempotency-Key replays: same key, Idempotent-Replayed, same bytes", async () => {
    const a = await svc.newAccount();
    const data: Ctx["data"] = async (method, url, token, body) => {
      const res = await svc.call(method, url, { token, ...(body ? { body } : {}) });
      assert.equal(res.statusCode, 200, `setup ${method} ${url}: ${res.body}`);
      return res.json().data;
    };
    const ctx: Ctx = { live: a.live, test: a.test, data };
    const keyed = operations().filter(({ op }) =>
      (op.parameters ?? []).some((p: any) => p.name === "Idempotency-Key"),
    );
    assert.ok(keyed.length >= 10, "the writes are documented with a key");
    for (const { path, method } of keyed) {
      const name = `${method.toUpperCase()} ${path}`;
      const recipe = CALLS[name];
      assert.ok(recipe, `${name}: add a successful call to CALLS in test/helpers/schema-suite.ts`);
      const call = await recipe(ctx);
      const send = () =>
        svc.call("POST", path, {
          ...(call.token ? { token: call.token } : {}),
          body: call.body,
          headers: { "idempotency-key": `replay-${name}` },
        });
      const first = await send();
      assert.equal(first.statusCode, 200, `${name}: ${first.body}`);
      const again = await send();
      assert.equal(
        again.headers["idempotent-replayed"],
        "true",
        `${name} is documented with Idempotency-Key but did not replay; use sendIdempotent, or set config.idempotent: false`,
      );
      assert.equal(again.body, first.body, name);
    }
  });
});

describe("a new route", () => {
  test("is documented with its parameters, security, errors and key, with nothing but an operationId added", async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const routes: RouteEntry[] = [];
    app.addHook("onRoute", (r) => {
      routes.push(routeEntry(String(r.method), r.url, r.config as RouteConfig, r.schema));
    });
    await app.register(fastifySwagger, openApiOptions(routes) as never);
    app.withTypeProvider<ZodTypeProvider>().post(
      "/api/things/:id/paint",
      {
        config: { auth: "required" },
        schema: {
          operationId: "paintThing",
          summary: "Paint a thing",
          params: z.object({ id: z.string() }),
          body: z.strictObject({ colour: z.enum(["red", "blue"]) }),
          response: {
            200: z.object({ success: z.literal(true), data: z.object({ ok: z.boolean() }) }),
          },
        },
      },
      async () => ({ success: true as const, data: { ok: true } }),
    );
    await app.ready();
    const op = (app.swagger() as any).paths["/api/things/{id}/paint"].post;
    await app.close();
    assert.equal(op.operationId, "paintThing");
    assert.deepEqual(op.security, [{ bearer: [] }]);
    assert.deepEqual(
      op.parameters.map((p: any) => `${p.in}:${p.name}`),
      ["path:id", "header:Idempotency-Key"],
    );
    assert.deepEqual(Object.keys(op.responses), [
      "200",
      "400",
      "401",
      "403",
      "404",
      "409",
      "413",
      "415",
      "422",
      "429",
      "500",
      "503",
    ]);
    assert.deepEqual(op.requestBody.content["application/json"].schema.properties.colour.enum, [
      "red",
      "blue",
    ]);
  });
});
