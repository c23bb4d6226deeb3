import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { lockAndFindKey } from "../../src/db/queries/idempotency.ts";
import { insertCharges } from "../../src/db/queries/insert-charges.ts";
import { AppError } from "../../src/domain/errors.ts";
import { runIdempotent } from "../../src/domain/idempotency/run-idempotent.ts";
import { manualClock } from "../../src/kernel/clock.ts";
import { chargeWrite } from "../helpers/charge-write.ts";
import { openTestDb, TEST_DATABASE_URL, type TestDb } from "../helpers/db.ts";

// A request whose Idempotency-Key is held by a request still executing gets 409, on both paths
// that store keys. Two transactions must overlap, which PGlite (one connection) cannot do.

const skip = TEST_DATABASE_URL ? false : "PGlite is one connection: transactions cannot overlap";
let t: TestDb;
const clock = manualClock();
const scope = {
  accountId: "acct_lock",
  mode: "test" as const,
  route: "/api/pix/charge/create",
  key: "held",
  fingerprint: "f",
  tokenId: null,
};

before(async () => {
  t = await openTestDb();
  await t.db.query("INSERT INTO accounts (id, name, created_at) VALUES ($1, $2, $3)", [
    "acct_lock",
    "lock",
    clock.now(),
  ]);
});
after(() => t.close());

test("a key whose first request is still executing is 409, then replays", {
  skip,
  timeout: 10_000,
}, async () => {
  let release = () => {};
  const barrier = new Promise<void>((r) => {
    release = r;
  });
  const deps = { db: t.db, clock };
  const first = runIdempotent(deps, { ...scope, route: "/x" }, async () => {
    await barrier;
    return { status: 200, body: '{"first":true}' };
  });
  await new Promise((r) => setTimeout(r, 200)); // the first request now holds the key
  await assert.rejects(
    runIdempotent(deps, { ...scope, route: "/x" }, async () => ({ status: 200, body: "{}" })),
    (err) => err instanceof AppError && err.code === "CONFLICT",
  );
  release();
  assert.equal((await first).body, '{"first":true}');
  const again = await runIdempotent(deps, { ...scope, route: "/x" }, async () => ({
    status: 200,
    body: "{}",
  }));
  assert.deepEqual([again.replayed, again.body], [true, '{"first":true}']);
});

test("a charge whose key is locked by a request in flight is not written", { skip }, async () => {
  const w = chargeWrite({ accountId: "acct_lock", n: 1, at: clock.now(), key: scope.key });
  const written = await t.db.transaction(async (tx) => {
    assert.equal((await lockAndFindKey(tx, scope, new Date(0))).locked, true);
    return insertCharges(t.db, [w]);
  });
  assert.equal(written.size, 0);
  const rows = await t.db.query("SELECT 1 FROM charges WHERE id = $1", [w.row.id]);
  assert.equal(rows.length, 0);
});
