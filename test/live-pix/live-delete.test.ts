import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { insertCharges } from "../../src/db/queries/insert-charges.ts";
import { refuseDeleteWithPendingCharges } from "../../src/domain/live-pix/live-delete-guard.ts";
import { expireLiveCharges } from "../../src/domain/live-pix/live-expire.ts";
import { reconcileLivePix } from "../../src/domain/live-pix/live-reconcile.ts";
import type { Db } from "../../src/kernel/db.ts";
import { chargeWrite } from "../helpers/charge-write.ts";
import { cobOf, PATIENT_PSP_CLIENT, useLiveSetup } from "../helpers/live-pix.ts";

// Deleting a PSP connection while live charges are pending (issue 22): refused with their list,
// and a charge left without a connection all the same is never expired while its cob may be
// paid. Whatever happens, no expired charge has a cob still payable at the PSP.

const s = useLiveSetup({
  profile: "efi",
  pspClient: PATIENT_PSP_CLIENT,
});

const del = () =>
  s.svc.call("POST", "/api/pix/provider/delete", { token: s.account.live, headers: {} });
const jobDeps = (offsetMs: number) => ({
  ...s.svc.deps,
  clock: { now: () => new Date(Date.now() + offsetMs) },
  pspClients: s.svc.deps.pspClients,
  warn() {},
});

/** Charges expired here whose cob the PSP would still take money for. */
async function expiredButPayable(): Promise<string[]> {
  const rows = await s.svc.deps.db.query<{ id: string; txid: string }>(
    "SELECT id, txid FROM charges WHERE account_id = $1 AND mode = 'live' AND status = 'expired'",
    [s.account.accountId],
  );
  return rows.filter((r) => s.peer.cobs.get(r.txid)?.status === "ATIVA").map((r) => r.id);
}

describe("deleting a PSP connection", () => {
  test("is refused while live charges are pending, naming them; allowed once they are canceled", async () => {
    const a = (await s.create({ expires_in: 60 })).json().data;
    const b = (await s.create({ expires_in: 60 })).json().data;
    const refused = await del();
    assert.equal(refused.statusCode, 422, refused.body);
    const error = refused.json().error ?? "";
    assert.match(error, /2 live PIX charges are still pending/);
    assert.ok(error.includes(a.chargeId) && error.includes(b.chargeId), error);
    const view = await s.svc.call("GET", "/api/pix/provider", { token: s.account.live });
    assert.equal(view.statusCode, 200, "the connection is still there");
    for (const c of [a, b]) {
      const res = await s.svc.call("POST", "/api/pix/charge/cancel", {
        token: s.account.live,
        body: { charge_id: c.chargeId },
      });
      assert.equal(res.json().data.statusCode, "canceled");
      assert.equal(cobOf(s.peer, c.brCode).status, "REMOVIDA_PELO_USUARIO_RECEBEDOR");
    }
    const deleted = await del();
    assert.equal(deleted.statusCode, 200, deleted.body);
  });

  test("a charge left without a connection (a create that raced the delete) is never expired while its cob is payable", async () => {
    // A fresh connection, one charge, then the connection row vanishes as a racing delete
    // would leave it.
    const saved = await s.svc.call("POST", "/api/pix/provider", {
      token: s.account.live,
      body: (await import("../helpers/live-pix.ts")).providerBody(s.peer),
    });
    assert.equal(saved.statusCode, 200, saved.body);
    const c = (await s.create({ expires_in: 60 })).json().data;
    await s.svc.deps.db.query("DELETE FROM pix_psp_connections WHERE account_id = $1", [
      s.account.accountId,
    ]);
    await s.svc.deps.pspClients.invalidate(s.account.accountId);
    await expireLiveCharges(jobDeps(120_000));
    assert.equal(await s.status(c.chargeId), "pending");
    assert.equal(cobOf(s.peer, c.brCode).status, "ATIVA");
    assert.deepEqual(await expiredButPayable(), []);
  });

  test("is refused while a cob is journalled without its charge (a create under way, or a cob for the sweep), until the sweep settles it", async () => {
    const saved = await s.svc.call("POST", "/api/pix/provider", {
      token: s.account.live,
      body: (await import("../helpers/live-pix.ts")).providerBody(s.peer),
    });
    assert.equal(saved.statusCode, 200, saved.body);
    // The previous test's charge, payable again now that there is a connection, is canceled.
    const pending = await s.svc.deps.db.query<{ id: string }>(
      "SELECT id FROM charges WHERE account_id = $1 AND mode = 'live' AND status = 'pending'",
      [s.account.accountId],
    );
    for (const { id } of pending) {
      const res = await s.svc.call("POST", "/api/pix/charge/cancel", {
        token: s.account.live,
        body: { charge_id: id },
      });
      assert.equal(res.statusCode, 200, res.body);
    }
    // What a create leaves between its journal row and its charge, or when its charge was never
    // stored: an open attempt, its cob possibly payable at the PSP.
    const txid = `txinflight${"0".repeat(20)}`;
    await s.svc.deps.db.query(
      `INSERT INTO pix_cob_attempts (txid, account_id, mode, key_hash, generation, state, created_at)
       VALUES ($1, $2, 'live', NULL, 0, 'open', $3)`,
      [txid, s.account.accountId, new Date(Date.now() - 60_000)],
    );
    const refused = await del();
    assert.equal(refused.statusCode, 422, refused.body);
    assert.match(refused.json().error ?? "", /1 live PIX cob is being created/);
    assert.ok(refused.body.includes(txid), refused.body);
    // The reconciliation's sweep asks the PSP (no such cob) and closes the attempt.
    await reconcileLivePix(jobDeps(0), { intervalMs: 1000, attemptGraceMs: 1000 });
    const deleted = await del();
    assert.equal(deleted.statusCode, 200, deleted.body);
  });

  test("a create's charge committed while the guard reads is still seen: the cob or its charge refuses the delete", async () => {
    // The create's charge statement takes no lock on the connection, so it may commit between
    // the guard's reads. Here it commits right after the guard's first statement, whatever
    // that is: read in the wrong order (pending charges, then open cobs without a charge),
    // neither read sees anything, and the delete would go through with a payable cob.
    const write = chargeWrite({ accountId: s.account.accountId, n: 1, at: new Date() });
    const row = { ...write.row, mode: "live" as const, provider: "psp:efi" };
    await s.svc.deps.db.query(
      `INSERT INTO pix_cob_attempts (txid, account_id, mode, key_hash, generation, state, created_at)
       VALUES ($1, $2, 'live', NULL, 0, 'open', now())`,
      [row.txid, s.account.accountId],
    );
    let statements = 0;
    const db: Db = {
      ...s.svc.deps.db,
      async query(sql, params) {
        const rows = await s.svc.deps.db.query(sql, params);
        if (++statements === 1) await insertCharges(s.svc.deps.db, [{ row, events: [] }]);
        return rows as never;
      },
    };
    await assert.rejects(refuseDeleteWithPendingCharges(db, s.account.accountId), (err: Error) =>
      err.message.includes(row.txid),
    );
    await s.svc.deps.db.query("DELETE FROM pix_cob_attempts WHERE txid = $1", [row.txid]);
    await s.svc.deps.db.query("UPDATE charges SET status = 'canceled' WHERE id = $1", [row.id]);
  });
});
