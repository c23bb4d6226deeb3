import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { startTestService, type TestService, useFileService } from "../helpers/service.ts";

// The access log: one JSON line per request, with what an operator needs and nothing a client
// sent (no token, secret, body, query or customer data).

const lines: string[] = [];
const svc = useFileService({
  env: { LOG_LEVEL: "info", TOSTAO_WORKERS: "false" },
  logStream: { write: (line) => void lines.push(line) },
});

const CUSTOMER = {
  customer_name: "Maria Aparecida Quintino",
  customer_email: "maria.quintino@example.com",
  customer_cpf: "529.982.247-25",
};

describe("access log", () => {
  test("one line per request, and none holds a token, webhook secret or customer data", async () => {
    const a = await svc.newAccount();
    const secrets: string[] = [a.test, a.live];
    const responses: Array<{ headers: Record<string, unknown>; statusCode: number }> = [];
    const call = async (...args: Parameters<TestService["call"]>) => {
      const res = await svc.call(...args);
      responses.push(res);
      return res;
    };
    const before = lines.length;

    const made = await call("POST", "/api/auth/token/create", {
      token: a.live,
      body: { label: "ops", mode: "test" },
    });
    secrets.push(made.json().data.token);
    const hook = await call("POST", "/api/webhooks/create", {
      token: a.test,
      body: { url: "https://93.184.216.34/hook", events: ["*"] },
    });
    secrets.push(hook.json().data.secret);
    const charge = await call("POST", "/api/pix/charge/create", {
      token: a.test,
      body: { value: 12.34, title: "Pedido 991", ...CUSTOMER },
    });
    assert.equal(charge.statusCode, 200, charge.body);
    const chargeId = charge.json().data.chargeId as string;
    await call("GET", `/api/pix/charge/status?charge_id=${chargeId}`, {
      token: made.json().data.token,
    });
    await call("POST", "/api/pix/charge/simulate-pay", {
      token: a.test,
      body: { charge_id: chargeId },
    });
    // The last character changed to one it is not: a token that already ended in "x" stayed
    // valid under a fixed "x", which made this a one-in-many flake.
    const wrong = `${a.test.slice(0, -1)}${a.test.endsWith("x") ? "y" : "x"}`;
    const refused = await call("GET", "/api/auth/tokens", { token: wrong });
    assert.equal(refused.statusCode, 401, "the altered token is refused");
    await call("GET", "/api/no/such/route?secret=abc"); // 404
    await call("POST", "/api/pix/charge/create", {
      token: a.test,
      headers: { "content-type": "application/json" },
      body: "{not json", // 400 before any route logic
    });

    const ours = lines.slice(before).map((l) => JSON.parse(l) as Record<string, unknown>);
    const access = ours.filter((l) => l.msg === "request");
    assert.equal(access.length, responses.length, "one access line per request");
    access.forEach((line, i) => {
      const res = responses[i];
      assert.ok(res);
      assert.equal(line.reqId, res.headers["x-request-id"], "the line carries the request id");
      assert.equal(line.status, res.statusCode);
      assert.equal(line.level, 30, "info");
      assert.equal(typeof line.ms, "number");
    });
    assert.deepEqual(
      access.map((l) => [l.method, l.route]),
      [
        ["POST", "/api/auth/token/create"],
        ["POST", "/api/webhooks/create"],
        ["POST", "/api/pix/charge/create"],
        ["GET", "/api/pix/charge/status"],
        ["POST", "/api/pix/charge/simulate-pay"],
        ["GET", "/api/auth/tokens"],
        ["GET", "unmatched"],
        ["POST", "/api/pix/charge/create"],
      ],
      "the route pattern, never the URL",
    );
    assert.equal(access[0]?.accountId, a.accountId);
    assert.equal(access[0]?.mode, "live");
    assert.equal(access[3]?.mode, "test", "the status read was made with the new test token");
    assert.equal(access[5]?.accountId, undefined, "no account on a refused token");

    const text = lines.slice(before).join("");
    for (const s of secrets) {
      assert.ok(!text.includes(s), "no token or webhook secret in the log");
      assert.ok(!text.includes(s.slice(-20)), "not even part of one");
    }
    for (const v of [...Object.values(CUSTOMER), "52998224725", "Pedido 991", "secret=abc"]) {
      assert.ok(!text.includes(v), `no customer data, body or query in the log (${v})`);
    }
    assert.ok(!text.includes(chargeId), "no ids from the URL");
  });

  test("LOG_LEVEL above info leaves the access log out", async () => {
    const quiet: string[] = [];
    const other = await startTestService({
      env: { LOG_LEVEL: "warn" },
      logStream: { write: (line) => void quiet.push(line) },
    });
    try {
      const a = await other.newAccount();
      assert.equal(
        (await other.call("GET", "/api/auth/tokens", { token: a.test })).statusCode,
        200,
      );
      assert.deepEqual(quiet, []);
    } finally {
      await other.close();
    }
  });
});
