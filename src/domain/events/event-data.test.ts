import assert from "node:assert/strict";
import { test } from "node:test";
import type { ChargeRow } from "../../db/queries/charges.ts";
import { manualClock } from "../../kernel/clock.ts";
import { chargeEvent, creationEvents } from "../charges/charge-events.ts";
import { chargeData } from "../charges/charge-view.ts";
import { eventDataOf } from "../charges/event-data-of.ts";
import { eventPayload } from "../event-payload.ts";
import { EVENT_DATA_SCHEMAS, webhookBody } from "./event-data.ts";

// Event payloads (and so GET /api/events and every webhook body) are written through their
// event's schema: a field added to chargeData() or to any payload without declaring it fails
// here (strict, as the tests run the service) and never goes out (otherwise).

const deps = {
  clock: manualClock(new Date("2026-11-26T12:00:00Z")),
  random: { bytes: (n: number) => Buffer.alloc(n, 7) },
  strictPayloads: true,
};
const row: ChargeRow = {
  id: "pix_1",
  accountId: "acc_1",
  mode: "test",
  method: "pix",
  status: "pending",
  valueCents: 1234,
  title: "Pedido",
  description: null,
  productId: null,
  externalId: null,
  details: { customer_email: "a@example.com" },
  provider: "sandbox",
  txid: "t1",
  brCode: "000201",
  simulated: false,
  expiresAt: new Date("2026-11-26T13:00:00Z"),
  createdAt: new Date("2026-11-26T12:00:00Z"),
  updatedAt: new Date("2026-11-26T12:00:00Z"),
  approvedAt: null,
  crypto: null,
  receivedSats: 0,
  receivedCents: 0,
  paidLate: false,
};

test("every charge event's data is chargeData() exactly as its schema declares it", () => {
  for (const e of [...creationEvents(deps, row), chargeEvent(deps, "charge.approved", row)]) {
    // Creation events are stored without payload and drawn from the charge's row when read.
    const data = eventDataOf(deps, { ...e, origin: e.payload === null ? row : null });
    assert.deepEqual(data, JSON.parse(JSON.stringify(chargeData(row))));
  }
  assert.deepEqual(
    creationEvents(deps, row).map((e) => e.payload),
    [null, null],
  );
});

test("a creation event keeps its payload when its data could not be drawn back from the row", () => {
  // A declined period's reason is written into details later and is not part of the charge as
  // created; a row that already carries it (or any field drawing leaves out) stores its data.
  const declined = { ...row, details: { ...row.details, decline_reason: "AM04" } };
  const events = creationEvents(deps, declined);
  for (const e of events) {
    assert.notEqual(e.payload, null);
    assert.equal(e.payload?.declineReason, "AM04");
  }
  // The usual charge stores none: its data is drawn back identical.
  assert.deepEqual(
    creationEvents(deps, row).map((e) => e.payload),
    [null, null],
  );
});

test("a field outside the event's schema fails under strict payloads, and is dropped otherwise", () => {
  const leaky = { ...chargeData(row), internal_secret: "s3cret" };
  assert.throws(() => chargeEvent(deps, "charge.approved", row, leaky), /internal_secret/);
  const lax = eventPayload({}, EVENT_DATA_SCHEMAS["charge.approved"], leaky);
  assert.equal("internal_secret" in lax, false);
  assert.throws(
    () =>
      webhookBody(deps, {
        id: "evt_1",
        event: "charge.approved",
        timestamp: row.createdAt.toISOString(),
        data: leaky,
      }),
    /internal_secret/,
  );
});

test("charge.updated declares the refund it carries when the PSP did not make a refund", () => {
  const data = { ...chargeData(row), refund: { status: "failed", reason: "no funds" } };
  assert.deepEqual(chargeEvent(deps, "charge.updated", row, data).payload?.refund, data.refund);
  assert.throws(() => chargeEvent(deps, "charge.approved", row, data), /refund/);
});
