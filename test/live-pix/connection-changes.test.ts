import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { useLiveSetup } from "../helpers/live-pix.ts";

// A keyed live create reads the PSP connection's revision in the statement that chooses its txid
// and reuses the cached connection only when that revision is the one cached (live-create.ts,
// clients.ts: forAccountAt). A connection changed or deleted through another instance (here,
// straight in the database, as that instance's statement would leave it) must be seen by the very
// next create, with no cache delay.

describe("a keyed live create sees a connection changed through another instance at once", () => {
  let n = 0;
  const keyed = () => s.create({}, { "idempotency-key": `conn-change-${n++}` });
  const s = useLiveSetup({ profile: "efi" });

  const setKey = (pixKey: string) =>
    s.svc.deps.db.query(
      "UPDATE pix_psp_connections SET pix_key = $2, revision = revision + 1 WHERE account_id = $1 AND mode = 'live'",
      [s.account.accountId, pixKey],
    );

  test("a new pix key saved elsewhere is the next create's chave; the old row is not used from the cache", async () => {
    const first = await keyed();
    assert.equal(first.statusCode, 200, first.body);
    // Another instance points the connection at a key this PSP does not hold for the merchant:
    // the PSP refuses the cob, which shows the new row was used.
    await setKey("outra-chave@example.com");
    const refused = await keyed();
    assert.notEqual(refused.statusCode, 200, refused.body);
    assert.match(refused.body, /chave|key/i);
    // And back: the next create works again with the PSP's key.
    await setKey(s.peer.pixKey);
    const again = await keyed();
    assert.equal(again.statusCode, 200, again.body);
    s.peer.assertNoViolations();
  });

  test("a connection deleted elsewhere makes the next keyed create a 422 that names the missing connection", async () => {
    const ok = await keyed();
    assert.equal(ok.statusCode, 200, ok.body);
    await s.svc.deps.db.query("DELETE FROM pix_psp_connections WHERE account_id = $1", [
      s.account.accountId,
    ]);
    const res = await keyed();
    assert.equal(res.statusCode, 422, res.body);
    assert.match(res.json().error ?? "", /PSP connection/);
  });
});
