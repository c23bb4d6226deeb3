import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { parsePix } from "pix-utils";
import type { PixAutomaticoClient, PostRecInput } from "../../src/pix-psp/automatico-types.ts";
import { PspError } from "../../src/pix-psp/psp-error.ts";
import { pspClientHarness } from "../helpers/psp-client-harness.ts";
import type { PspPeer } from "../helpers/psp-peer/index.ts";
import { useReceiver } from "../helpers/receiver.ts";

// Pix Automático calls of the BACEN client against the PSP peer, which validates every request
// against the file and plays the payer's bank. The peer's clock is fixed so dates are exact.
const NOW = new Date("2026-03-02T15:00:00Z"); // 12:00 in Brasília, 2026-03-02
const psp = pspClientHarness({ timeoutMs: 800, budgetMs: 2000 });
const hooks = useReceiver();

async function setup(profile: "generic" | "efi" | "bb" = "generic") {
  const { peer, client } = await psp.open({ profile, now: () => NOW });
  return { peer, client, auto: client.automatico as PixAutomaticoClient };
}

const recInput = (o: Partial<PostRecInput> = {}): PostRecInput => ({
  contrato: "sub_123",
  objeto: "Plano mensal",
  devedor: { cpf: "12345678909", nome: "Fulana de Tal" },
  periodicidade: "MENSAL",
  dataInicial: "2026-03-10",
  valorRecCents: 4990,
  politicaRetentativa: "PERMITE_3R_7D",
  ...o,
});
const recebedor = { agencia: "0001", conta: "123456", tipoConta: "CORRENTE" as const };
const txid = (n: number) => `cobrtest${String(n).padStart(4, "0")}abcdefghijklmnopqr`;
/** The PUT /cobr of the test's R$ 49,90 debit number `n` of the recurrence `idRec`, due `date`. */
const cobrInput = (n: number, idRec: string, date: string) => ({
  txid: txid(n),
  idRec,
  amountCents: 4990,
  dataDeVencimento: date,
  recebedor,
});

async function approvedRec(
  peer: PspPeer,
  auto: PixAutomaticoClient,
  o: Partial<PostRecInput> = {},
) {
  const loc = await auto.postLocRec();
  const rec = await auto.postRec(recInput({ locId: loc.id, ...o }));
  await peer.authorizeRec(rec.idRec);
  return rec;
}

describe("Pix Automático client against the peer", () => {
  test("journey 2: locrec + rec, and GET /rec gives a composed QR that pix-utils parses", async () => {
    const { peer, auto } = await setup();
    const loc = await auto.postLocRec();
    const rec = await auto.postRec(recInput({ locId: loc.id }));
    assert.match(rec.idRec, /^RR12345678\d{8}[a-zA-Z0-9]{11}$/);
    assert.equal(rec.status, "CRIADA");
    assert.equal(rec.valorRecCents, 4990);
    const got = await auto.getRec(rec.idRec);
    assert.equal(got.dadosQR?.jornada, "JORNADA_2");
    const parsed = parsePix(got.dadosQR?.pixCopiaECola ?? "");
    assert.ok(!("error" in parsed && parsed.error), "the composed BR Code parses");
    assert.equal((parsed as { urlRec?: string }).urlRec, loc.location);
    peer.assertNoViolations();
  });

  test("journey 3: GET /rec?txid= composes the cob's location and the rec's in one code", async () => {
    const { peer, client, auto } = await setup();
    const cob = await client.putCob({
      txid: txid(90),
      amountCents: 4990,
      expiresInSec: 3600,
      chave: peer.pixKey,
    });
    const loc = await auto.postLocRec();
    const rec = await auto.postRec(recInput({ locId: loc.id, jornadaTxid: cob.txid }));
    const got = await auto.getRec(rec.idRec, { txid: cob.txid });
    assert.equal(got.dadosQR?.jornada, "JORNADA_3");
    const parsed = parsePix(got.dadosQR?.pixCopiaECola ?? "") as { url?: string; urlRec?: string };
    assert.equal(parsed.url, cob.location);
    assert.equal(parsed.urlRec, loc.location);
    peer.assertNoViolations();
  });

  test("a variable amount with a floor, and journey 1's solicrec, are valid against the file", async () => {
    const { peer, auto } = await setup();
    const rec = await auto.postRec(
      recInput({
        valorRecCents: undefined,
        valorMinimoRecebedorCents: 1000,
        dataFinal: "2027-03-10",
      }),
    );
    assert.equal(rec.valorMinimoRecebedorCents, 1000);
    assert.equal(rec.dataFinal, "2027-03-10");
    const solic = await auto.postSolicRec({
      idRec: rec.idRec,
      dataExpiracaoSolicitacao: "2026-03-09T12:00:00Z",
      destinatario: {
        ispbParticipante: "87654321",
        agencia: "0001",
        conta: "998877",
        cpf: "12345678909",
      },
    });
    assert.match(solic.idSolicRec, /^SC/);
    assert.equal(solic.status, "ENVIADA");
    peer.assertNoViolations();
  });

  test("a cobr inside the window is accepted; outside it the peer refuses it (rejected)", async () => {
    const { peer, auto } = await setup();
    const rec = await approvedRec(peer, auto);
    for (const due of ["2026-03-03", "2026-03-13"]) {
      const err = await auto
        .putCobr({
          txid: txid(1),
          idRec: rec.idRec,
          amountCents: 4990,
          dataDeVencimento: due,
          recebedor,
        })
        .catch((e) => e);
      assert.ok(err instanceof PspError && err.kind === "rejected", `due ${due} refused`);
      assert.match(err.reason, /dias antes do vencimento/);
    }
    const cobr = await auto.putCobr(cobrInput(1, rec.idRec, "2026-03-10"));
    assert.equal(cobr.status, "ATIVA");
    assert.equal(cobr.tentativas[0]?.status, "AGENDADA");
    peer.assertNoViolations();
  });

  test("a repeated PUT /cobr whose first answer was lost resolves to that cobr, not a refusal", async () => {
    const { peer, auto } = await setup();
    const rec = await approvedRec(peer, auto);
    const input = cobrInput(2, rec.idRec, "2026-03-10");
    await auto.putCobr(input);
    const again = await auto.putCobr(input);
    assert.equal(again.txid, txid(2));
    assert.equal(peer.cobrs.size, 1);
    // A different amount on the same txid stays a refusal.
    const other = await auto.putCobr({ ...input, amountCents: 100 }).catch((e) => e);
    assert.ok(other instanceof PspError && other.kind === "rejected");
  });

  test("a cobr is refused before the payer authorised, and a second one in the same cycle", async () => {
    const { peer, auto } = await setup();
    const rec = await auto.postRec(recInput());
    const early = await auto.putCobr(cobrInput(3, rec.idRec, "2026-03-10")).catch((e) => e);
    assert.ok(early instanceof PspError && /APROVADA/.test(early.reason));
    await peer.authorizeRec(rec.idRec);
    await auto.putCobr(cobrInput(3, rec.idRec, "2026-03-10"));
    const twice = await auto.putCobr(cobrInput(4, rec.idRec, "2026-03-11")).catch((e) => e);
    assert.ok(twice instanceof PspError && /mesmo ciclo/.test(twice.reason));
  });

  test("a failed debit under PERMITE_3R_7D is retried on request, up to 3 times, then ends REJEITADA", async () => {
    const { peer, auto } = await setup();
    const rec = await approvedRec(peer, auto);
    await auto.putCobr(cobrInput(5, rec.idRec, "2026-03-04"));
    peer.setNow(() => new Date("2026-03-04T15:00:00Z"));
    await peer.failCobr(txid(5));
    for (const [i, day] of ["2026-03-05", "2026-03-07", "2026-03-09"].entries()) {
      const c = await auto.retryCobr(txid(5), day);
      assert.equal(c.tentativas.length, i + 2);
      assert.equal(c.tentativas.at(-1)?.tipo, "NTAG");
      peer.setNow(() => new Date(`${day}T15:00:00Z`));
      await peer.failCobr(txid(5));
    }
    const last = await auto.getCobr(txid(5));
    assert.equal(last.status, "REJEITADA");
    assert.equal(last.encerramento?.kind, "rejeicao");
    peer.assertNoViolations();
  });

  test("NAO_PERMITE: the first failed debit ends the cobr and a retry request is refused", async () => {
    const { peer, auto } = await setup();
    const rec = await approvedRec(peer, auto, { politicaRetentativa: "NAO_PERMITE" });
    await auto.putCobr(cobrInput(6, rec.idRec, "2026-03-04"));
    await peer.failCobr(txid(6));
    assert.equal((await auto.getCobr(txid(6))).status, "REJEITADA");
    const err = await auto.retryCobr(txid(6), "2026-03-06").catch((e) => e);
    assert.ok(err instanceof PspError && err.kind === "rejected");
  });

  test("a paid cobr reads CONCLUIDA with its Pix; cancel before the date works, not on it", async () => {
    const { peer, auto } = await setup();
    const rec = await approvedRec(peer, auto, { periodicidade: "SEMANAL" });
    await auto.putCobr(cobrInput(7, rec.idRec, "2026-03-05"));
    await auto.putCobr(cobrInput(8, rec.idRec, "2026-03-12"));
    await peer.payCobr(txid(7));
    const paid = await auto.getCobr(txid(7));
    assert.equal(paid.status, "CONCLUIDA");
    assert.equal(paid.pix[0]?.amountCents, 4990);
    const canceled = await auto.cancelCobr(txid(8));
    assert.equal(canceled.status, "CANCELADA");
    peer.setNow(() => new Date("2026-03-12T15:00:00Z"));
    const late = await auto.cancelCobr(txid(7)).catch((e) => e);
    assert.ok(late instanceof PspError && late.kind === "rejected");
    peer.assertNoViolations();
  });

  test("PATCH /rec cancels; the payer's bank-side cancellation is notified to webhookrec + /rec", async () => {
    const { peer, auto } = await setup();
    await auto.putWebhookRec(hooks.r.url);
    await auto.putWebhookCobr(hooks.r.url);
    assert.deepEqual(await auto.getWebhookRec(), { webhookUrl: hooks.r.url });
    const a = await approvedRec(peer, auto);
    const b = await approvedRec(peer, auto);
    assert.equal((await auto.cancelRec(a.idRec)).status, "CANCELADA");
    await auto.putCobr(cobrInput(9, b.idRec, "2026-03-10"));
    await peer.settled();
    hooks.r.received.length = 0;
    await peer.cancelRecByPayer(b.idRec);
    const rec = hooks.r.received.find((r) => r.path === "/hook/rec");
    const cobr = hooks.r.received.find((r) => r.path === "/hook/cobr");
    assert.equal(
      ((rec?.json ?? { recs: [] }) as { recs: { idRec: string; status: string }[] }).recs[0]
        ?.status,
      "CANCELADA",
    );
    assert.equal(
      ((cobr?.json ?? { cobsr: [] }) as { cobsr: { txid: string; status: string }[] }).cobsr[0]
        ?.status,
      "CANCELADA",
    );
    const got = await auto.getRec(b.idRec);
    assert.deepEqual(got.encerramento, {
      kind: "cancelamento",
      solicitante: "USUARIO_PAGADOR",
      codigo: "SLDB",
      descricao: "Cancelamento simulado.",
    });
    await auto.deleteWebhookRec();
    assert.equal(await auto.getWebhookRec(), undefined);
    await auto.deleteWebhookRec(); // already gone is fine
    peer.assertNoViolations();
  });

  test("Efí registers webhookrec with its ?ignorar= suffix and header; BB's app key joins ?txid=", async () => {
    const efi = await setup("efi");
    await efi.auto.putWebhookRec("https://tostao.example/api/pix/psp/notify/abc");
    assert.equal(
      efi.peer.recState.webhookRec,
      "https://tostao.example/api/pix/psp/notify/abc?ignorar=",
    );
    efi.peer.assertNoViolations();
    const bb = await setup("bb");
    const cob = await bb.client.putCob({
      txid: txid(91),
      amountCents: 100,
      expiresInSec: 60,
      chave: bb.peer.pixKey,
    });
    const loc = await bb.auto.postLocRec();
    const rec = await bb.auto.postRec(recInput({ locId: loc.id, jornadaTxid: cob.txid }));
    assert.equal(
      (await bb.auto.getRec(rec.idRec, { txid: cob.txid })).dadosQR?.jornada,
      "JORNADA_3",
    );
    bb.peer.assertNoViolations();
  });

  test("POST /rec is sent once: a 503 is not repeated (a repeat would make a second rec)", async () => {
    const { peer, auto } = await setup();
    peer.failNext("POST /rec", 503);
    const err = await auto.postRec(recInput()).catch((e) => e);
    assert.ok(err instanceof PspError && err.kind === "unavailable");
    assert.equal(peer.requests.filter((r) => r.path.endsWith("/rec")).length, 1);
  });
});
