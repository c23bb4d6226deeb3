import assert from "node:assert/strict";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { after, afterEach, before, describe, test } from "node:test";
import type { PspConnectionRow } from "../../src/db/queries/psp-connections.ts";
import { AppError } from "../../src/domain/errors.ts";
import type { PspClients } from "../../src/domain/pix-psp-connection/clients.ts";
import {
  handleRecurrenceNotification,
  MAX_REC_CALLS_PER_NOTIFICATION,
  type RecurrenceSink,
  recurrenceKindOf,
} from "../../src/domain/subscriptions-live/notify.ts";
import type { Db } from "../../src/kernel/db.ts";
import type { CobrView, PixAutomaticoClient, RecView } from "../../src/pix-psp/automatico-types.ts";
import { makeBacenPixClient } from "../../src/pix-psp/bacen-client.ts";
import {
  makeTestPki,
  type PspPeer,
  startPspPeer,
  type TestPki,
} from "../helpers/psp-peer/index.ts";

// The notify-then-confirm seam: a notification body is a trigger; the sink (the subscriptions'
// tables after merge) receives only what GET /rec or GET /cobr answered at the PSP.
const NOW = new Date("2026-03-02T15:00:00Z");
const HOOK = "hook_abc";
const ACCOUNT = "acct_1";
let pki: TestPki;
before(() => {
  pki = makeTestPki();
});

type Seen = { recs: RecView[]; cobrs: CobrView[] };
function recordingSink(ours: Set<string>, seen: Seen): RecurrenceSink {
  return {
    knownRecs: async (_db, accountId, ids) =>
      new Set(accountId === ACCOUNT ? ids.filter((i) => ours.has(i)) : []),
    knownCobrs: async (_db, accountId, ids) =>
      new Set(accountId === ACCOUNT ? ids.filter((i) => ours.has(i)) : []),
    recConfirmed: async (_db, _a, rec) => {
      seen.recs.push(rec);
      return rec.status !== "APROVADA";
    },
    cobrConfirmed: async (_db, _a, cobr) => {
      seen.cobrs.push(cobr);
      return cobr.status !== "ATIVA";
    },
  };
}

const open: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});
after(() => undefined);

/** A peer, a client, and a receiver that hands each POST to the handler as the route does. */
async function setup() {
  const peer = await startPspPeer({ pki, now: () => NOW });
  const client = makeBacenPixClient(peer.credentials(), { timeoutMs: 800, budgetMs: 2000 });
  const auto = client.automatico as PixAutomaticoClient;
  const ours = new Set<string>();
  const seen: Seen = { recs: [], cobrs: [] };
  const pspClients = {
    forHook: async (_db: Db, id: string) =>
      id === HOOK ? { row: { accountId: ACCOUNT } as PspConnectionRow, client } : undefined,
  } as unknown as PspClients;
  const deps = { db: {} as Db, pspClients, recurrenceSink: recordingSink(ours, seen) };
  const answers: { status: number; body: unknown }[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const body = JSON.parse(Buffer.concat(chunks).toString() || "null");
      const kind = req.url?.endsWith("/cobr")
        ? "cobr"
        : req.url?.endsWith("/rec")
          ? "rec"
          : recurrenceKindOf(body);
      try {
        const out = await handleRecurrenceNotification(deps, HOOK, kind ?? "rec", body);
        answers.push({ status: 200, body: out });
        res.writeHead(200).end();
      } catch (err) {
        answers.push({ status: err instanceof AppError ? 400 : 500, body: String(err) });
        res.writeHead(err instanceof AppError ? 400 : 500).end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/pix/psp/notify/${HOOK}`;
  open.push(
    peer,
    { close: () => client.close() },
    { close: () => new Promise((r) => server.close(r)) },
  );
  await auto.putWebhookRec(url);
  await auto.putWebhookCobr(url);
  return { peer, auto, ours, seen, answers, deps };
}

async function approvedRec(peer: PspPeer, auto: PixAutomaticoClient, ours: Set<string>) {
  const loc = await auto.postLocRec();
  const rec = await auto.postRec({
    contrato: "sub_1",
    devedor: { cpf: "12345678909", nome: "Fulana" },
    periodicidade: "MENSAL",
    dataInicial: "2026-03-10",
    valorRecCents: 4990,
    politicaRetentativa: "PERMITE_3R_7D",
    locId: loc.id,
  });
  ours.add(rec.idRec);
  await peer.authorizeRec(rec.idRec);
  return rec;
}

describe("Pix Automático notifications are confirmed by GET before anything moves", () => {
  test("the payer's bank-side cancellation arrives at /rec and the sink gets the confirmed CANCELADA", async () => {
    const { peer, auto, ours, seen } = await setup();
    const rec = await approvedRec(peer, auto, ours);
    await peer.settled();
    assert.equal(seen.recs.at(-1)?.status, "APROVADA", "the authorisation was confirmed too");
    await peer.cancelRecByPayer(rec.idRec);
    const last = seen.recs.at(-1);
    assert.equal(last?.status, "CANCELADA");
    assert.deepEqual(last?.encerramento, {
      kind: "cancelamento",
      solicitante: "USUARIO_PAGADOR",
      codigo: "SLDB",
      descricao: "Cancelamento simulado.",
    });
    assert.ok(
      peer.requests.some((r) => r.method === "GET" && r.path.endsWith(`/rec/${rec.idRec}`)),
    );
    peer.assertNoViolations();
  });

  test("a forged cancellation moves nothing: the sink sees the PSP's APROVADA, never the body's claim", async () => {
    const { peer, auto, ours, seen, answers } = await setup();
    const rec = await approvedRec(peer, auto, ours);
    await peer.settled();
    seen.recs.length = 0;
    answers.length = 0;
    await peer.notifyRec({ recs: [{ idRec: rec.idRec, status: "CANCELADA", atualizacao: [] }] });
    assert.deepEqual(
      seen.recs.map((r) => r.status),
      ["APROVADA"],
    );
    assert.deepEqual(answers.at(-1)?.body, { received: 1, confirmed: 1, moved: 0 });
    assert.equal(peer.recs.get(rec.idRec)?.status, "APROVADA");
  });

  test("a forged payment of a cobr moves nothing: GET /cobr says ATIVA", async () => {
    const { peer, auto, ours, seen } = await setup();
    const rec = await approvedRec(peer, auto, ours);
    const txid = "cobrnotify0001abcdefghijklmnop";
    await auto.putCobr({
      txid,
      idRec: rec.idRec,
      amountCents: 4990,
      dataDeVencimento: "2026-03-10",
      recebedor: { conta: "1234", tipoConta: "CORRENTE" },
    });
    ours.add(txid);
    await peer.settled();
    seen.cobrs.length = 0;
    await peer.notifyCobr({
      cobsr: [{ idRec: rec.idRec, txid, status: "CONCLUIDA", atualizacao: [] }],
    });
    assert.deepEqual(
      seen.cobrs.map((c) => c.status),
      ["ATIVA"],
    );
    await peer.payCobr(txid);
    assert.equal(seen.cobrs.at(-1)?.status, "CONCLUIDA");
    assert.equal(seen.cobrs.at(-1)?.pix[0]?.amountCents, 4990);
  });

  test("ids the account does not hold cost no PSP call; a flood is capped; junk is 400; unknown hook is 404", async () => {
    const { peer, auto, ours, seen, deps } = await setup();
    await approvedRec(peer, auto, ours);
    await peer.settled();
    const before = peer.requests.length;
    seen.recs.length = 0;
    await peer.notifyRec({
      recs: [{ idRec: "RR1234567820260302zzzzzzzzzzz", status: "CANCELADA" }],
    });
    assert.equal(peer.requests.length, before, "no GET for an idRec we do not hold");
    assert.equal(seen.recs.length, 0);
    const many = Array.from(
      { length: 50 },
      (_, i) => `RR1234567820260302${String(i).padStart(11, "0")}`,
    );
    for (const id of many) ours.add(id);
    const out = await handleRecurrenceNotification(deps, HOOK, "rec", {
      recs: many.map((idRec) => ({ idRec })),
    });
    assert.equal(out.received, 50);
    assert.equal(peer.requests.length - before, MAX_REC_CALLS_PER_NOTIFICATION);
    await assert.rejects(handleRecurrenceNotification(deps, HOOK, "rec", { pix: [] }), AppError);
    await assert.rejects(
      handleRecurrenceNotification(deps, HOOK, "cobr", { cobsr: [{}] }),
      AppError,
    );
    await assert.rejects(
      handleRecurrenceNotification(deps, "other", "rec", { recs: [] }),
      (e) => e instanceof AppError && e.code === "NOT_FOUND",
    );
    // Efí's registration probe is an empty notice.
    assert.deepEqual(
      await handleRecurrenceNotification(deps, HOOK, "rec", { evento: "teste_webhook" }),
      {
        received: 0,
        confirmed: 0,
        moved: 0,
      },
    );
  });
});
