import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";
import { parse } from "yaml";
import { bacenValidator } from "../helpers/psp-peer/index.ts";

// The peer's readings of the BACEN file (its README): each one is pinned here, so a change to
// the file or to the validator that undoes a reading, or loosens the check, fails.
const doc = parse(
  readFileSync(new URL("../fixtures/bacen-pix-api-v2.9.0.yaml", import.meta.url), "utf8"),
) as { components: { schemas: Record<string, { required?: string[] }> } };
const check = (method: string, path: string, body?: unknown, query = "") =>
  bacenValidator().check({
    method,
    path,
    query: new URLSearchParams(query),
    headers: { authorization: "Bearer t", "content-type": "application/json" },
    rawBody: body === undefined ? "" : JSON.stringify(body),
  });
const recBody1 = {
  vinculo: { contrato: "63100862", devedor: { cpf: "45164632481", nome: "Fulano de Tal" } },
  calendario: { dataInicial: "2024-04-01", periodicidade: "MENSAL" },
  valor: { valorRec: "35.00" },
  politicaRetentativa: "NAO_PERMITE",
  loc: 108,
};

test("the file as published requires idRec and retentativa on RecSolicitada (the slip we read past)", () => {
  assert.deepEqual(doc.components.schemas.RecBase?.required, [
    "idRec",
    "calendario",
    "vinculo",
    "retentativa",
  ]);
});

test("SolicRecBase requires a `pagador` it never defines; its example solicRecBody1 is valid under the reading", () => {
  assert.ok(doc.components.schemas.SolicRecBase?.required?.includes("pagador"));
  const body = {
    idRec: "RN123456782024011577825445612",
    calendario: { dataExpiracaoSolicitacao: "2023-12-20T12:17:11.926Z" },
    destinatario: {
      agencia: "2569",
      conta: "550689",
      cpf: "15231470190",
      ispbParticipante: "91193552",
    },
  };
  assert.deepEqual(check("POST", "/solicrec", body), []);
  assert.match(
    check("POST", "/solicrec", { ...body, destinatario: undefined }).join(),
    /destinatario/,
  );
});

test("POST /rec: the file's own example is valid under the reading; a missing policy or debtor is not", () => {
  assert.deepEqual(check("POST", "/rec", recBody1), []);
  const { politicaRetentativa: _, ...noPolicy } = recBody1;
  assert.match(check("POST", "/rec", noPolicy).join(), /politicaRetentativa/);
  assert.match(
    check("POST", "/rec", { ...recBody1, vinculo: { contrato: "1" } }).join(),
    /devedor/,
  );
  assert.match(
    check("POST", "/rec", {
      ...recBody1,
      calendario: { ...recBody1.calendario, periodicidade: "DIARIO" },
    }).join(),
    /periodicidade|allowed values/,
  );
});

test("GET /rec/{idRec}?txid= is the API operation, not the payload location (which takes no token)", () => {
  assert.deepEqual(check("GET", "/rec/RR1234567820240115abcdefghijk", undefined, "txid=abc"), []);
});

test("POST /locrec takes no body, as the file's operation declares none", () => {
  assert.deepEqual(check("POST", "/locrec"), []);
  assert.match(check("POST", "/locrec", { tipo: "rec" }).join(), /takes no body/);
});

test("PUT /cobr/{txid}: CobRSolicitada needs idRec, calendario, valor, recebedor and ajusteDiaUtil", () => {
  const ok = {
    idRec: "RR1234567820240115abcdefghijk",
    calendario: { dataDeVencimento: "2024-04-15" },
    valor: { original: "106.07" },
    ajusteDiaUtil: true,
    recebedor: { agencia: "9708", conta: "012682", tipoConta: "CORRENTE" },
  };
  assert.deepEqual(check("PUT", "/cobr/abcdefghijklmnopqrstuvwxyz01", ok), []);
  const { recebedor: _, ...noRecebedor } = ok;
  assert.match(check("PUT", "/cobr/abcdefghijklmnopqrstuvwxyz01", noRecebedor).join(), /recebedor/);
  const { ajusteDiaUtil: __, ...noAjuste } = ok;
  assert.match(
    check("PUT", "/cobr/abcdefghijklmnopqrstuvwxyz01", noAjuste).join(),
    /ajusteDiaUtil/,
  );
  assert.match(
    check("POST", "/cobr/abcdefghijklmnopqrstuvwxyz01/retentativa/15-04-2024").join(),
    /data/,
  );
});
