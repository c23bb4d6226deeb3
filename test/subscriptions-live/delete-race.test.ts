import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { activeLiveSubscriptionIds } from "../../src/db/queries/subscriptions-live.ts";
import { manualClock } from "../../src/kernel/clock.ts";
import { TEST_DATABASE_URL } from "../helpers/db.ts";
import { type LiveSetup, providerBody, startAutomaticoSetup } from "../helpers/live-pix.ts";
import { monthlyPlan } from "../helpers/subscription-body.ts";

// A live subscription created while its account's PSP connection is deleted: either the
// creation is stored before the delete looks (the delete is refused, naming it), or it finds
// the connection gone when it stores its row (refused, its rec cancelled at the PSP). Never a
// live subscription awaiting the payer or approved whose connection is gone: its rec would
// stay active at the PSP with nothing here to charge or cancel it. The race needs two
// connections to the store: PGlite has one, and runs each transaction alone.
const skip =
  !TEST_DATABASE_URL && "needs DATABASE_URL (PostgreSQL): PGlite runs one transaction at a time";
const ROUNDS = 20;
const DELAYS_MS = [0, 5, 15, 40, 80];
const clock = manualClock(new Date("2026-03-02T15:00:00.000Z"));
let s: LiveSetup;

describe("a live subscription created while the PSP connection is deleted", { skip }, () => {
  before(async () => {
    s = await startAutomaticoSetup(clock);
    // A live subscription needs the receiver account on the connection (it outlives a delete).
    const saved = await call(
      "/api/pix/provider",
      providerBody(s.peer, { receiver_account: { account: "123456", type: "CORRENTE" } }),
    );
    assert.equal(saved.statusCode, 200, saved.body);
  });
  after(() => s?.close());

  const call = (path: string, body: unknown) =>
    s.svc.call("POST", path, { token: s.account.live, body });
  const create = () => call("/api/pix/subscriptions/create", monthlyPlan("2026-03-10"));
  const activeRecs = () =>
    [...s.peer.recs.values()].filter((r) => r.status === "CRIADA" || r.status === "APROVADA");

  test("ends with the delete refused and the subscription named, or the creation refused and its rec cancelled", async () => {
    const outcomes = { deleteRefused: 0, createRefusedAfterRec: 0, createRefusedBefore: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      if (round > 0) {
        const saved = await call("/api/pix/provider", providerBody(s.peer));
        assert.equal(saved.statusCode, 200, saved.body);
      }
      const recsBefore = s.peer.recs.size;
      // The delete starts with the creation, or a little after it (the creation's PSP calls
      // take some milliseconds): both orders and the window between them come up.
      const [created, deleted] = await Promise.all([
        create(),
        new Promise((r) => setTimeout(r, DELAYS_MS[round % DELAYS_MS.length])).then(() =>
          call("/api/pix/provider/delete", {}),
        ),
      ]);
      const active = await activeLiveSubscriptionIds(s.svc.deps.db, {
        accountId: s.account.accountId,
        limit: 5,
      });
      if (deleted.statusCode === 200) {
        assert.equal(created.statusCode, 422, `round ${round}: ${created.body}`);
        assert.equal(active.total, 0, `round ${round}: a live subscription without connection`);
        assert.deepEqual(activeRecs(), [], `round ${round}: a rec left active at the PSP`);
        if (s.peer.recs.size > recsBefore) outcomes.createRefusedAfterRec++;
        else outcomes.createRefusedBefore++;
      } else {
        assert.equal(deleted.statusCode, 422, `round ${round}: ${deleted.body}`);
        assert.equal(created.statusCode, 200, `round ${round}: ${created.body}`);
        const id: string = created.json().data.subscriptionId;
        assert.ok(deleted.json().error.includes(id), deleted.body);
        assert.deepEqual(active.ids, [id]);
        outcomes.deleteRefused++;
        const canceled = await call("/api/pix/subscriptions/cancel", { subscription_id: id });
        assert.equal(canceled.statusCode, 200, canceled.body);
        const gone = await call("/api/pix/provider/delete", {});
        assert.equal(gone.statusCode, 200, gone.body);
      }
    }
    console.log("delete race outcomes:", outcomes);
    // The window the lock closes (the rec made, then the connection deleted before the row is
    // stored) must have come up, or this test proves nothing.
    assert.ok(outcomes.createRefusedAfterRec > 0, JSON.stringify(outcomes));
    s.peer.assertNoViolations();
  });
});
