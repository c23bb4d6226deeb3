import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { seedCharges } from "../helpers/seed-charges.ts";
import { useFileService } from "../helpers/service.ts";

// The charge lists page with limit and offset, newest first, ties by id; `as_of` holds a list
// still while new charges arrive, so no row is repeated or skipped; every filter returns exactly
// the rows it should; an offset past 10,000 is 422 pointing at the date filters.

const svc = useFileService({ env: { TOSTAO_WORKERS: "false" } });

type Row = { chargeId: string; createdAt: string; statusCode: string; external_id: string | null };
const get = async (token: string, url: string) => {
  const res = await svc.call("GET", url, { token });
  assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
  return res.json().data as { charges: Row[]; hasMore: boolean; asOf: string | null };
};

describe("charge lists: pages and filters", () => {
  test("1,000 charges paged 50 at a time while 100 more are created: each listed exactly once", async () => {
    const a = await svc.newAccount();
    // Three charges share each millisecond: their order is their id's.
    await seedCharges(svc.deps.db, {
      accountId: a.accountId,
      mode: "test",
      method: "pix",
      count: 1000,
      start: new Date(Date.now() - 60_000),
      stepMs: 1 / 3,
      prefix: "pix_seed",
    });
    // Five new charges between each two pages: 100 over the 20 pages, each of which would push
    // every older charge five places down an offset-only list.
    let created = 0;
    const createFive = async () => {
      for (let k = 0; k < 5 && created < 100; k++, created++) {
        const res = await svc.call("POST", "/api/pix/charge/create", {
          token: a.test,
          body: { value: 1, title: `new ${created}` },
        });
        assert.equal(res.statusCode, 200, res.body);
      }
    };
    const seen = new Map<string, number>();
    const first = await get(a.test, "/api/pix/charges?limit=50");
    assert.ok(first.asOf);
    let page = first;
    let offset = 0;
    for (;;) {
      for (const c of page.charges) seen.set(c.chargeId, (seen.get(c.chargeId) ?? 0) + 1);
      if (!page.hasMore) break;
      await createFive();
      offset += 50;
      page = await get(a.test, `/api/pix/charges?limit=50&offset=${offset}&as_of=${first.asOf}`);
    }
    await createFive();
    assert.equal(created, 100, "100 charges were created while paging");
    const seeded = [...seen.keys()].filter((id) => id.startsWith("pix_seed"));
    const missing = Array.from(
      { length: 1000 },
      (_, k) => `pix_seed${String(k + 1).padStart(7, "0")}`,
    ).filter((id) => !seen.has(id));
    assert.equal(
      seeded.length,
      1000,
      `every seeded charge is listed; missing ${missing} asOf ${first.asOf} ${offset}`,
    );
    assert.deepEqual(
      [...seen].filter(([, n]) => n !== 1),
      [],
      "no charge is listed twice",
    );
  });

  test("newest first, ties by id; hasMore false on the last page", async () => {
    const a = await svc.newAccount();
    await seedCharges(svc.deps.db, {
      accountId: a.accountId,
      mode: "test",
      method: "pix",
      count: 30,
      start: new Date(),
      stepMs: 1 / 3,
      prefix: "pix_tie",
    });
    const all = await get(a.test, "/api/pix/charges?limit=200");
    assert.equal(all.hasMore, false);
    const keys = all.charges.map((c) => [Date.parse(c.createdAt), c.chargeId] as const);
    const sorted = [...keys].sort(
      (x, y) => y[0] - x[0] || (y[1] > x[1] ? 1 : y[1] < x[1] ? -1 : 0),
    );
    assert.deepEqual(keys, sorted);
    const last = await get(a.test, "/api/pix/charges?limit=10&offset=20");
    assert.equal(last.charges.length, 10);
    assert.equal(last.hasMore, false);
    assert.equal((await get(a.test, "/api/pix/charges?limit=10&offset=19")).hasMore, true);
  });

  test("every filter returns exactly the rows it should, on the PIX and the Bitcoin list", async () => {
    const a = await svc.newAccount();
    const start = new Date(Date.now() - 3_600_000);
    for (const method of ["pix", "crypto"] as const) {
      await seedCharges(svc.deps.db, {
        accountId: a.accountId,
        mode: "test",
        method,
        count: 120,
        start,
        stepMs: 1000,
        prefix: method === "pix" ? "pix_f" : "BTC-F",
      });
    }
    // Another account's and the other mode's rows never appear.
    const b = await svc.newAccount();
    await seedCharges(svc.deps.db, {
      accountId: b.accountId,
      mode: "test",
      method: "pix",
      count: 50,
      start,
      stepMs: 1000,
      prefix: "pix_other",
    });
    const n = (id: string) => Number(id.replace(/\D/g, ""));
    const at = (i: number) => new Date(start.getTime() - i * 1000).toISOString();
    const cases: Array<[string, (i: number) => boolean]> = [
      ["status=approved", (i) => i % 7 === 0],
      ["status=canceled", (i) => i % 7 !== 0 && i % 11 === 0],
      ["status=pending", (i) => i % 7 !== 0 && i % 11 !== 0],
      ["external_id=ord-35", (i) => i === 35],
      ["customer_email=C8%40example.COM", (i) => i % 4 === 0 && i % 50 === 8],
      [`created_from=${at(40)}`, (i) => i <= 40],
      [`created_to=${at(40)}`, (i) => i > 40],
      [
        `created_from=${at(90)}&created_to=${at(30)}&status=pending`,
        (i) => i > 30 && i <= 90 && i % 7 !== 0 && i % 11 !== 0,
      ],
    ];
    for (const list of ["/api/pix/charges", "/api/crypto/charges"]) {
      for (const [query, expected] of cases) {
        const got = await get(a.test, `${list}?limit=200&${query}`);
        const ids = got.charges.map((c) => n(c.chargeId));
        const want = Array.from({ length: 120 }, (_, k) => k + 1).filter(expected);
        assert.deepEqual(ids, want, `${list}?${query}`);
      }
    }
  });

  test("an offset past 10,000 is 422 suggesting the date filters; a limit past 200 is 422", async () => {
    const a = await svc.newAccount();
    const far = await svc.call("GET", "/api/pix/charges?offset=10001", { token: a.test });
    assert.equal(far.statusCode, 422);
    assert.match(far.json().error, /^offset: must be at most 10000; .*created_from and created_to/);
    assert.equal(
      (await svc.call("GET", "/api/pix/charges?offset=10000", { token: a.test })).statusCode,
      200,
    );
    const tool = await svc.call("POST", "/api/integrations/mcp/call", {
      token: a.test,
      body: { tool: "list_crypto_charges", arguments: { offset: 20000 } },
    });
    assert.equal(tool.statusCode, 422, tool.body);
    for (const list of [
      "/api/products",
      "/api/webhooks",
      "/api/auth/tokens",
      "/api/events",
      "/api/webhooks/deliveries",
    ]) {
      const res = await svc.call("GET", `${list}?limit=201`, { token: a.test });
      assert.equal(res.statusCode, 422, list);
      const ok = await svc.call("GET", `${list}?limit=1&offset=0`, { token: a.test });
      assert.equal(ok.statusCode, 200, `${list}: ${ok.body}`);
      assert.equal(typeof ok.json().data.hasMore, "boolean", list);
    }
  });
});
