import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { advanceAccountClock } from "../../src/domain/test-clock/advance-test-clock.ts";
import { issueToken } from "../../src/domain/tokens/manage-tokens.ts";
import type { Clock } from "../../src/kernel/clock.ts";
import type { Mode } from "../../src/kernel/mode.ts";
import { OPERATIONS } from "../../src/operations/index.ts";
import { useTestService } from "../helpers/service.ts";

// The test clock's doors: the new path and the old subscriptions path do the same, live keys
// are refused, a bad `days` is the catalogue's input error (never a 5xx), the scopes, the MCP
// tool's new home, and the payer mail hook called once per day passed on that day's clock.

const s = useTestService({ env: { TOSTAO_WORKERS: "false" } });
const DAY_MS = 86_400_000;

const clockOf = async (token: string) => {
  const res = await s.svc.call("GET", "/api/test-clock", { token });
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data as { now: string; advancedDays: number };
};

describe("the test clock's API", () => {
  test("the old subscriptions path still moves the same clock and answers the same shape", async () => {
    const { test: token } = await s.svc.newAccount();
    assert.equal((await clockOf(token)).advancedDays, 0);
    const res = await s.svc.call("POST", "/api/pix/subscriptions/test-clock/advance", {
      token,
      body: { days: 2 },
    });
    assert.equal(res.statusCode, 200, res.body);
    const data = res.json().data;
    assert.equal(data.advancedDays, 2);
    assert.equal(data.overdue, 0);
    assert.equal(data.expired, 0);
    assert.equal(data.subscriptions.issued, 0);
    const moved = await s.svc.call("POST", "/api/test-clock/advance", { token, body: { days: 1 } });
    assert.equal(moved.json().data.advancedDays, 3);
    assert.equal((await clockOf(token)).advancedDays, 3);
    assert.ok(Date.parse((await clockOf(token)).now) > Date.now() + 2.9 * DAY_MS);
  });

  test("live tokens get 403 on every door of the test clock", async () => {
    const { live } = await s.svc.newAccount();
    for (const [method, url] of [
      ["POST", "/api/test-clock/advance"],
      ["POST", "/api/pix/subscriptions/test-clock/advance"],
      ["GET", "/api/test-clock"],
    ] as const) {
      const res = await s.svc.call(method, url, {
        token: live,
        ...(method === "POST" ? { body: { days: 1 } } : {}),
      });
      assert.equal(res.statusCode, 403, `${method} ${url}: ${res.body}`);
    }
  });

  test("days out of range or not whole is the catalogue's input error, never a 5xx", async () => {
    const { test: token } = await s.svc.newAccount();
    // A number breaking the rule is a 422, a value of the wrong type a 400 (input-errors.ts).
    const cases: Array<[unknown, number]> = [
      [0, 422],
      [-1, 422],
      [401, 422],
      [1.5, 422],
      ["3", 400],
      [null, 400],
    ];
    for (const [days, status] of cases) {
      for (const url of ["/api/test-clock/advance", "/api/pix/subscriptions/test-clock/advance"]) {
        const res = await s.svc.call("POST", url, { token, body: { days } });
        assert.equal(res.statusCode, status, `${url} days ${days}: ${res.body}`);
        assert.match(res.json().error ?? "", /^days: /);
      }
    }
    assert.equal((await clockOf(token)).advancedDays, 0, "nothing moved");
  });

  test("the new path needs test_clock:write; the old one keeps subscriptions:write", async () => {
    const { accountId } = await s.svc.newAccount();
    const key = async (scopes: Array<"test_clock:write" | "subscriptions:write">) =>
      (await issueToken(s.svc.deps, { accountId, label: "k", mode: "test", scopes })).token;
    const subs = await key(["subscriptions:write"]);
    const clock = await key(["test_clock:write"]);
    const post = (token: string, url: string) =>
      s.svc.call("POST", url, { token, body: { days: 1 } });
    assert.equal((await post(subs, "/api/test-clock/advance")).statusCode, 403);
    assert.equal((await post(subs, "/api/pix/subscriptions/test-clock/advance")).statusCode, 200);
    assert.equal((await post(clock, "/api/test-clock/advance")).statusCode, 200);
    assert.equal((await post(clock, "/api/pix/subscriptions/test-clock/advance")).statusCode, 403);
  });

  test("the MCP tool advance_test_clock is the new operation; the old path is marked deprecated", () => {
    const tool = OPERATIONS.filter((o) => o.tool?.name === "advance_test_clock");
    assert.deepEqual(
      tool.map((o) => o.path),
      ["/api/test-clock/advance"],
    );
    const old = OPERATIONS.find((o) => o.id === "advanceTestClock");
    assert.equal(old?.path, "/api/pix/subscriptions/test-clock/advance");
    assert.match(old?.summary ?? "", /^Deprecated: use POST \/api\/test-clock\/advance/);
  });

  test("the payer mail hook runs once per day passed, for this account's test mode, on that day's clock", async () => {
    const { accountId } = await s.svc.newAccount();
    const calls: Array<{ who: { accountId: string; mode: Mode }; at: number }> = [];
    const mailPass = async (who: { accountId: string; mode: Mode }, clock: Clock) => {
      calls.push({ who, at: clock.now().getTime() });
    };
    const before = Date.now();
    const who = { accountId, mode: "test" as const, tokenId: "tok_test" };
    await advanceAccountClock({ ...s.svc.deps, mailPass }, who, 3);
    assert.deepEqual(
      calls.map((c) => c.who),
      [1, 2, 3].map(() => ({ accountId, mode: "test" })),
    );
    for (const [i, c] of calls.entries()) {
      const ahead = c.at - before;
      assert.ok(ahead >= (i + 1) * DAY_MS && ahead < (i + 1) * DAY_MS + 60_000, `day ${i + 1}`);
    }
  });
});
