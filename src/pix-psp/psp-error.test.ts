import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { kindForStatus, PspError, reasonFromBody, scrub } from "./psp-error.ts";

describe("PSP error reasons", () => {
  test("RFC 7807: type suffix, title, detail and violações", () => {
    const reason = reasonFromBody(400, {
      type: "https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida",
      title: "Cobrança inválida.",
      status: 400,
      detail: "A requisição que busca alterar ou criar uma cobrança não respeita o _schema_.",
      violacoes: [
        {
          razao: "O campo cob.valor.original não respeita o _schema_.",
          propriedade: "cob.valor.original",
        },
      ],
    });
    assert.equal(
      reason,
      "CobOperacaoInvalida - Cobrança inválida. - A requisição que busca alterar ou criar uma cobrança não respeita o _schema_. - cob.valor.original: O campo cob.valor.original não respeita o _schema_.",
    );
  });

  test("{nome, mensagem} (Efí) and OAuth2 {error, error_description}", () => {
    assert.equal(
      reasonFromBody(400, {
        nome: "chave_invalida",
        mensagem: "A chave informada não pertence ao recebedor",
      }),
      "chave_invalida - A chave informada não pertence ao recebedor",
    );
    assert.equal(
      reasonFromBody(401, {
        error: "invalid_client",
        error_description: "Invalid client credentials",
      }),
      "invalid_client - Invalid client credentials",
    );
  });

  test("an unreadable body gives the status, never the raw text", () => {
    assert.equal(reasonFromBody(502, undefined), "HTTP 502 without a readable reason");
    assert.equal(
      reasonFromBody(400, ["echo of our request"]),
      "HTTP 400 without a readable reason",
    );
  });

  test("a very long reason is cut", () => {
    assert.ok(reasonFromBody(400, { title: "x".repeat(5000) }).length <= 501);
  });

  test("kinds: 404 not_found, other 4xx rejected, 5xx unavailable", () => {
    assert.deepEqual([400, 403, 404, 409, 500, 503].map(kindForStatus), [
      "rejected",
      "rejected",
      "not_found",
      "rejected",
      "unavailable",
      "unavailable",
    ]);
  });

  test("a secret the PSP echoes is scrubbed from the reason", () => {
    assert.equal(
      scrub("bad secret s3cr3t-value here", ["s3cr3t-value", undefined]),
      "bad secret [redacted] here",
    );
  });

  test("the message names the kind, status and call; withOp names a transport error's call", () => {
    const e = new PspError("rejected", "valor_invalido - Valor inválido", {
      httpStatus: 400,
      op: "PUT cob",
    });
    assert.equal(
      e.message,
      "PSP rejected the request (HTTP 400): PUT cob: valor_invalido - Valor inválido",
    );
    const t = new PspError("unavailable", "no answer within 300 ms").withOp("GET cob");
    assert.equal(t.op, "GET cob");
    assert.equal(t.withOp("other").op, "GET cob");
  });
});
