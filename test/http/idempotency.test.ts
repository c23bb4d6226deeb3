import assert from "node:assert/strict";
import { type AddressInfo, connect } from "node:net";
import { describe, test } from "node:test";
import { manualClock } from "../../src/kernel/clock.ts";
import { useFileService } from "../helpers/service.ts";

const clock = manualClock();
const svc = useFileService({ clock });

const create = (token: string, body: unknown, key?: string) =>
  svc.call("POST", "/api/auth/token/create", {
    token,
    body,
    headers: key === undefined ? {} : { "idempotency-key": key },
  });

async function countLabel(accountToken: string, label: string): Promise<number> {
  const list = (await svc.call("GET", "/api/auth/tokens", { token: accountToken })).json().data;
  return list.tokens.filter((t: { label: string }) => t.label === label).length;
}

describe("Idempotency-Key", () => {
  test("a replay returns the first response byte for byte, marked Idempotent-Replayed", async () => {
    const a = await svc.newAccount();
    const first = await create(a.live, { label: "replay" }, "key-1");
    assert.equal(first.statusCode, 200);
    assert.equal(first.headers["idempotent-replayed"], undefined);
    const again = await create(a.live, { label: "replay" }, "key-1");
    assert.equal(again.statusCode, 200);
    assert.equal(again.headers["idempotent-replayed"], "true");
    assert.equal(again.body, first.body);
    assert.equal(await countLabel(a.live, "replay"), 1);
  });

  test("the same body with other key order or spacing is the same request", async () => {
    const a = await svc.newAccount();
    const first = await create(a.live, { label: "order", mode: "test" }, "k-order");
    const again = await svc.app.inject({
      method: "POST",
      url: "/api/auth/token/create",
      headers: {
        authorization: `Bearer ${a.live}`,
        "content-type": "application/json",
        "idempotency-key": "k-order",
      },
      payload: '{ "mode": "test",   "label": "order" }',
    });
    assert.equal(again.body, first.body);
  });

  test("the same key with another body is 422 and creates nothing", async () => {
    const a = await svc.newAccount();
    await create(a.live, { label: "one" }, "key-2");
    const res = await create(a.live, { label: "two" }, "key-2");
    assert.equal(res.statusCode, 422);
    assert.match(res.json().error ?? "", /^Idempotency-Key: .*different request/);
    assert.equal(await countLabel(a.live, "two"), 0);
  });

  test("concurrent requests with one key make one token; the rest replay or get 409", async () => {
    const a = await svc.newAccount();
    const results = await Promise.all(
      Array.from({ length: 30 }, () => create(a.live, { label: "race" }, "key-race")),
    );
    const statuses = new Set(results.map((r) => r.statusCode));
    assert.ok(
      [...statuses].every((s) => s === 200 || s === 409),
      [...statuses].join(","),
    );
    const bodies = new Set(results.filter((r) => r.statusCode === 200).map((r) => r.body));
    assert.equal(bodies.size, 1, "every success is the same response");
    for (const r of results.filter((x) => x.statusCode === 409)) {
      assert.match(r.json().error ?? "", /still in progress/);
    }
    assert.equal(await countLabel(a.live, "race"), 1);
  });

  test("keys are scoped per account and per mode", async () => {
    const a = await svc.newAccount();
    const b = await svc.newAccount();
    const one = await create(a.live, { label: "scoped" }, "shared");
    const two = await create(b.live, { label: "scoped" }, "shared");
    const three = await create(a.test, { label: "scoped" }, "shared");
    assert.notEqual(one.body, two.body);
    assert.notEqual(one.body, three.body);
    assert.equal(three.headers["idempotent-replayed"], undefined);
  });

  test("a stored answer belongs to the token that made it: another key resending its Idempotency-Key and body gets 422 and no token value", async () => {
    const a = await svc.newAccount();
    // The reproduction: a key holding only tokens:write replays a full-scope key's create.
    const narrow = await create(a.live, { label: "narrow", scopes: ["tokens:write"] });
    assert.equal(narrow.statusCode, 200, narrow.body);
    const narrowToken: string = narrow.json().data.token;
    const full = await create(a.live, { label: "full power" }, "key-owner");
    assert.equal(full.statusCode, 200, full.body);
    const fullToken: string = full.json().data.token;
    const stolen = await create(narrowToken, { label: "full power" }, "key-owner");
    assert.equal(stolen.statusCode, 422, stolen.body);
    assert.match(stolen.json().error ?? "", /^Idempotency-Key: .*used by another API key/);
    assert.equal(stolen.headers["idempotent-replayed"], undefined);
    assert.ok(!stolen.body.includes(fullToken), "the first key's token value is not handed over");
    assert.equal(await countLabel(a.live, "full power"), 1, "and no second token was made");
    // The key's own token still gets its answer back.
    const own = await create(a.live, { label: "full power" }, "key-owner");
    assert.equal(own.headers["idempotent-replayed"], "true");
    assert.equal(own.body, full.body);
  });

  test("a PIX charge's stored answer is not replayed to another token of the account", async () => {
    const a = await svc.newAccount();
    const other = (await create(a.test, { label: "other test key" })).json().data.token as string;
    const pix = (token: string) =>
      svc.call("POST", "/api/pix/charge/create", {
        token,
        body: { value: 10, title: "Pedido 7" },
        headers: { "idempotency-key": "order-7" },
      });
    const first = await pix(a.test);
    assert.equal(first.statusCode, 200, first.body);
    const replayByOther = await pix(other);
    assert.equal(replayByOther.statusCode, 422, replayByOther.body);
    assert.match(replayByOther.json().error ?? "", /used by another API key/);
    assert.ok(!replayByOther.body.includes(first.json().data.chargeId));
    const list = await svc.call("GET", "/api/pix/charges", { token: a.test });
    assert.equal(list.json().data.charges.length, 1);
    assert.equal((await pix(a.test)).body, first.body, "its own token replays it");
  });

  test("failed requests are not stored: a rejected request may be retried with the same key", async () => {
    const a = await svc.newAccount();
    const denied = await create(a.test, { label: "x", mode: "live" }, "key-3");
    assert.equal(denied.statusCode, 403);
    const invalid = await create(a.test, { label: "" }, "key-3");
    assert.equal(invalid.statusCode, 422);
    const ok = await create(a.test, { label: "x" }, "key-3");
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.headers["idempotent-replayed"], undefined);
  });

  test("a key expires after 24 h and then starts a new request", async () => {
    const a = await svc.newAccount();
    const first = await create(a.live, { label: "daily" }, "key-4");
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    const later = await create(a.live, { label: "daily" }, "key-4");
    assert.equal(later.statusCode, 200);
    assert.equal(later.headers["idempotent-replayed"], undefined);
    assert.notEqual(later.body, first.body);
    assert.equal(await countLabel(a.live, "daily"), 2);
  });

  test("a key longer than 255 characters or with non-ASCII is 400", async () => {
    const a = await svc.newAccount();
    assert.equal((await create(a.live, { label: "k" }, "k".repeat(256))).statusCode, 400);
    const res = await create(a.live, { label: "k" }, "k".repeat(255));
    assert.equal(res.statusCode, 200);
  });

  test("two Idempotency-Key headers are 400, not one key joined from both", async () => {
    const a = await svc.newAccount();
    // Node joins repeated headers into "k-a, k-b", which is a valid key on its own.
    const twice = await svc.app.inject({
      method: "POST",
      url: "/api/pix/charge/create",
      headers: { authorization: `Bearer ${a.test}`, "idempotency-key": ["k-a", "k-b"] },
      payload: { value: 1 },
    });
    assert.equal(twice.statusCode, 400, twice.body);
    assert.match(twice.json().error, /^Idempotency-Key: must be one header/);
    const charges = await svc.call("GET", "/api/pix/charges", { token: a.test });
    assert.deepEqual(charges.json().data.charges, []);
    const sentOverTcp = await rawPost(
      `POST /api/auth/token/create HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${a.live}\r\n` +
        "Idempotency-Key: k-a\r\nIdempotency-Key: k-b\r\nContent-Type: application/json\r\n" +
        'Content-Length: 17\r\nConnection: close\r\n\r\n{"label":"twice"}',
    );
    assert.match(sentOverTcp, /^HTTP\/1\.1 400 /);
    assert.equal(await countLabel(a.live, "twice"), 0);
    // One header whose value holds a comma is one key.
    assert.equal((await create(a.live, { label: "comma" }, "k-a, k-b")).statusCode, 200);
  });
});

/** Sends a raw HTTP request to the app on a real socket (Node's own header parsing). */
async function rawPost(request: string): Promise<string> {
  await svc.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = svc.app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    let out = "";
    // Written, not ended: a half-closed socket would let the server close before it answers.
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    socket.on("data", (d) => (out += String(d)));
    socket.on("end", () => resolve(out));
    socket.on("error", reject);
  });
}
