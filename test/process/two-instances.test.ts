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
      TOSTAO_RATE_LIMIT_TEST: "20",
      TOSTAO_EXPIRY_INTERVAL_SECONDS: "1",
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

  test("overdue charges expire once, with one charge.declined each, while both instances run the job", async () => {
    const boot = a.token ?? b.token;
    const ids: string[] = [];
    for (let i = 0; i < 15; i++) {
      const s = i % 2 === 0 ? a : b;
      const res = await fetch(`${s.url}/api/pix/charge/create`, {
        method: "POST",
        headers: { authorization: `Bearer ${boot}`, "content-type": "application/json" },
        body: JSON.stringify({ value: 1 + i, expires_in: 60 }),
      });
      assert.equal(res.status, 200);
      ids.push(((await res.json()) as { data: { chargeId: string } }).data.chargeId);
    }
    // Make them overdue in the database, as the passing of a minute would.
    const client = new pg.Client({ connectionString: schemaUrl(schema) });
    await client.connect();
    try {
      await client.query(
        "UPDATE charges SET expires_at = now() - interval '1 second' WHERE id = ANY($1)",
        [ids],
      );
      const t0 = Date.now();
      let expired = 0;
      while (expired < ids.length && Date.now() - t0 < 10_000) {
        await new Promise((r) => setTimeout(r, 200));
        const r = await client.query(
          "SELECT count(*)::int AS n FROM charges WHERE id = ANY($1) AND status = 'expired'",
          [ids],
        );
        expired = r.rows[0].n;
      }
      assert.equal(expired, ids.length, "every overdue charge expired by the background job");
      const ev = await client.query(
        "SELECT charge_id, count(*)::int AS n FROM events WHERE charge_id = ANY($1) AND type = 'charge.declined' GROUP BY charge_id",
        [ids],
      );
      assert.equal(ev.rows.length, ids.length);
      assert.ok(
        ev.rows.every((r) => r.n === 1),
        "exactly one charge.declined per charge",
      );
    } finally {
      await client.end();
    }
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
      ...Array.from({ length: 30 }, () => call(a)),
      ...Array.from({ length: 30 }, () => call(b)),
    ]);
    const allowed = statuses.filter((s) => s === 200).length;
    // Separate counts would let 20 through on each instance (40); shared counts let 20 in all.
    assert.ok(allowed <= 22, `allowed ${allowed} of 60 at a shared limit of 20/s`);
    assert.ok(allowed >= 1);
  });
});
