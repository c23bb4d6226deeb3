import assert from "node:assert/strict";
import { test } from "node:test";
import type { PixListQuery, PixReceived } from "../../pix-psp/types.ts";
import { buildStatement, listAllPix, neighbourDays, statementDay } from "./pix-statement.ts";

const NOW = new Date("2026-12-03T12:00:00Z");

test("a statement day is the São Paulo calendar day: midnight -03:00 to the next midnight", () => {
  const d = statementDay("2026-12-03", NOW);
  assert.ok(!("error" in d));
  assert.equal(d.inicio.toISOString(), "2026-12-03T03:00:00.000Z");
  assert.equal(d.fim.toISOString(), "2026-12-04T03:00:00.000Z");
});

test("a day after today in São Paulo is future; a non-date is malformed", () => {
  assert.deepEqual(statementDay("2026-12-04", NOW), { error: "future" });
  // 01:00 UTC on the 4th is still the 3rd in São Paulo: the 4th is not yet asked for.
  assert.deepEqual(statementDay("2026-12-04", new Date("2026-12-04T01:00:00Z")), {
    error: "future",
  });
  assert.deepEqual(statementDay("2026-02-30", NOW), { error: "malformed" });
  assert.deepEqual(statementDay("03/12/2026", NOW), { error: "malformed" });
});

test("the page links go back a day and forward only up to today", () => {
  assert.deepEqual(neighbourDays("2026-12-03", NOW), { prev: "2026-12-02" });
  assert.deepEqual(neighbourDays("2026-03-01", NOW), { prev: "2026-02-28", next: "2026-03-02" });
});

const pix = (e2e: string, cents: number, txid?: string, devs: PixReceived["devolucoes"] = []) => ({
  endToEndId: e2e,
  amountCents: cents,
  horario: "2026-12-03T13:00:00Z",
  devolucoes: devs,
  ...(txid ? { txid } : {}),
});

test("every page of GET /pix is read, the window passed on each", async () => {
  const asked: PixListQuery[] = [];
  const all = await listAllPix(
    async (q) => {
      asked.push(q);
      return { pix: [pix(`E${q.page}`, 100)], page: q.page, pages: 3 };
    },
    { inicio: new Date(0), fim: new Date(1) },
    1,
  );
  assert.deepEqual(
    all.map((p) => p.endToEndId),
    ["E0", "E1", "E2"],
  );
  assert.deepEqual(
    asked.map((q) => [q.page, q.perPage, q.fim.getTime()]),
    [
      [0, 1, 1],
      [1, 1, 1],
      [2, 1, 1],
    ],
  );
});

test("lines match by txid or e2e, unmatched are counted, an unapproved charge is flagged, totals are centavos", () => {
  const s = buildStatement(
    "2026-12-03",
    [
      pix("E1", 1000, "tx1", [
        { id: "D1", amountCents: 250, status: "DEVOLVIDO", rawStatus: "DEVOLVIDO" },
        { id: "D2", amountCents: 999, status: "NAO_REALIZADO", rawStatus: "NAO_REALIZADO" },
      ]),
      pix("E2", 2000),
      pix("E3", 3000, "tx3"),
      pix("E4", 555, "nobody"),
    ],
    [
      { id: "ch_1", txid: "tx1", status: "approved", e2eIds: ["E1"], payerName: "Maria Silva" },
      { id: "ch_2", txid: "tx2", status: "approved", e2eIds: ["E2"] },
      { id: "ch_3", txid: "tx3", status: "pending", e2eIds: [] },
    ],
  );
  assert.deepEqual(
    s.lines.map((l) => [l.chargeId, l.matched, l.flag ?? null]),
    [
      ["ch_1", true, null],
      ["ch_2", true, null],
      ["ch_3", true, "charge_not_approved"],
      [null, false, null],
    ],
  );
  assert.deepEqual(
    s.lines.map((l) => l.payerName),
    ["Maria Silva", null, null, null],
    "the payer is the matched charge's customer, when it names one",
  );
  assert.deepEqual(s.lines[0]?.devolucoes, [{ id: "D1", amountCents: 250, status: "DEVOLVIDO" }]);
  assert.deepEqual(s.totals, { receivedCents: 6555, refundedCents: 250, netCents: 6305, count: 4 });
  assert.equal(s.unmatched, 1);
  assert.equal(s.flagged, 1);
});
