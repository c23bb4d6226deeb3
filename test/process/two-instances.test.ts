import assert from "node:assert/strict";
import { after, describe, test } from "node:test";
import pg from "pg";
import { createSchema, dropSchema, schemaUrl, TEST_DATABASE_URL } from "../helpers/db.ts";
import { type RunningService, spawnService } from "../helpers/spawn-service.ts";

// Two real service processes on one PostgreSQL: the production shape of the service.
const REDIS_URL = process.env.REDIS_URL || undefined;
const skip = !TEST_DATABASE_URL && "needs DATABASE_URL (PostgreSQL)";

describe("two instances on one PostgreSQL", { skip }, () => {
  let schema = "";
  let a: RunningService;
  let b: RunningService;
  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    if (schema) await dropSchema(schema);
  });

  test("start together, migrate once, bootstrap once, and both serve", async () => {
    schema = await createSchema();
    const env = {
      DATABASE_URL: schemaUrl(schema),
      TOSTAO_RATE_LIMIT_TEST: "5",
      TOSTAO_RATE_LIMIT_LIVE: "0",
      ...(REDIS_URL ? { REDIS_URL } : {}),
    };
    [a, b] = await Promise.all([spawnService(env), spawnService(env)]);
    const tokens = [a.token, b.token].filter(Boolean);
    assert.equal(tokens.length, 1, "exactly one instance created the sandbox token");

    const client = new pg.Client({ connectionString: schemaUrl(schema) });
    await client.connect();
    const { rows } = await client.query(
      "SELECT version, count(*)::int AS n FROM schema_migrations GROUP BY version",
    );
    const accounts = await client.query("SELECT count(*)::int AS n FROM accounts");
    await client.end();
    assert.ok(rows.length >= 1 && rows.every((r) => r.n === 1));
    assert.equal(accounts.rows[0].n, 1);

    for (const s of [a, b]) {
      const res = await fetch(`${s.url}/api/auth/tokens`, {
        headers: { authorization: `Bearer ${tokens[0]}` },
      });
      assert.equal(res.status, 200);
    }
  });

  test("a token revoked through one instance is refused by the other within 1 s", async () => {
    const boot = a.token ?? b.token;
    const created = (await (
      await fetch(`${a.url}/api/auth/token/create`, {
        method: "POST",
        headers: { authorization: `Bearer ${boot}`, "content-type": "application/json" },
        body: JSON.stringify({ label: "to revoke" }),
      })
    ).json()) as { data: { token: string; id: string } };
    const victim = created.data.token as string;
    const onB = () =>
      fetch(`${b.url}/api/auth/tokens`, { headers: { authorization: `Bearer ${victim}` } });
    assert.equal((await onB()).status, 200); // now cached as valid on B

    const revoked = await fetch(`${a.url}/api/auth/token/revoke`, {
      method: "POST",
      headers: { authorization: `Bearer ${boot}`, "content-type": "application/json" },
      body: JSON.stringify({ id: created.data.id }),
    });
    assert.equal(revoked.status, 200);
    const t0 = Date.now();
    let status = 200;
    while (status !== 401 && Date.now() - t0 < 3000) {
      status = (await onB()).status;
      if (status !== 401) await new Promise((r) => setTimeout(r, 20));
    }
    const elapsed = Date.now() - t0;
    assert.equal(status, 401);
    assert.ok(elapsed <= 1000, `refused after ${elapsed} ms`);
  });

  test("with REDIS_URL the instances share rate-limit counts", {
    skip: !REDIS_URL && "REDIS_URL not set",
  }, async () => {
    const boot = a.token ?? b.token;
    // Start at the beginning of a second so the whole burst falls in one window.
    await new Promise((r) => setTimeout(r, 1000 - (Date.now() % 1000) + 20));
    const call = (s: RunningService) =>
      fetch(`${s.url}/api/auth/tokens`, { headers: { authorization: `Bearer ${boot}` } }).then(
        (r) => r.status,
      );
    const statuses = await Promise.all([
      ...Array.from({ length: 10 }, () => call(a)),
      ...Array.from({ length: 10 }, () => call(b)),
    ]);
    const allowed = statuses.filter((s) => s === 200).length;
    // Separate counts would let 5 through on each instance (10); shared counts let 5 in all.
    assert.ok(allowed <= 6, `allowed ${allowed} of 20 at a shared limit of 5/s`);
    assert.ok(allowed >= 1);
  });
});
