import assert from "node:assert/strict";
import { describe, test } from "node:test";
import fc from "fast-check";
import { PspNotificationError, parsePspNotification } from "./notification.ts";

const pix = {
  endToEndId: "E12345678202009091221kkkkkkkkkkk",
  txid: "7978c0c97ea847e78e8849634473c1f1",
  valor: "110.00",
  horario: "2020-09-09T20:15:00.358Z",
  infoPagador: "0123456789",
  chave: "7d9f0335-8dcc-4054-9bf9-0dbd61d36906",
};

describe("PSP notification bodies", () => {
  test("{pix: [...]} (the standard) and a root array (Inter) read the same", () => {
    const want = [
      {
        endToEndId: pix.endToEndId,
        txid: pix.txid,
        amountCents: 11000,
        horario: pix.horario,
        devolucoes: [],
      },
    ];
    assert.deepEqual(parsePspNotification({ pix: [pix] }).pix, want);
    assert.deepEqual(parsePspNotification([pix]).pix, want);
  });

  test("the spec's pixWebhook1 example: devolucoes as an object", () => {
    const body = {
      pix: [
        {
          ...pix,
          devolucoes: {
            id: "123ABC",
            rtrId: "D12345678202009091221abcdf098765",
            valor: "10.00",
            horario: { solicitacao: "2020-09-09T20:15:00.358Z" },
            status: "EM_PROCESSAMENTO",
          },
        },
      ],
    };
    const d = parsePspNotification(body).pix[0]?.devolucoes;
    assert.equal(d?.length, 1);
    assert.equal(d?.[0]?.amountCents, 1000);
    assert.equal(d?.[0]?.status, "EM_PROCESSAMENTO");
  });

  test("several Pix in one POST, unknown fields ignored, a Pix without txid kept", () => {
    const { txid: _, ...noTxid } = pix;
    const out = parsePspNotification({ pix: [pix, { ...noTxid, endToEndId: "E2" }], extra: 1 });
    assert.equal(out.pix.length, 2);
    assert.equal(out.pix[1]?.txid, undefined);
  });

  test("bad shapes are a PspNotificationError (the route's 400)", () => {
    for (const bad of [
      null,
      1,
      "x",
      {},
      { pix: {} },
      { pix: [1] },
      [{ valor: "1.00" }],
      { pix: [{ ...pix, valor: 1 }] },
    ]) {
      assert.throws(() => parsePspNotification(bad), PspNotificationError, JSON.stringify(bad));
    }
  });

  test("never throws anything but PspNotificationError, whatever JSON arrives", () => {
    const near = fc.record(
      {
        endToEndId: fc.oneof(fc.string(), fc.constant(pix.endToEndId), fc.integer()),
        txid: fc.oneof(fc.string(), fc.constant(null)),
        valor: fc.oneof(fc.string(), fc.constant("1.00"), fc.double()),
        horario: fc.string(),
        devolucoes: fc.oneof(fc.jsonValue(), fc.array(fc.jsonValue())),
      },
      { requiredKeys: [] },
    );
    const body = fc.oneof(
      fc.jsonValue(),
      fc.array(near),
      fc.record({ pix: fc.oneof(fc.array(near), fc.jsonValue()) }),
    );
    fc.assert(
      fc.property(body, (b) => {
        try {
          const out = parsePspNotification(b);
          for (const p of out.pix) assert.ok(Number.isSafeInteger(p.amountCents));
        } catch (err) {
          if (!(err instanceof PspNotificationError)) throw err;
        }
      }),
      { numRuns: 2000 },
    );
  });
});
