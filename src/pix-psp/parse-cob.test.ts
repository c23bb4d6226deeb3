import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { PspShapeError, parseCob, parseDevolucao, parsePix } from "./parse-cob.ts";

const cob = (over: Record<string, unknown> = {}) => ({
  txid: "7978c0c97ea847e78e8849634473c1f1",
  revisao: 0,
  status: "ATIVA",
  calendario: { criacao: "2020-09-09T20:15:00.358Z", expiracao: 3600 },
  valor: { original: "37.00" },
  chave: "7d9f0335-8dcc-4054-9bf9-0dbd61d36906",
  loc: { id: 789, location: "pix.example.com/qr/9d36b84fc70b478fb95c12729b90ca25", tipoCob: "cob" },
  location: "pix.example.com/qr/9d36b84fc70b478fb95c12729b90ca25",
  ...over,
});

describe("lenient reading of the PSP's cob answers", () => {
  test("reads the spec's cobResponse1", () => {
    const v = parseCob(cob(), ["pixCopiaECola"]);
    assert.deepEqual(v, {
      txid: "7978c0c97ea847e78e8849634473c1f1",
      status: "ATIVA",
      rawStatus: "ATIVA",
      amountCents: 3700,
      chave: "7d9f0335-8dcc-4054-9bf9-0dbd61d36906",
      location: "pix.example.com/qr/9d36b84fc70b478fb95c12729b90ca25",
      pix: [],
    });
  });

  test("REMOVIDO_* and REMOVIDA_* are one status; an unknown one is kept raw", () => {
    for (const [raw, want] of [
      ["REMOVIDO_PELO_USUARIO_RECEBEDOR", "REMOVIDA_PELO_USUARIO_RECEBEDOR"],
      ["REMOVIDA_PELO_USUARIO_RECEBEDOR", "REMOVIDA_PELO_USUARIO_RECEBEDOR"],
      ["REMOVIDO_PELO_PSP", "REMOVIDA_PELO_PSP"],
      ["REMOVIDA_PELO_PSP", "REMOVIDA_PELO_PSP"],
      ["CONCLUIDA", "CONCLUIDA"],
      ["EM_ANALISE_FUTURA", "unknown"],
    ] as const) {
      const v = parseCob(cob({ status: raw }), []);
      assert.equal(v.status, want, raw);
      assert.equal(v.rawStatus, raw);
    }
  });

  test("the BR Code is read from the profile's fields, in order", () => {
    const body = cob({ brcode: "B", pixCopiaECola: "P" });
    assert.equal(parseCob(body, ["pixCopiaECola", "brcode"]).brCode, "P");
    assert.equal(parseCob(body, ["brcode", "pixCopiaECola"]).brCode, "B");
    assert.equal(parseCob(cob({ brcode: "B" }), ["pixCopiaECola"]).brCode, undefined);
  });

  test("location falls back to loc.location and loses a scheme", () => {
    const v = parseCob(
      cob({ location: undefined, loc: { location: "https://psp.example/qr/1" } }),
      [],
    );
    assert.equal(v.location, "psp.example/qr/1");
  });

  test("a paid cob's pix[], with devolucoes as an object or an array", () => {
    const dev = {
      id: "d1",
      rtrId: "D12345678202009091000abcde123456",
      valor: "1.00",
      status: "DEVOLVIDO",
    };
    const pix = {
      endToEndId: "E12345678202009091221kkkkkkkkkkk",
      txid: "7978c0c97ea847e78e8849634473c1f1",
      valor: "37.00",
      horario: "2020-09-09T20:15:00.358Z",
      unknownField: { nested: true },
    };
    for (const devolucoes of [dev, [dev]]) {
      const v = parseCob(cob({ status: "CONCLUIDA", pix: [{ ...pix, devolucoes }] }), []);
      assert.equal(v.pix[0]?.amountCents, 3700);
      assert.deepEqual(v.pix[0]?.devolucoes, [
        {
          id: "d1",
          rtrId: dev.rtrId,
          amountCents: 100,
          status: "DEVOLVIDO",
          rawStatus: "DEVOLVIDO",
        },
      ]);
    }
  });

  test("devolução statuses: known ones, and unknown kept raw", () => {
    const d = (status: string) => parseDevolucao({ id: "x", valor: "1.00", status, motivo: "m" });
    assert.equal(d("NAO_REALIZADO").status, "NAO_REALIZADO");
    assert.equal(d("NAO_REALIZADO").motivo, "m");
    assert.equal(d("EM_PROCESSAMENTO").status, "EM_PROCESSAMENTO");
    assert.deepEqual([d("ESTORNADO").status, d("ESTORNADO").rawStatus], ["unknown", "ESTORNADO"]);
  });

  test("what we cannot do without is a PspShapeError", () => {
    assert.throws(() => parseCob(cob({ txid: undefined }), []), PspShapeError);
    assert.throws(() => parseCob(cob({ valor: { original: 37 } }), []), PspShapeError);
    assert.throws(() => parseCob([], []), PspShapeError);
    assert.throws(() => parsePix({ valor: "1.00" }), PspShapeError);
    assert.throws(() => parseDevolucao({ id: "x", valor: "1.0.0" }), PspShapeError);
  });
});
