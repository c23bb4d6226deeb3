import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { decodeBrCode } from "../../src/domain/pix/brcode.ts";
import type { ProfileId } from "../../src/pix-psp/types.ts";
import { cobOf, filePki, startLiveSetup } from "../helpers/live-pix.ts";
import { PEER_PROFILES } from "../helpers/psp-peer/index.ts";

// Each profile's peer requires that PSP's deviations (token auth style, scopes, client id
// header, webhook registration header, BR Code field, error and notification shapes): a charge
// created, registered and paid end to end proves the client plays them.
describe("every PSP profile, end to end: save (token, webhook), create, pay -> approved", () => {
  for (const profile of Object.keys(PEER_PROFILES) as ProfileId[]) {
    test(`${profile}`, async () => {
      const s = await startLiveSetup({ pki: filePki(), profile });
      try {
        const created = await s.create({ customer_name: "Fulano", customer_cpf: "12345678909" });
        assert.equal(created.statusCode, 200, created.body);
        const data = created.json().data;
        assert.ok(decodeBrCode(data.brCode).ok, "a valid BR Code");
        const cob = cobOf(s.peer, data.brCode);
        await s.peer.pay(cob.txid);
        await s.waitStatus(data.chargeId, "approved", 2000);
        s.peer.assertNoViolations();
      } finally {
        await s.close();
      }
    });
  }
});

test("a database dump holds no client secret or private key in clear", async () => {
  const s = await startLiveSetup({ pki: filePki(), profile: "efi" });
  try {
    const db = s.svc.deps.db;
    const secrets = [
      s.peer.clientSecret ?? "",
      // The key's base64 body, not only its PEM armour.
      s.peer.privateKeyPem
        .split("\n")
        .filter((l) => l && !l.startsWith("-----"))
        .join(""),
    ];
    for (const x of secrets) assert.ok(x.length > 16);
    const columns = await db.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = current_schema()
         AND data_type IN ('text', 'character varying', 'json', 'jsonb', 'ARRAY', 'bytea')`,
    );
    assert.ok(columns.some((c) => c.table_name === "pix_psp_connections"));
    let scanned = 0;
    for (const c of columns) {
      const rows = await db.query<{ v: string | null }>(
        `SELECT "${c.column_name}"::text AS v FROM "${c.table_name}"`,
      );
      for (const r of rows) {
        if (r.v === null) continue;
        scanned++;
        const flat = r.v.replace(/\\n|\s/g, "");
        for (const x of secrets) {
          assert.ok(!flat.includes(x), `${c.table_name}.${c.column_name} holds a secret in clear`);
        }
      }
    }
    assert.ok(scanned > 20);
  } finally {
    await s.close();
  }
});
