import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { manualClock } from "../../src/kernel/clock.ts";
import { type BacenClientOptions, makeBacenPixClient } from "../../src/pix-psp/bacen-client.ts";
import { PspError } from "../../src/pix-psp/psp-error.ts";
import { pspClientHarness } from "../helpers/psp-client-harness.ts";
import type { PspPeer } from "../helpers/psp-peer/index.ts";

// One PKI for the file; a peer and a client per test, closed after it.
const FAST: BacenClientOptions = {
  timeoutMs: 400,
  retries: 2,
  backoffMs: [20, 40],
  budgetMs: 2000,
};
const psp = pspClientHarness(FAST);
const setup = psp.open;

const txid = (n = 0) => `tostaotest${String(n).padStart(4, "0")}abcdefghijklmnop`;
const cobInput = (peer: PspPeer, n = 0) => ({
  txid: txid(n),
  amountCents: 1234,
  expiresInSec: 3600,
  chave: peer.pixKey,
  solicitacaoPagador: "Camiseta",
  devedor: { cpf: "12345678909", nome: "Fulano de Tal" },
});

/** No PspError message may carry a credential, whatever went wrong. */
function assertNoSecrets(err: unknown, peer: PspPeer, extra: string[] = []) {
  assert.ok(err instanceof PspError, `expected a PspError, got ${String(err)}`);
  const text = `${err.message} ${err.reason} ${err.stack ?? ""}`;
  const secrets = [
    peer.clientSecret,
    peer.privateKeyPem,
    peer.privateKeyPem.split("\n")[1],
    peer.certificatePem.split("\n")[1],
    ...extra,
  ];
  for (const s of secrets)
    if (s) assert.ok(!text.includes(s), "a credential leaked into a PspError");
  assert.ok(!/authorization|bearer|basic /i.test(text), "an auth header leaked into a PspError");
}

describe("BACEN client against the PSP peer (generic profile)", () => {
  test("creates, reads and removes a cob whose requests pass the OpenAPI validator", async () => {
    const { peer, client } = await setup();
    const cob = await client.putCob(cobInput(peer));
    assert.equal(cob.txid, txid());
    assert.equal(cob.status, "ATIVA");
    assert.equal(cob.amountCents, 1234);
    assert.equal(peer.cobs.get(txid())?.valor.original, "12.34");
    // The generic peer omits pixCopiaECola: the domain builds the BR Code from location.
    assert.equal(cob.brCode, undefined);
    assert.match(cob.location ?? "", /^pix-peer\.example\/qr\/v2\/[0-9a-f]{32}$/);
    const read = await client.getCob(txid());
    assert.equal(read.status, "ATIVA");
    const removed = await client.removeCob(txid());
    assert.equal(removed.status, "REMOVIDA_PELO_USUARIO_RECEBEDOR");
    assert.equal(peer.cobs.get(txid())?.status, "REMOVIDA_PELO_USUARIO_RECEBEDOR");
    peer.assertNoViolations();
  });

  test("a paid cob reads CONCLUIDA with the Pix in centavos", async () => {
    const { peer, client } = await setup();
    await client.putCob(cobInput(peer));
    const { endToEndId } = await peer.pay(txid(), { amountCents: 1234 });
    const cob = await client.getCob(txid());
    assert.equal(cob.status, "CONCLUIDA");
    assert.deepEqual(
      cob.pix.map((p) => [p.endToEndId, p.txid, p.amountCents]),
      [[endToEndId, txid(), 1234]],
    );
    peer.assertNoViolations();
  });

  test("the OpenAPI validator bites: a numeric valor.original and a 10-char txid are violations", async () => {
    const { peer } = await setup();
    const res = await fetch(`${peer.baseUrl}/cob/abcdefghij`, {
      method: "PUT",
      headers: { authorization: "Bearer x", "content-type": "application/json" },
      body: JSON.stringify({
        calendario: { expiracao: 60 },
        valor: { original: 12.34 },
        chave: peer.pixKey,
      }),
      // @ts-expect-error undici's dispatcher option on node's fetch
      dispatcher: new (await import("undici")).Agent({
        connect: { cert: peer.certificatePem, key: peer.privateKeyPem, ca: peer.caPem },
      }),
    });
    assert.equal(res.status, 400);
    assert.match(((await res.json()) as { type: string }).type, /RequisicaoInvalida$/);
    assert.equal(peer.violations.length, 1);
    const problems = peer.violations[0]?.problems.join("\n") ?? "";
    assert.match(problems, /txid/);
    assert.match(problems, /valor\/original must be string/);
    assert.throws(() => peer.assertNoViolations(), /break the BACEN OpenAPI/);
  });

  test("the token is cached: five calls, one token request", async () => {
    const { peer, client } = await setup();
    await client.putCob(cobInput(peer));
    for (let i = 0; i < 4; i++) await client.getCob(txid());
    assert.equal(peer.tokenRequests, 1);
  });

  test("a token is renewed shortly before it expires (clock moved)", async () => {
    const clock = manualClock();
    const { peer, client } = await setup({ tokenLifetimeSec: 300 }, { ...FAST, clock });
    await client.checkConnection();
    clock.advance(200_000);
    await client.checkConnection();
    assert.equal(peer.tokenRequests, 1, "still fresh at 200 s of 300");
    clock.advance(45_000); // 245 s: inside the last 60 s
    await client.checkConnection();
    assert.equal(peer.tokenRequests, 2);
  });

  test("an expired token (401) is refreshed once and the call succeeds", async () => {
    const { peer, client } = await setup();
    await client.putCob(cobInput(peer));
    peer.expireTokens();
    const cob = await client.getCob(txid());
    assert.equal(cob.txid, txid());
    assert.equal(peer.tokenRequests, 2);
    assert.deepEqual(
      peer.requests.filter((r) => r.path.endsWith(txid())).map((r) => `${r.method} ${r.status}`),
      ["PUT 201", "GET 401", "GET 200"],
    );
  });

  test("a 500 then success on PUT cob makes one cob under the same txid", async () => {
    const { peer, client } = await setup();
    peer.failNext("PUT /cob/", 500);
    const cob = await client.putCob(cobInput(peer));
    assert.equal(cob.txid, txid());
    assert.equal(peer.cobs.size, 1);
    const puts = peer.requests.filter((r) => r.method === "PUT");
    assert.deepEqual(
      puts.map((r) => [r.path.split("/").pop(), r.status]),
      [
        [txid(), 500],
        [txid(), 201],
      ],
    );
  });

  test("a lost answer on PUT cob is retried with the same txid and the cob is made once", async () => {
    const { peer, client } = await setup();
    peer.failNext("PUT /cob/", "lost-response");
    const cob = await client.putCob(cobInput(peer));
    assert.equal(cob.status, "ATIVA");
    assert.equal(peer.cobs.size, 1);
    assert.equal(peer.cobs.get(txid())?.revisao, 1, "the retry replaced the ATIVA cob");
    peer.assertNoViolations();
  });

  test("a PSP that never answers gives 'unavailable' within the time budget", async () => {
    const { peer, client } = await setup({ holdMs: 10_000 });
    peer.failNext("PUT /cob/", "timeout", 10);
    const started = performance.now();
    await assert.rejects(client.putCob(cobInput(peer)), (err) => {
      assert.ok(err instanceof PspError);
      assert.equal(err.kind, "unavailable");
      assert.match(err.message, /PUT cob/);
      assertNoSecrets(err, peer);
      return true;
    });
    const took = performance.now() - started;
    assert.ok(took < 2500, `took ${took} ms`);
    await new Promise((r) => setTimeout(r, 50)); // the peer logs a request when it closes
    assert.deepEqual(
      peer.requests.filter((r) => r.method === "PUT").map((r) => r.status),
      [0, 0, 0],
      "three attempts, none answered",
    );
  });

  test("an answer over 8 MiB is refused, each attempt cut off at the limit (memory bounded)", async () => {
    const { peer, client } = await setup({}, { ...FAST, timeoutMs: 5000, budgetMs: 10_000 });
    await client.putCob(cobInput(peer));
    peer.failNext("GET /cob/", { oversized: { bytes: 256 * 2 ** 20 } }, 3);
    const rssBefore = process.memoryUsage().rss;
    await assert.rejects(client.getCob(txid()), (err) => {
      assert.ok(err instanceof PspError);
      assert.match(err.message, /the PSP's answer was larger than 8 MiB/);
      assertNoSecrets(err, peer);
      return true;
    });
    await new Promise((r) => setTimeout(r, 100));
    const written = peer.oversizedBytesWritten() / 2 ** 20;
    const growth = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
    assert.ok(written < 3 * 16, `the peer wrote ${written.toFixed(0)} MiB`);
    assert.ok(growth < 100, `RSS grew ${growth.toFixed(0)} MB`);
  });

  test("503 on every attempt is 'unavailable' with the PSP's reason", async () => {
    const { peer, client } = await setup();
    peer.failNext("GET /cob/", 503, 5);
    await client.putCob(cobInput(peer));
    await assert.rejects(client.getCob(txid()), (err) => {
      assert.ok(err instanceof PspError);
      assert.equal(err.kind, "unavailable");
      assert.equal(err.httpStatus, 503);
      assert.match(err.reason, /ServicoIndisponivel/);
      return true;
    });
  });

  test("an RFC 7807 problem is 'rejected' with its type, title, detail and violacoes", async () => {
    const { peer, client } = await setup();
    peer.failNext("PUT /cob/", {
      rfc7807: {
        type: "https://pix.bcb.gov.br/api/v2/error/CobOperacaoInvalida",
        title: "Cobrança inválida.",
        status: 400,
        detail: "A requisição que busca alterar ou criar uma cobrança não respeita o schema.",
      },
    });
    await assert.rejects(client.putCob(cobInput(peer)), (err) => {
      assert.ok(err instanceof PspError);
      assert.equal(err.kind, "rejected");
      assert.equal(err.httpStatus, 400);
      assert.match(err.message, /CobOperacaoInvalida/);
      assert.match(err.message, /Cobrança inválida\./);
      assert.match(err.message, /não respeita o schema/);
      assertNoSecrets(err, peer);
      return true;
    });
    assert.equal(peer.cobs.size, 0);
  });

  test("a {nome, mensagem} error is 'rejected' with the PSP's words", async () => {
    const { peer, client } = await setup();
    peer.failNext("PUT /cob/", {
      nomeMensagem: { nome: "valor_invalido", mensagem: "Valor inválido" },
    });
    await assert.rejects(client.putCob(cobInput(peer)), (err) => {
      assert.ok(err instanceof PspError);
      assert.equal(err.kind, "rejected");
      assert.match(err.reason, /valor_invalido - Valor inválido/);
      assertNoSecrets(err, peer);
      return true;
    });
  });

  test("a 401 that persists after a fresh token is 'auth', after exactly one refresh", async () => {
    const { peer, client } = await setup();
    await client.checkConnection();
    const refused = {
      nomeMensagem: { nome: "acesso_negado", mensagem: "token recusado" },
      status: 401,
    };
    peer.failNext("GET /cob/", refused, 2);
    await assert.rejects(client.getCob(txid()), (err) => {
      assert.ok(err instanceof PspError);
      assert.equal(err.kind, "auth");
      assert.match(err.reason, /acesso_negado - token recusado/);
      return true;
    });
    assert.equal(peer.tokenRequests, 2);
  });

  test("an unknown cob is 'not_found'", async () => {
    const { client } = await setup();
    await assert.rejects(
      client.getCob(txid(9)),
      (e) => e instanceof PspError && e.kind === "not_found",
    );
  });

  test("a wrong client secret is 'auth' with the PSP's reason, and no secret in the message", async () => {
    const { peer, client } = await setup({}, FAST, (c) => ({
      ...c,
      clientSecret: "wrong-secret-value",
    }));
    await assert.rejects(client.checkConnection(), (err) => {
      assert.ok(err instanceof PspError);
      assert.equal(err.kind, "auth");
      assert.equal(err.httpStatus, 401);
      assert.match(err.reason, /invalid_client/);
      assert.match(err.reason, /Invalid client credentials/);
      assertNoSecrets(err, peer, ["wrong-secret-value"]);
      return true;
    });
  });

  test("the peer refuses a connection without a client certificate, or with a rogue one", async () => {
    const { peer } = await setup();
    const { Agent, request } = await import("undici");
    const bare = new Agent({ connect: { ca: peer.caPem } });
    await assert.rejects(
      request(peer.tokenUrl, { dispatcher: bare, method: "POST" }).then((r) => r.body.text()),
    );
    await bare.close();
    const rogue = makeBacenPixClient({ ...peer.credentials(), ...peer.rogue }, FAST);
    psp.track(rogue);
    await assert.rejects(rogue.checkConnection(), (err) => {
      assert.ok(err instanceof PspError);
      // TLS 1.3: the refusal reaches undici as a closed socket; a bare TLS connection with the
      // same certificate, closed by the PSP without a request, tells it from an outage.
      assert.equal(err.kind, "auth", err.message);
      assert.equal(err.certificateRefused, true);
      assert.match(err.reason, /refused the client certificate at TLS/);
      assertNoSecrets(err, peer, [peer.rogue.privateKeyPem.split("\n")[1] ?? ""]);
      return true;
    });
    assert.equal(peer.tokenRequests, 0);
  });

  test("a PSP whose server certificate we cannot verify (CA not given) is 'auth', not retried", async () => {
    const { peer } = await setup();
    const { caPem: _, ...noCa } = peer.credentials();
    const client = makeBacenPixClient(noCa, FAST);
    psp.track(client);
    await assert.rejects(client.checkConnection(), (err) => {
      assert.ok(err instanceof PspError);
      assert.equal(err.kind, "auth");
      assert.match(err.reason, /server certificate is not trusted \([A-Z_]+\): give its CA/);
      return true;
    });
    assert.equal(peer.tokenRequests, 0);
  });

  test("with an address policy, a PSP on a private address is refused before any request", async () => {
    const { peer } = await setup();
    const guarded = makeBacenPixClient(peer.credentials(), {
      ...FAST,
      addressPolicy: { allowHosts: [] },
    });
    psp.track(guarded);
    await assert.rejects(guarded.checkConnection(), (err) => {
      assert.ok(err instanceof PspError);
      assert.equal(err.kind, "rejected");
      assert.match(err.reason, /not a public address/);
      return true;
    });
    const literal = makeBacenPixClient(
      { ...peer.credentials(), tokenUrl: peer.tokenUrl.replace("localhost", "127.0.0.1") },
      { ...FAST, addressPolicy: { allowHosts: [] } },
    );
    psp.track(literal);
    await assert.rejects(literal.checkConnection(), /not a public address/);
    assert.equal(peer.tokenRequests, 0);
    // The operator's allow list lets a known host through.
    const allowed = makeBacenPixClient(peer.credentials(), {
      ...FAST,
      addressPolicy: { allowHosts: ["localhost"] },
    });
    psp.track(allowed);
    await allowed.checkConnection();
    assert.equal(peer.tokenRequests, 1);
  });

  test("a devolução whose answer was lost is retried with the same id: one devolução", async () => {
    const { peer, client } = await setup();
    await client.putCob(cobInput(peer));
    const { endToEndId } = await peer.pay(txid());
    // The PSP makes the refund but the answer never arrives; the retry's PixDevolucaoInvalida
    // (id reused) is resolved by reading the refund that did land.
    peer.failNext("PUT /pix/", "lost-response");
    const d = await client.putDevolucao(endToEndId, "refund0001", 1234, "Estorno");
    assert.equal(d.id, "refund0001");
    assert.equal(d.status, "DEVOLVIDO");
    assert.equal(d.amountCents, 1234);
    assert.equal(peer.pixReceived.get(endToEndId)?.devolucoes.length, 1);
    // The domain retrying the whole refund later gets the same answer, and still one refund.
    const again = await client.putDevolucao(endToEndId, "refund0001", 1234);
    assert.equal(again.rtrId, d.rtrId);
    assert.equal(peer.pixReceived.get(endToEndId)?.devolucoes.length, 1);
    // A different amount under a used id is a real refusal, in the PSP's words.
    await assert.rejects(
      client.putDevolucao(endToEndId, "refund0001", 100),
      (e) =>
        e instanceof PspError && e.kind === "rejected" && /PixDevolucaoInvalida/.test(e.message),
    );
    const read = await client.getDevolucao(endToEndId, "refund0001");
    assert.equal(read.status, "DEVOLVIDO");
    peer.assertNoViolations();
  });

  test("webhook register, read and delete", async () => {
    const { peer, client } = await setup();
    await client.putWebhook(peer.pixKey, "https://tostao.example/api/pix/psp/notify/abc");
    assert.deepEqual(await client.getWebhook(peer.pixKey), {
      webhookUrl: "https://tostao.example/api/pix/psp/notify/abc",
    });
    await client.deleteWebhook(peer.pixKey);
    assert.equal(await client.getWebhook(peer.pixKey), undefined);
    await client.deleteWebhook(peer.pixKey); // already gone is fine
    peer.assertNoViolations();
  });
});

describe("BACEN client against PSPs that deviate (issue 21)", () => {
  test("Efí's unknown cob (400 cobranca_nao_encontrada) is 'not_found', as its profile says", async () => {
    const { client } = await setup({ profile: "efi" });
    await assert.rejects(
      client.getCob(txid(9)),
      (e) => e instanceof PspError && e.kind === "not_found" && e.httpStatus === 400,
    );
  });

  test("Efí's 409 txid_duplicado on our own retry reads the cob back and returns it", async () => {
    const { peer, client } = await setup({ profile: "efi" });
    const first = await client.putCob(cobInput(peer));
    const again = await client.putCob(cobInput(peer));
    assert.equal(again.txid, first.txid);
    assert.equal(again.amountCents, 1234);
    assert.equal(peer.cobs.size, 1);
    assert.ok(peer.requests.some((r) => r.method === "PUT" && r.status === 409));
    // Another value under that txid is not the cob we asked for: the 409 stands.
    await assert.rejects(
      client.putCob({ ...cobInput(peer), amountCents: 999 }),
      (e) => e instanceof PspError && e.kind === "rejected" && e.httpStatus === 409,
    );
  });

  test("a 429 is retried after the PSP's Retry-After, then 'unavailable' with retryAfterSec", async () => {
    const { peer, client } = await setup({}, { ...FAST, retries: 1, budgetMs: 3000 });
    await client.checkConnection();
    peer.failNext("GET /cob/", { tooMany: { retryAfterSec: 1 } }, 2);
    const t0 = Date.now();
    await assert.rejects(
      client.getCob(txid(1)),
      (e) => e instanceof PspError && e.kind === "unavailable" && e.retryAfterSec === 1,
    );
    assert.ok(Date.now() - t0 >= 950, "waited the PSP's pause once");
    const gets = peer.requests.filter((r) => r.method === "GET");
    assert.equal(gets.length, 2);
    // A Retry-After longer than the client honours inside one call is not waited for.
    peer.failNext("GET /cob/", { tooMany: { retryAfterSec: 30 } }, 1);
    const t1 = Date.now();
    await assert.rejects(
      client.getCob(txid(1)),
      (e) => e instanceof PspError && e.retryAfterSec === 30,
    );
    assert.ok(Date.now() - t1 < 1000);
  });

  test("bb: the application key goes as gw-dev-app-key on every API call; extra headers on every call", async () => {
    const { peer, client } = await setup({
      profile: "bb",
      requireHeaders: { "x-conta-corrente": "42" },
    });
    assert.ok(peer.appKey);
    await client.putCob(cobInput(peer));
    await client.getCob(txid(0));
    peer.assertNoViolations();
    // Without the key the peer refuses, as BB's gateway does.
    const { appKey: _, ...noKey } = peer.credentials();
    const bare = makeBacenPixClient(noKey, FAST);
    psp.track(bare);
    await assert.rejects(
      bare.getCob(txid(0)),
      (e) => e instanceof PspError && e.httpStatus === 403,
    );
  });
});
