import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { TEST_DATABASE_URL } from "../helpers/db.ts";
import { providerBody, useLiveSetup } from "../helpers/live-pix.ts";

// A live PIX charge created while its account's PSP connection is deleted: either its cob is
// journalled before the delete's guard looks (the delete is refused), or its journal row finds
// the connection gone and the create stops before PUT /cob (422, nothing at the PSP). Never a
// cob payable at the PSP for an account with no connection to learn of its payment. The race
// needs two connections to the store: PGlite has one, and runs each transaction alone.
const skip =
  !TEST_DATABASE_URL && "needs DATABASE_URL (PostgreSQL): PGlite runs one transaction at a time";
const ROUNDS = 20;
// How much later the delete starts than the create (negative: the create starts later).
const DELAYS_MS = [-3, 0, 2, 5, 10, 20, -1, 1, 3, 15];

describe("a live PIX charge created while the PSP connection is deleted", { skip }, () => {
  const s = useLiveSetup({
    profile: "efi",
    pspClient: { timeoutMs: 1500, retries: 1, backoffMs: [20], budgetMs: 3000 },
  });

  const call = (path: string, body: unknown) =>
    s.svc.call("POST", path, { token: s.account.live, body });
  const payableCobs = () => [...s.peer.cobs.values()].filter((c) => c.status === "ATIVA").length;

  test("ends with the delete refused, or the create refused before its PUT; never a payable cob without a connection", async () => {
    const outcomes = { deleteRefused: 0, createRefused: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      if (round > 0) {
        const saved = await call("/api/pix/provider", providerBody(s.peer));
        assert.equal(saved.statusCode, 200, saved.body);
      }
      const delay = DELAYS_MS[round % DELAYS_MS.length] ?? 0;
      const later = (ms: number) => new Promise((r) => setTimeout(r, Math.max(ms, 0)));
      const [created, deleted] = await Promise.all([
        later(-delay).then(() => s.create({ expires_in: 600 })),
        later(delay).then(() => call("/api/pix/provider/delete", {})),
      ]);
      if (deleted.statusCode === 200) {
        assert.equal(created.statusCode, 422, `round ${round}: ${created.body}`);
        assert.equal(payableCobs(), 0, `round ${round}: a cob payable with no connection`);
        const pending = await s.svc.deps.db.query(
          "SELECT id FROM charges WHERE account_id = $1 AND mode = 'live' AND status = 'pending'",
          [s.account.accountId],
        );
        assert.deepEqual(pending, [], `round ${round}`);
        outcomes.createRefused++;
      } else {
        assert.equal(deleted.statusCode, 422, `round ${round}: ${deleted.body}`);
        assert.equal(created.statusCode, 200, `round ${round}: ${created.body}`);
        outcomes.deleteRefused++;
        const id: string = created.json().data.chargeId;
        const canceled = await call("/api/pix/charge/cancel", { charge_id: id });
        assert.equal(canceled.statusCode, 200, canceled.body);
        const gone = await call("/api/pix/provider/delete", {});
        assert.equal(gone.statusCode, 200, gone.body);
      }
      assert.equal(payableCobs(), 0, `round ${round}`);
    }
    console.log("live charge delete race outcomes:", outcomes);
    // Both orders must have come up, or this test proves nothing.
    assert.ok(outcomes.createRefused > 0 && outcomes.deleteRefused > 0, JSON.stringify(outcomes));
    s.peer.assertNoViolations();
  });
});
