import assert from "node:assert/strict";
import { test } from "node:test";
import { parseCobV, parseLoteCobV } from "./parse-cobv.ts";

// The file's own example cobResponse4 has no top-level `location` and no receiver address at the
// top, both of which CobVGerada marks required: the reader must not depend on either.
const FILE_EXAMPLE = {
  calendario: {
    criacao: "2020-09-09T20:15:00.358Z",
    dataDeVencimento: "2020-12-31",
    validadeAposVencimento: 30,
  },
  txid: "7978c0c97ea847e78e8849634473c1f1",
  revisao: 0,
  loc: {
    id: 789,
    location: "pix.example.com/qr/c2/cobv/9d36b84fc70b478fb95c12729b90ca25",
    tipoCob: "cobv",
  },
  status: "ATIVA",
  devedor: { cpf: "12345678909", nome: "Francisco da Silva" },
  recebedor: { cnpj: "56989000019533", nome: "Empresa de Logística SA" },
  valor: { original: "123.45" },
  chave: "5f84a4c5-c5cb-4599-9f13-7eb4d419dacc",
};

test("a cobv answer without the file's required top-level location and address is read", () => {
  const v = parseCobV(FILE_EXAMPLE, ["pixCopiaECola"]);
  assert.equal(v.txid, FILE_EXAMPLE.txid);
  assert.equal(v.amountCents, 12345);
  assert.equal(v.dataDeVencimento, "2020-12-31");
  assert.equal(v.validadeAposVencimento, 30);
  assert.equal(v.location, "pix.example.com/qr/c2/cobv/9d36b84fc70b478fb95c12729b90ca25");
  assert.equal(v.brCode, undefined);
});

test("extra fields (the receiver's address at the top, unknown ones) change nothing", () => {
  const v = parseCobV(
    {
      ...FILE_EXAMPLE,
      logradouro: "Rua",
      cidade: "SP",
      uf: "SP",
      cep: "01001000",
      futuro: { x: 1 },
      pixCopiaECola: "000201abc",
    },
    ["pixCopiaECola"],
  );
  assert.equal(v.brCode, "000201abc");
  assert.equal(v.amountCents, 12345);
});

test("a lote answer gives each line's status and a refused line's reason in the PSP's words", () => {
  const lote = parseLoteCobV(
    {
      id: 9,
      descricao: "Cobranças",
      criacao: "2020-11-01T20:15:00.358Z",
      cobsv: [
        { txid: "fb2761260e554ad593c7226beb5cb650", status: "CRIADA" },
        {
          txid: "7978c0c97ea847e78e8849634473c1f1",
          status: "NEGADA",
          problema: {
            type: "https://pix.bcb.gov.br/api/v2/error/CobVOperacaoInvalida",
            title: "Cobrança inválida.",
            status: 400,
            violacoes: [
              {
                razao: "O objeto cobv.devedor não respeita o _schema_.",
                propriedade: "cobv.devedor",
              },
            ],
          },
        },
        { txid: "x1", status: "SOMETHING_NEW" },
        { status: "CRIADA" },
      ],
    },
    "9",
  );
  assert.deepEqual(
    lote.lines.map((l) => l.status),
    ["CRIADA", "NEGADA", "unknown"],
  );
  assert.match(lote.lines[1]?.reason ?? "", /cobv\.devedor: O objeto cobv\.devedor não respeita/);
  assert.equal(lote.lines[2]?.rawStatus, "SOMETHING_NEW");
});
