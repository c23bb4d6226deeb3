import assert from "node:assert/strict";
import { describe, test } from "node:test";
import Fastify from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok, okEnvelope, sendOk } from "./envelope.ts";
import { compileSerializer, useSchemaSerializers } from "./response-serializer.ts";

const Item = z.object({ k: z.number(), note: z.string().optional() });
const View = z.object({
  id: z.string(),
  at: z.string(),
  amount: z.number(),
  paid: z.boolean(),
  title: z.string().nullable(),
  owner: z.object({ name: z.string() }).nullable(),
  items: z.array(Item),
  data: z.record(z.string(), z.unknown()),
  status: z.literal("pending"),
});

describe("compiled response serializers", () => {
  test("write what JSON.stringify writes for data that fits the schema", () => {
    const value = {
      id: 'c_1"\n\u2028é',
      at: new Date(0) as unknown as string,
      amount: 12.34,
      paid: false,
      title: null,
      owner: { name: "Maria" },
      items: [{ k: 1 }, { k: 2.5, note: "x" }, { k: 3, note: undefined }],
      data: { nested: { deep: [1, null, "a"] }, n: 1e21 },
      status: "pending" as const,
    };
    assert.equal(compileSerializer(View)(value), JSON.stringify(value));
    assert.equal(
      compileSerializer(View)({ ...value, owner: null }),
      JSON.stringify({ ...value, owner: null }),
    );
  });

  test("write only the schema's fields: one it lacks is dropped, at any depth", () => {
    const out = JSON.parse(
      compileSerializer(View)({
        id: "c_1",
        at: "2026-01-01T00:00:00.000Z",
        amount: 1,
        paid: true,
        title: "t",
        owner: { name: "Maria", cpf: "52998224725" },
        items: [{ k: 1, secret: "s" }],
        data: {},
        status: "pending",
        secret: "whsec_x",
      }),
    );
    assert.equal(out.secret, undefined);
    assert.deepEqual(out.owner, { name: "Maria" });
    assert.deepEqual(out.items, [{ k: 1 }]);
  });

  test("a schema is compiled once", () => {
    assert.equal(compileSerializer(View), compileSerializer(View));
  });
});

/** An app with one route declaring `{a}` whose handler sends `{a, secret}`, three ways. */
function appWith(strict: boolean) {
  const app = Fastify();
  useSchemaSerializers(app, { strict });
  app.setValidatorCompiler(() => (data) => ({ value: data }));
  const A = z.object({ a: z.string() });
  const B = z.object({ a: z.string(), secret: z.string() });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const leaky = { a: "x", secret: "s" };
  const schema = { response: { 200: okEnvelope(A) } };
  r.get("/returned", { schema }, async () => ok(leaky) as never);
  r.get("/sent", { schema }, async (_req, reply) => sendOk(reply, A, leaky));
  r.get("/other-schema", { schema }, async (_req, reply) => sendOk(reply, B, leaky));
  return app;
}

describe("every 200 body goes through its route's schema", () => {
  test("in production a field the schema lacks is not sent, returned or sent as a string", async () => {
    const app = appWith(false);
    for (const url of ["/returned", "/sent"]) {
      const res = await app.inject({ url });
      assert.equal(res.statusCode, 200);
      assert.equal(res.body, '{"success":true,"data":{"a":"x"}}', url);
    }
  });

  test("in strict mode (tests) it is a 500 naming the field", async () => {
    const app = appWith(true);
    for (const [url, field] of [
      ["/returned", "data.secret"],
      ["/sent", "secret"],
    ] as const) {
      const res = await app.inject({ url });
      assert.equal(res.statusCode, 500, url);
      assert.match(res.body, new RegExp(`${field.replace(".", "\\.")}: not in the schema`), url);
    }
    const other = await app.inject({ url: "/other-schema" });
    assert.equal(other.statusCode, 500);
    assert.match(other.body, /a schema the route does not declare/);
  });
});
