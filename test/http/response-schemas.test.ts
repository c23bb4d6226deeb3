import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { ORIGIN_COLUMN, type OriginJson, originOf } from "../../src/db/queries/events.ts";
import type { EventType } from "../../src/domain/charges/charge-status.ts";
import { eventDataOf } from "../../src/domain/charges/event-data-of.ts";
import { eventPayload } from "../../src/domain/event-payload.ts";
import { EVENT_DATA_SCHEMAS, webhookBody } from "../../src/domain/events/event-data.ts";
import { startFakeEsplora } from "../helpers/fake-chain.ts";
import { responseSchemaSuite } from "../helpers/schema-suite.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

let svc: TestService;
let chain: Awaited<ReturnType<typeof startFakeEsplora>>;
before(async () => {
  chain = await startFakeEsplora();
  svc = await startTestService({
    // Webhook URLs resolve to a public address and nothing is delivered.
    lookup: async () => [{ address: "93.184.216.34", family: 4 }],
    // localhost: the local PSP peer of the live PIX provider routes.
    env: {
      TOSTAO_ESPLORA_URL_TESTNET: chain.url,
      TOSTAO_WORKERS: "false",
      TOSTAO_WEBHOOK_ALLOW_HOSTS: "localhost",
      // A live PSP connection needs it (never the Host header); http: registered by hand.
      TOSTAO_BASE_URL: "http://localhost:3000",
    },
  });
});
after(async () => {
  await svc.close();
  await chain.close();
});

describe("response schemas on every route", () => {
  responseSchemaSuite(() => svc);
});

describe("event payloads and webhook bodies", () => {
  test("every event the suite stored fits its event's schema exactly, and so does its webhook body", async () => {
    const stored = await svc.deps.db.query<{
      id: string;
      type: EventType;
      payload: Record<string, unknown> | null;
      origin: OriginJson | null;
      created_at: Date;
    }>(`SELECT e.id, e.type, e.payload, e.created_at, ${ORIGIN_COLUMN} FROM events e ORDER BY seq`);
    // Creation events are stored without payload: their data is drawn from the charge's row.
    const rows = stored.map((r) => ({
      ...r,
      payload: eventDataOf({ strictPayloads: true }, { ...r, origin: originOf(r.origin) }),
    }));
    const types = new Set(rows.map((r) => r.type));
    for (const t of ["charge.created", "charge.approved", "charge.updated", "webhook.test"]) {
      assert.ok(types.has(t as EventType), `the suite stored a ${t}`);
    }
    for (const r of rows) {
      const strict = { strictPayloads: true };
      assert.deepEqual(
        eventPayload(strict, EVENT_DATA_SCHEMAS[r.type], r.payload),
        r.payload,
        `${r.type} ${r.id}`,
      );
      const body = {
        id: r.id,
        event: r.type,
        timestamp: r.created_at.toISOString(),
        data: r.payload,
      };
      assert.deepEqual(JSON.parse(webhookBody(strict, body)), JSON.parse(JSON.stringify(body)));
    }
  });
});
