import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { test } from "node:test";
import { useReceiver } from "../helpers/receiver.ts";
import { accountWithWebhook, useFileService } from "../helpers/service.ts";

// One release back keeps working beside the migrated schema (docs/operations.md, "Upgrades and
// migrations"): the statements an instance of an earlier release runs to create a charge, to
// approve it and to write its next event, with their parameters, as that release's code built
// them (test/fixtures/previous-release/README.md), run against today's schema; what they write
// must read back through today's code as that release meant it. A migration that those writes no
// longer fit (a NOT NULL column without a default, a renamed column, a dropped constraint a
// statement names) fails here.

const FIXTURES = new URL("../fixtures/previous-release/", import.meta.url);
const RELEASES = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const PREVIOUS_ACCOUNT = "acc_previous_release";
const PREVIOUS_CHARGE_TAG = "previousrelease";

/**
 * A fixture statement with its parameters: the release's account id replaced by the test's, and
 * the charge's id, txid and BR Code marked by `tag` (each release's charge is its own).
 */
function statement(
  release: string,
  name: string,
  who: { accountId: string; tag: string },
): { sql: string; params: unknown[] } {
  const file = (ext: string) => readFileSync(new URL(`${release}/${name}${ext}`, FIXTURES), "utf8");
  const params = file(".params.json")
    .replaceAll(PREVIOUS_ACCOUNT, who.accountId)
    .replaceAll(PREVIOUS_CHARGE_TAG, who.tag);
  return { sql: file(".sql"), params: JSON.parse(params) };
}

/** The events' stored payloads as the release wrote them (null: drawn from the charge), by id. */
function payloadsOf(...params: unknown[][]): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const p of params) {
    const rows = JSON.parse(p[0] as string) as Array<{
      id?: string;
      payload?: string;
      events?: Array<{ id: string; payload: string }>;
    }>;
    for (const r of rows) {
      for (const e of r.events ?? [r as { id: string; payload: string }]) {
        out.set(e.id, e.payload === null ? null : JSON.parse(e.payload));
      }
    }
  }
  return out;
}

const svc = useFileService({
  lookup: async () => [{ address: "93.184.216.34", family: 4 }],
  env: { TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1", TOSTAO_WORKERS: "false" },
});
const receiver = useReceiver();

for (const release of RELEASES) {
  test(`release ${release}'s charge, approval and events, written against today's schema, read back through today's code`, async () => {
    const a = await accountWithWebhook(svc, receiver.r.url);

    const who = { accountId: a.accountId, tag: `release${release}x`.slice(0, 15) };
    const create = statement(release, "insert-charges", who);
    const approve = statement(release, "move-charge", who);
    const approvedEvent = statement(release, "insert-events", who);
    const [inserted] = await svc.deps.db.query<{ inserted: string }>(create.sql, create.params);
    const chargeId = `pix_${who.tag}0000000001`;
    assert.deepEqual(JSON.parse(inserted?.inserted ?? "[]"), [chargeId]);
    assert.equal((await svc.deps.db.query(approve.sql, approve.params)).length, 1);
    await svc.deps.db.query(approvedEvent.sql, approvedEvent.params);
    const payloads = payloadsOf(create.params, approvedEvent.params);
    assert.equal(payloads.size, 3);
    // A creation event stored without payload (migration 0022 on) reads as the charge as created:
    // its charge.approved's data before the approval (what the release before 0022 stored).
    const [approved] = payloadsOf(approvedEvent.params).values();
    const asCreated = {
      ...(approved as Record<string, unknown>),
      status: "Pendente",
      statusCode: "pending",
      approvedAt: null,
    };
    const expected = (eventId: string) => payloads.get(eventId) ?? asCreated;

    // The charge: listed, and its status, as the previous release left it.
    const list = await svc.call("GET", "/api/pix/charges?limit=10", { token: a.test });
    assert.equal(list.statusCode, 200, list.body);
    const listed = list.json().data.charges as Array<Record<string, unknown>>;
    assert.deepEqual(
      listed.map((c) => [c.chargeId, c.statusCode, c.value, c.external_id]),
      [[chargeId, "approved", 123.45, "ord-42"]],
    );
    const status = await svc.call("GET", `/api/pix/charge/status?charge_id=${chargeId}`, {
      token: a.test,
    });
    assert.equal(status.statusCode, 200, status.body);
    assert.equal(status.json().data.statusCode, "approved");
    assert.equal(status.json().data.approvedAt, "2026-11-20T12:05:00.000Z");

    // Its events, with the data the previous release stored, through the API and the webhook.
    const events = await svc.call("GET", `/api/events?charge_id=${chargeId}`, { token: a.test });
    assert.equal(events.statusCode, 200, events.body);
    const listedEvents = events.json().data.events as Array<{
      id: string;
      event: string;
      data: unknown;
    }>;
    assert.deepEqual(
      listedEvents.map((e) => e.event),
      ["charge.created", "charge.pending", "charge.approved"],
    );
    for (const e of listedEvents) assert.deepEqual(e.data, expected(e.id), e.event);

    const start = receiver.r.received.length;
    await svc.worker.runOnce();
    const bodies = receiver.r.received
      .slice(start)
      .map((r) => JSON.parse(r.body) as { id: string; data: unknown });
    assert.equal(bodies.length, 3);
    for (const b of bodies) {
      assert.notEqual(b.data, null, b.id);
      assert.deepEqual(b.data, expected(b.id));
    }
  });
}
