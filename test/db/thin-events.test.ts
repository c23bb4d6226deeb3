import assert from "node:assert/strict";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, test } from "node:test";
import { MIGRATIONS_DIR, migrate } from "../../src/db/migrate.ts";
import { findCharge } from "../../src/db/queries/charges.ts";
import { insertCharges } from "../../src/db/queries/insert-charges.ts";
import { chargeEvent, creationEvents } from "../../src/domain/charges/charge-events.ts";
import { chargeData } from "../../src/domain/charges/charge-view.ts";
import { CHARGE_EVENT_DATA_SCHEMAS } from "../../src/domain/charges/event-data-schemas.ts";
import { eventPayload } from "../../src/domain/event-payload.ts";
import { listEvents } from "../../src/domain/events/list-events.ts";
import { cryptoRandom, manualClock } from "../../src/kernel/clock.ts";
import { chargeWrite } from "../helpers/charge-write.ts";
import { openTestDb } from "../helpers/db.ts";
import { useReceiver } from "../helpers/receiver.ts";
import { accountWithWebhook, useFileService } from "../helpers/service.ts";

// A charge's charge.created and charge.pending are stored without payload and their data drawn
// from the charge's row when read (migration 0022, events.ts ORIGIN_COLUMN). What leaves the
// service must not change: the webhook bodies and GET /api/events are byte for byte those of the
// same events stored with their payload, as every event was before; and rows stored before the
// migration, with their payload, read as they did.

describe("creation events drawn from the charge row", () => {
  const svc = useFileService({
    lookup: async () => [{ address: "93.184.216.34", family: 4 }],
    env: { TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1", TOSTAO_WORKERS: "false" },
  });
  const receiver = useReceiver();

  test("webhook bodies and GET /api/events are byte-identical to the same events stored with their payload", async () => {
    const a = await accountWithWebhook(svc, receiver.r.url);
    const created = await svc.call("POST", "/api/pix/charge/create", {
      token: a.test,
      body: {
        value: 12.34,
        title: 'Pedido "7" \\ café ☕',
        external_id: "ord-7",
        customer_name: "Maria José",
        customer_email: "Maria@Example.com",
        customer_phone: "+5511987654321",
      },
    });
    assert.equal(created.statusCode, 200, created.body);
    const id = created.json().data.chargeId as string;

    const stored = await svc.deps.db.query<{ type: string; payload: unknown }>(
      "SELECT type, payload FROM events WHERE charge_id = $1 ORDER BY seq",
      [id],
    );
    assert.deepEqual(stored, [
      { type: "charge.created", payload: null },
      { type: "charge.pending", payload: null },
    ]);

    const start = receiver.r.received.length;
    await svc.worker.runOnce();
    const thinBodies = receiver.r.received.slice(start).map((r) => r.body);
    assert.equal(thinBodies.length, 2);
    const thinList = (await svc.call("GET", `/api/events?charge_id=${id}`, { token: a.test })).body;
    const thinLatest = (await svc.call("GET", "/api/events?limit=2", { token: a.test })).body;

    // The payload the service stored for these events before migration 0022.
    const row = await findCharge(svc.deps.db, { accountId: a.accountId, mode: "test", id });
    assert.ok(row);
    const old = JSON.stringify(
      eventPayload(
        { strictPayloads: true },
        CHARGE_EVENT_DATA_SCHEMAS["charge.created"],
        chargeData(row),
      ),
    );
    await svc.deps.db.query("UPDATE events SET payload = $1::json WHERE charge_id = $2", [old, id]);

    assert.equal(
      (await svc.call("GET", `/api/events?charge_id=${id}`, { token: a.test })).body,
      thinList,
    );
    assert.equal(
      (await svc.call("GET", "/api/events?limit=2", { token: a.test })).body,
      thinLatest,
    );
    const sent =
      // A fresh account: its only deliveries are this charge's two.
      (await svc.call("GET", "/api/webhooks/deliveries", { token: a.test })).json().data
        .deliveries as Array<{ id: string }>;
    assert.equal(sent.length, 2);
    const again = receiver.r.received.length;
    for (const d of sent) {
      const r = await svc.call("POST", "/api/webhooks/deliveries/redeliver", {
        token: a.test,
        body: { id: d.id },
      });
      assert.equal(r.statusCode, 200, r.body);
    }
    await svc.worker.runOnce();
    const fullBodies = receiver.r.received.slice(again).map((r) => r.body);
    assert.deepEqual([...fullBodies].sort(), [...thinBodies].sort());
  });
});

test("migration 0022 on a database with rows of the old shape: their events read as before, new ones are drawn", async () => {
  const t = await openTestDb({ migrate: false });
  const before22 = mkdtempSync(join(tmpdir(), "tostao-migrations-"));
  try {
    cpSync(MIGRATIONS_DIR, before22, {
      recursive: true,
      filter: (src) => !src.endsWith("0022_smaller_charges_events.sql"),
    });
    await migrate(t.db, before22);
    const clock = manualClock(new Date("2026-11-20T12:00:00Z"));
    await t.db.query("INSERT INTO accounts (id, name, created_at) VALUES ('acct_old', 'old', $1)", [
      clock.now(),
    ]);
    // Old shape: every event with its payload (chargeWrite stores them as chargeEvent makes them).
    const old = chargeWrite({ accountId: "acct_old", n: 1, at: clock.now() });
    const approved = { ...old.row, status: "approved" as const, approvedAt: clock.now() };
    await insertCharges(t.db, [{ ...old, events: [...old.events] }]);
    await t.db.query(
      "INSERT INTO events (id, account_id, mode, type, charge_id, payload, created_at) VALUES ('evt_oldapproved', 'acct_old', 'test', 'charge.approved', $1, $2::json, $3)",
      [
        old.row.id,
        JSON.stringify(
          chargeEvent({ clock, random: cryptoRandom }, "charge.approved", approved).payload,
        ),
        clock.now(),
      ],
    );

    assert.deepEqual(await migrate(t.db), ["0022_smaller_charges_events.sql"]);

    const deps = { db: t.db, config: { retention: { days: 90 } }, strictPayloads: true };
    const who = { accountId: "acct_old", mode: "test" as const, tokenId: "tok_old" };
    const read = await listEvents(deps, who, { charge_id: old.row.id, limit: 10 });
    assert.deepEqual(
      read.events.map((e) => [e.event, e.data]),
      [
        ["charge.created", old.events[0]?.payload],
        ["charge.pending", old.events[1]?.payload],
        ["charge.approved", JSON.parse(JSON.stringify(chargeData(approved)))],
      ],
    );

    // A charge created after the migration: its creation events stored thin, read the same.
    const fresh = chargeWrite({ accountId: "acct_old", n: 2, at: clock.now() });
    await insertCharges(t.db, [
      {
        ...fresh,
        events: creationEvents({ clock, random: cryptoRandom }, fresh.row),
      },
    ]);
    const thin = await listEvents(deps, who, { charge_id: fresh.row.id, limit: 10 });
    assert.deepEqual(
      thin.events.map((e) => e.data),
      [fresh.events[0]?.payload, fresh.events[1]?.payload],
    );
    const rows = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM events WHERE charge_id = $1 AND payload IS NULL",
      [fresh.row.id],
    );
    assert.equal(rows[0]?.n, 2);
  } finally {
    rmSync(before22, { recursive: true, force: true });
    await t.close();
  }
});
