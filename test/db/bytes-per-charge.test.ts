import assert from "node:assert/strict";
import { test } from "node:test";
import type { Db } from "../../src/kernel/db.ts";
import { TEST_DATABASE_URL } from "../helpers/db.ts";
import { useFileService } from "../helpers/service.ts";

// Issue 27's goal: a pending PIX charge with its events takes at most 1,500 bytes on disk
// (charges and events, their indexes and TOAST). Charges are made through the API's create path,
// 16 at a time as a busy shop makes them, and the bytes counted are what they added to the
// empty tables (an empty index still has its pages). It took ~3,000 before migration 0022: a
// payload stored twice per charge, half-empty descending indexes, and redundant indexes.

const CHARGES = 2000;
const GOAL = 1500;

const svc = useFileService();

async function bytesOnDisk(db: Db): Promise<number> {
  // VACUUM: the bytes of live rows, not of dead ones autovacuum would reclaim.
  await db.exec("VACUUM charges, events");
  const [row] = await db.query<{ b: string }>(
    "SELECT (pg_total_relation_size('charges') + pg_total_relation_size('events'))::bigint AS b",
  );
  return Number(row?.b ?? 0);
}

test(`a pending PIX charge with its events takes at most ${GOAL} bytes on disk`, async () => {
  const a = await svc.newAccount();
  const empty = await bytesOnDisk(svc.deps.db);
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next++ < CHARGES) {
        const r = await svc.call("POST", "/api/pix/charge/create", {
          token: a.test,
          body: { value: 12.5, title: "growth" },
        });
        assert.equal(r.statusCode, 200, r.body);
      }
    }),
  );
  const perCharge = ((await bytesOnDisk(svc.deps.db)) - empty) / CHARGES;
  console.log(
    `bytes per pending PIX charge with its events (${TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"}): ${perCharge.toFixed(0)}`,
  );
  assert.ok(perCharge <= GOAL, `${perCharge.toFixed(0)} bytes per charge`);
});
