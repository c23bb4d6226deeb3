import assert from "node:assert/strict";
import { test } from "node:test";
import { reconcileLivePix } from "../../src/domain/live-pix/live-reconcile.ts";
import { PATIENT_PSP_CLIENT, useLiveSetup } from "../helpers/live-pix.ts";

// Reconciliation a PSP will not rate-limit (issue 21): its cost follows the Pix received, read
// a page at a time from GET /pix?inicio&fim, not the charges waiting (one GET /cob each).

const s = useLiveSetup({
  profile: "efi",
  pspClient: PATIENT_PSP_CLIENT,
});

const txidOf = (i: number) => `scaletxid${String(i).padStart(20, "0")}`;

test("reconciling 1,000 pending live charges costs the PSP a few GET /pix pages per interval and no GET /cob; the paid ones are approved", async () => {
  const now = new Date();
  await s.svc.deps.db.query(
    `INSERT INTO charges (id, account_id, mode, method, status, value_cents, provider, txid,
       expires_at, created_at, updated_at)
     SELECT 'pix_scale' || lpad(g::text, 6, '0'), $1, 'live', 'pix', 'pending', 1000, 'efi',
       'scaletxid' || lpad(g::text, 20, '0'), $2, $3, $3
     FROM generate_series(1, 1000) g`,
    [s.account.accountId, new Date(now.getTime() + 3_600_000), now],
  );
  // 40 of them are paid while the PSP's notifications are lost.
  s.peer.dropNotifications(true);
  for (let i = 1; i <= 1000; i += 25) await s.peer.payForeignCob(txidOf(i), 1000);
  const deps = { ...s.svc.deps, pspClients: s.svc.deps.pspClients, warn() {} };
  const before = s.peer.requests.length;
  const counts = await reconcileLivePix(deps, { intervalMs: 1000, attemptGraceMs: 3_600_000 });
  const asked = s.peer.requests.slice(before).filter((r) => r.path !== "/oauth/token");
  const lists = asked.filter((r) => r.method === "GET" && /\/pix$/.test(r.path));
  assert.ok(lists.length >= 1 && lists.length <= 3, `${lists.length} GET /pix pages`);
  assert.equal(asked.filter((r) => r.path.includes("/cob/")).length, 0, "no GET /cob");
  assert.equal(asked.length, lists.length, "nothing but the list");
  assert.equal(counts.approved, 40);
  const approved = await s.svc.deps.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM charges WHERE account_id = $1 AND status = 'approved'",
    [s.account.accountId],
  );
  assert.equal(approved[0]?.n, 40);

  // The next interval reads from the watermark: again a page, not a thousand calls.
  await new Promise((r) => setTimeout(r, 600));
  const before2 = s.peer.requests.length;
  await reconcileLivePix(deps, { intervalMs: 1000, attemptGraceMs: 3_600_000 });
  const asked2 = s.peer.requests.slice(before2).filter((r) => r.path !== "/oauth/token");
  assert.ok(asked2.length <= 3, `${asked2.length} requests in the second interval`);
  s.peer.assertNoViolations();
});
