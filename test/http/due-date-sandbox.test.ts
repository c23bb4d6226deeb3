import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, test } from "node:test";
import { Ajv } from "ajv";
import addFormatsModule from "ajv-formats";
import { compactVerify, createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet } from "jose";
import { hasError, isDynamicPix, parsePix } from "pix-utils";
import { parse } from "yaml";
import { expireOverdueCharges } from "../../src/domain/charges/move-charge.ts";
import { notifyOverdueCharges } from "../../src/domain/charges/overdue-pass.ts";
import { brazilNoon, WORKED_BILL, workedExampleClock } from "../helpers/due-date.ts";
import { useTestService } from "../helpers/service.ts";

// Issue 24's sandbox point: a charge due in 10 days with a 2% fine, 1% a month interest and a
// 3% discount until 5 days before, paid through simulate-pay on four dates, each at the amount of
// the worked example below (computed by hand from docs/due-date.md's rules); expired at the
// end; its BR Code read by pix-utils and its location's JWS verified with the published key.
//
// Worked example. Today 2026-11-29 (Sunday). value R$ 1.234,56 = 123456 centavos.
// due_date 2026-12-09 (Wednesday, a business day: not moved). Discount tier 2026-12-04 (Friday).
// days_after_due 30 (default): last payable day 2026-12-09 + 30 = 2027-01-08 (Friday).
//  1. Early, 2026-12-01: on or before the tier date, 3% off: 123456 x 3% = 3703.68 -> 3704
//     (half up). 123456 - 3704 = 119752 -> R$ 1.197,52.
//  2. On the due date, 2026-12-09: no discount (after the tier), not late: R$ 1.234,56.
//  3. Three days late, 2026-12-12 (Saturday; calendar-day interest counts it): fine 2% once:
//     123456 x 2% = 2469.12 -> 2469; interest 1%/month over 30: 123456 x 1% x 3 / 30 = 123.456
//     -> 123. 123456 + 2469 + 123 = 126048 -> R$ 1.260,48.
//  4. After days_after_due, 2027-01-09: cannot be paid (422), and the charge expires at
//     2027-01-09 00:00 in Brazil (03:00 UTC).
// Overdue on its own: from 2026-12-10 00:00 in Brazil, one day late: fine 2469, interest
//     123456 x 1% x 1 / 30 = 41.152 -> 41; 123456 + 2469 + 41 = 125966 -> R$ 1.259,66.

const clock = workedExampleClock();
const sandbox = useTestService({ clock, listen: true });

// Requests carry the listening server's host, so the charge's location names this server.
const call = (method: "GET" | "POST", url: string, body?: unknown) =>
  sandbox.svc.call(method, url, { token: sandbox.token, body, headers: { host: sandbox.host } });

async function createBill() {
  clock.set(brazilNoon("2026-11-29"));
  const res = await call("POST", "/api/pix/charge/create", WORKED_BILL);
  assert.equal(res.statusCode, 200, res.body);
  return res.json().data as { chargeId: string; brCode: string; amountDue: number };
}

const pay = (chargeId: string, paidAt?: string) =>
  call("POST", "/api/pix/charge/simulate-pay", {
    charge_id: chargeId,
    ...(paidAt ? { paid_at: paidAt } : {}),
  });

describe("a due-date charge through simulate-pay on four dates (the worked example)", () => {
  test("1. early, within the discount: R$ 1.197,52", async () => {
    const c = await createBill();
    clock.set(brazilNoon("2026-12-01"));
    const res = await pay(c.chargeId, "2026-12-01");
    assert.equal(res.statusCode, 200, res.body);
    const d = res.json().data;
    assert.equal(d.statusCode, "approved");
    assert.equal(d.amountPaid, 1197.52);
    assert.equal(d.amountDue, 1197.52);
  });

  test("2. on the due date: R$ 1.234,56 (paid_at defaults to today in Brazil)", async () => {
    const c = await createBill();
    clock.set(brazilNoon("2026-12-09"));
    const res = await pay(c.chargeId);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.amountPaid, 1234.56);
  });

  test("3. three days late: fine and interest, R$ 1.260,48", async () => {
    const c = await createBill();
    const res = await pay(c.chargeId, "2026-12-12");
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.amountPaid, 1260.48);
    // The approval's webhook data carries what was paid.
    const events = (await call("GET", `/api/events?charge_id=${c.chargeId}`)).json().data
      .events as Array<{ event: string; data: Record<string, unknown> }>;
    const approved = events.find((e) => e.event === "charge.approved");
    assert.equal(approved?.data.amountPaid, 1260.48);
    assert.equal(approved?.data.dueDate, "2026-12-09");
  });

  test("4. after days_after_due: refused, then expired with the usual event", async () => {
    const c = await createBill();
    const late = await pay(c.chargeId, "2027-01-09");
    assert.equal(late.statusCode, 422);
    assert.match(late.json().error ?? "", /paid_at: .*last payable day is 2027-01-08/);
    // Still payable at the last minute of 2027-01-08 in Brazil...
    clock.set(new Date("2027-01-09T02:59:59.000Z"));
    assert.equal(await expireOverdueCharges(sandbox.svc.deps), 0);
    // ...and expired from 00:00 on 2027-01-09.
    clock.set(new Date("2027-01-09T03:00:00.000Z"));
    assert.ok((await expireOverdueCharges(sandbox.svc.deps)) >= 1);
    const s = (await call("GET", `/api/pix/charge/status?charge_id=${c.chargeId}`)).json().data;
    assert.equal(s.statusCode, "expired");
    assert.equal(s.amountDue, null);
    assert.equal((await pay(c.chargeId)).statusCode, 422);
  });
});

describe("becoming overdue", () => {
  test("fires charge.updated once, with overdue and the day's amount; status stays pending", async () => {
    const c = await createBill();
    clock.set(new Date("2026-12-10T02:59:59.000Z"));
    await notifyOverdueCharges(sandbox.svc.deps);
    const updates = async () =>
      (
        (await call("GET", `/api/events?charge_id=${c.chargeId}`)).json().data.events as Array<{
          event: string;
          data: Record<string, unknown>;
        }>
      ).filter((e) => e.event === "charge.updated");
    assert.equal((await updates()).length, 0, "not overdue on the due date itself");
    clock.set(new Date("2026-12-10T03:00:00.000Z"));
    await notifyOverdueCharges(sandbox.svc.deps);
    await notifyOverdueCharges(sandbox.svc.deps);
    const u = await updates();
    assert.equal(u.length, 1, "one event, however many passes");
    assert.equal(u[0]?.data.overdue, true);
    assert.equal(u[0]?.data.amountDue, 1259.66);
    assert.equal(u[0]?.data.statusCode, "pending");
    const s = (await call("GET", `/api/pix/charge/status?charge_id=${c.chargeId}`)).json().data;
    assert.equal(s.statusCode, "pending");
    assert.equal(s.overdue, true);
    assert.equal(s.amountDue, 1259.66);
  });
});

describe("the BR Code and its location", () => {
  test("pix-utils parses a dynamic code; fetchPayload reads a JWS the published key verifies", async () => {
    const c = await createBill();
    const parsed = parsePix(c.brCode);
    if (hasError(parsed)) assert.fail(parsed.message);
    assert.ok(isDynamicPix(parsed), "a dynamic BR Code");
    assert.equal(parsed.url, `${sandbox.host}/cobv/${c.chargeId.slice(4)}`);

    // pix-utils fetches https://<location>; this test server speaks http, so its axios (the one
    // pix-utils requires) is pointed at http for this host.
    const axios = createRequire(import.meta.url)("axios");
    const hook = axios.interceptors.request.use((cfg: { url?: string }) => ({
      ...cfg,
      url: cfg.url?.replace(`https://${sandbox.host}`, `http://${sandbox.host}`),
    }));
    let fetched: Awaited<ReturnType<typeof parsed.fetchPayload>>;
    try {
      fetched = await parsed.fetchPayload({ DPP: "2026-12-12", codMun: 3550308 });
    } finally {
      axios.interceptors.request.eject(hook);
    }
    if ("error" in fetched && fetched.error) assert.fail(String(fetched.message));
    assert.ok("jwsString" in fetched);
    const payload = fetched.payload as unknown as Record<string, any>;
    assert.equal(payload.txid, c.chargeId.slice(4));
    assert.deepEqual(payload.valor, {
      original: "1234.56",
      multa: "24.69",
      juros: "1.23",
      final: "1260.48",
    });
    assert.equal(payload.status, "ATIVA");
    assert.deepEqual(payload.devedor, { cpf: "52998224725", nome: "Maria Silva" });

    // The header names the JWKS; the key published there verifies the signature.
    const header = decodeProtectedHeader(fetched.jwsString);
    assert.equal(header.alg, "ES256");
    assert.equal(header.jku, `https://${sandbox.host}/cobv-keys/jwks.json`);
    const jwks = (await (
      await fetch(`http://${sandbox.host}/cobv-keys/jwks.json`)
    ).json()) as JSONWebKeySet;
    const verified = await compactVerify(fetched.jwsString, createLocalJWKSet(jwks));
    assert.deepEqual(JSON.parse(new TextDecoder().decode(verified.payload)), payload);
    // A tampered payload does not verify.
    const [h, , s] = fetched.jwsString.split(".");
    const forged = Buffer.from(JSON.stringify({ ...payload, valor: { final: "0.01" } }));
    await assert.rejects(
      compactVerify(`${h}.${forged.toString("base64url")}.${s}`, createLocalJWKSet(jwks)),
    );

    // The payload fits BACEN's CobVPayload schema.
    assert.deepEqual(cobvPayloadErrors(payload), []);

    // The discount on an early date, and a date after the last payable day refused.
    const early = await fetch(`http://${sandbox.host}/cobv/${c.chargeId.slice(4)}?DPP=2026-12-01`);
    const earlyPayload = JSON.parse(
      Buffer.from((await early.text()).split(".")[1] ?? "", "base64url").toString(),
    );
    assert.deepEqual(earlyPayload.valor, {
      original: "1234.56",
      desconto: "37.04",
      final: "1197.52",
    });
    const tooLate = await fetch(
      `http://${sandbox.host}/cobv/${c.chargeId.slice(4)}?DPP=2027-01-09`,
    );
    assert.equal(tooLate.status, 400);
    const unknown = await fetch(`http://${sandbox.host}/cobv/${"0".repeat(26)}`);
    assert.equal(unknown.status, 404);
  });
});

// ajv-formats is CommonJS with a default export; under NodeNext the callable sits on .default.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as (ajv: Ajv) => Ajv;

/** The payload's problems against BACEN's CobVPayload (test/fixtures, v2.9.0). */
function cobvPayloadErrors(payload: unknown): string[] {
  const file = new URL("../fixtures/bacen-pix-api-v2.9.0.yaml", import.meta.url);
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (!node || typeof node !== "object") return node;
    return Object.fromEntries(
      Object.entries(node).map(([k, v]) => {
        if (k === "$ref" && typeof v === "string") return [k, `bacen${v}`];
        // The file's patterns written between slashes (its known slip) lose the slashes.
        if (k === "pattern" && typeof v === "string" && /^\/.*\/$/.test(v))
          return [k, v.slice(1, -1)];
        return [k, rewrite(v)];
      }),
    );
  };
  const doc = rewrite(parse(readFileSync(file, "utf8"))) as object;
  const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
  ajv.addSchema({ ...doc, $id: "bacen" });
  const check = ajv.compile({ $ref: "bacen#/components/schemas/CobVPayload" });
  if (check(payload)) return [];
  return (check.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message}`);
}
