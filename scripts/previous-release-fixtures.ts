// Writes test/fixtures/previous-release/<commit>/: the statements a release ran to create a PIX
// charge (with its events, webhook deliveries and Idempotency-Key row), approve it and write its
// charge.approved event, each with its parameters, as that release's own code built them. Run
// from the repository's root with the commit of the release (its source is taken from git):
//   npx tsx scripts/previous-release-fixtures.ts 7246cc9
// test/db/previous-release.test.ts runs every such folder against today's migrated schema.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const commit = process.argv[2];
if (!commit) throw new Error("usage: npx tsx scripts/previous-release-fixtures.ts <commit>");
const out = resolve("test/fixtures/previous-release", commit);
const root = mkdtempSync(join(tmpdir(), "tostao-release-"));
execFileSync("sh", ["-c", `git archive ${commit} src | tar -x -C ${root}`]);
symlinkSync(resolve("node_modules"), join(root, "node_modules"));

// That release's modules, whose types are not ours.
// biome-ignore lint/suspicious/noExplicitAny: see above
const from = (path: string): Promise<any> => import(join(root, "src", path));
const { moveCharge } = await from("db/queries/charges.ts");
const { insertCharges } = await from("db/queries/insert-charges.ts");
const { insertEvents } = await from("db/queries/events.ts");
const { chargeEvent, creationEvents } = await from("domain/charges/charge-events.ts");
const { makePooledRandom } = await from("kernel/clock.ts");

// Each statement is captured instead of run: its text and parameters are the fixture.
const captured: { sql: string; params: readonly unknown[] }[] = [];
const db = {
  kind: "postgres",
  query: async (sql: string, params: readonly unknown[] = []) => {
    captured.push({ sql, params });
    return [{ inserted: "[]" }];
  },
};
let at = new Date("2026-11-20T12:00:00.000Z");
const deps = { clock: { now: () => at }, random: makePooledRandom(64), strictPayloads: true };
const row = {
  id: "pix_previousrelease0000000001",
  accountId: "acc_previous_release",
  mode: "test",
  method: "pix",
  status: "pending",
  valueCents: 12345,
  title: "Pedido 42",
  description: "Café e pão de queijo",
  productId: null,
  externalId: "ord-42",
  details: { customer_name: "Ana Original", customer_email: "ana@example.com" },
  provider: "sandbox",
  txid: "previousrelease0000000000001",
  brCode:
    "00020101021226580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865406123.455802BR5913Loja Exemplo6009SAO PAULO62320528previousrelease00000000000016304ABCD",
  simulated: false,
  expiresAt: new Date("2026-11-20T13:00:00.000Z"),
  createdAt: at,
  updatedAt: at,
  approvedAt: null,
  crypto: null,
  receivedSats: 0,
  paidLate: false,
  receivedCents: 0,
};
try {
  await insertCharges(db, [
    {
      row,
      events: creationEvents(deps, row),
      key: {
        accountId: row.accountId,
        mode: row.mode,
        route: "POST /api/pix/charge/create",
        key: "previous-release-key-1",
        fingerprint: "0".repeat(64),
        responseStatus: 200,
        responseBody: JSON.stringify({ success: true, data: { chargeId: row.id } }),
        createdAt: at,
      },
    },
  ]);
  at = new Date("2026-11-20T12:05:00.000Z");
  await moveCharge(db, row, { from: ["pending"], to: "approved", at, simulated: true });
  const approved = { ...row, status: "approved", approvedAt: at, updatedAt: at, simulated: true };
  await insertEvents(db, [chargeEvent(deps, "charge.approved", approved)]);

  mkdirSync(out, { recursive: true });
  ["insert-charges", "move-charge", "insert-events"].forEach((name, i) => {
    const c = captured[i];
    if (!c) throw new Error(`${commit}: ${name} ran no statement`);
    writeFileSync(join(out, `${name}.sql`), `${c.sql.trim()}\n`);
    writeFileSync(join(out, `${name}.params.json`), `${JSON.stringify(c.params, null, 2)}\n`);
  });
  console.log(`previous-release fixtures of ${commit} in ${out}`);
} finally {
  rmSync(root, { recursive: true, force: true });
}
