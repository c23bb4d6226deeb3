import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { expireLiveCharges } from "../../src/domain/live-pix/live-expire.ts";
import { useLiveSetup } from "../helpers/live-pix.ts";
import type { PeerCobV } from "../helpers/psp-peer/index.ts";

// Live charges with a due date against the PSP peer: PUT /cobv/{txid} (valid against the BACEN
// file), the PSP's BR Code, the payment confirmed by GET /cobv/{txid} after a notification or by
// reconciliation, cancel by PATCH /cobv, the refund of what was paid, and a refusal of the PSP
// reaching the caller in the PSP's words.

const s = useLiveSetup({
  profile: "efi",
  env: { TOSTAO_PIX_RECONCILE_SECONDS: "0.4" },
});
afterEach(() => {
  s.peer.dropNotifications(false);
  s.peer.assertNoViolations();
});

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const todaySp = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
/** A Wednesday at least 10 days ahead: no weekend moves it (the peer knows no holidays). */
function dueWednesday(): string {
  let t = Date.parse(`${todaySp()}T00:00:00Z`) + 10 * DAY;
  while (new Date(t).getUTCDay() !== 3) t += DAY;
  return iso(t);
}
const plus = (date: string, days: number) => iso(Date.parse(`${date}T00:00:00Z`) + days * DAY);
const DUE = dueWednesday();

/**
 * R$ 1.000,00, 2% fine, 1% a month, R$ 50,00 off until 5 days before. By hand: 6 days early
 * 950.00; 3 days late 1000 + 20.00 + 1000 x 1% x 3/30 (1.00) = 1021.00.
 */
const BILL = {
  value: 1000,
  title: "Mensalidade",
  due_date: DUE,
  customer_name: "Francisco da Silva",
  customer_cpf: "12345678909",
  fine: { mode: "percent", value: 2 },
  interest: { mode: "percent_per_month_calendar_days", value: 1 },
  discounts: { mode: "fixed_until_date", tiers: [{ date: plus(DUE, -5), value: 50 }] },
};

function cobvOf(brCode: string): PeerCobV {
  for (const c of s.peer.cobvs.values()) if (c.brCode === brCode) return c;
  throw new Error("no cobv at the peer for this BR Code");
}

const call = (path: string, body: Record<string, unknown>) =>
  s.svc.call("POST", path, { token: s.account.live, body });
const view = async (chargeId: string) =>
  (
    await s.svc.call("GET", `/api/pix/charge/status?charge_id=${chargeId}`, {
      token: s.account.live,
    })
  ).json().data;

describe("live due-date charges (cobv) against the PSP peer", () => {
  test("create PUTs a cobv with the terms as BACEN's modalidades; the answer is the PSP's BR Code", async () => {
    const res = await s.create(BILL);
    assert.equal(res.statusCode, 200, res.body);
    const data = res.json().data;
    const cobv = cobvOf(data.brCode);
    assert.match(cobv.txid, /^v/);
    assert.equal(cobv.calendario.dataDeVencimento, DUE);
    assert.equal(cobv.calendario.validadeAposVencimento, 30);
    assert.deepEqual(cobv.devedor, { cpf: "12345678909", nome: "Francisco da Silva" });
    assert.deepEqual(cobv.valor, {
      original: "1000.00",
      multa: { modalidade: 2, valorPerc: "2.00" },
      juros: { modalidade: 3, valorPerc: "1.00" },
      desconto: { modalidade: 1, descontoDataFixa: [{ data: plus(DUE, -5), valorPerc: "50.00" }] },
    });
    assert.equal(data.dueDate, DUE);
    assert.equal(s.peer.cobs.size, 0, "no /cob was made for a due-date charge");
  });

  test("paid 3 days late: the notification is confirmed by GET /cobv and the charge keeps what was paid", async () => {
    const data = (await s.create(BILL)).json().data;
    const cobv = cobvOf(data.brCode);
    const paid = await s.peer.payCobV(cobv.txid, { paidAt: plus(DUE, 3) });
    assert.equal(paid.amountCents, 102_100);
    await s.waitStatus(data.chargeId, "approved", 4000);
    const v = await view(data.chargeId);
    assert.equal(v.amountPaid, 1021);
    assert.ok(
      s.peer.requests.some((r) => r.method === "GET" && r.path.endsWith(`/cobv/${cobv.txid}`)),
      "confirmed with GET /cobv/{txid}",
    );
  });

  test("paid early with notifications lost: reconciliation approves it, with the discounted amount", async () => {
    s.peer.dropNotifications(true);
    const data = (await s.create(BILL)).json().data;
    await s.peer.payCobV(cobvOf(data.brCode).txid, { paidAt: plus(DUE, -6) });
    await s.waitStatus(data.chargeId, "approved", 6000);
    assert.equal((await view(data.chargeId)).amountPaid, 950);
  });

  test("cancel removes the cobv with PATCH /cobv; the charge is canceled", async () => {
    const data = (await s.create(BILL)).json().data;
    const res = await call("/api/pix/charge/cancel", { charge_id: data.chargeId });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().data.statusCode, "canceled");
    assert.equal(cobvOf(data.brCode).status, "REMOVIDA_PELO_USUARIO_RECEBEDOR");
  });

  test("refund returns what the payer paid (fine and interest included)", async () => {
    const data = (await s.create(BILL)).json().data;
    const { endToEndId } = await s.peer.payCobV(cobvOf(data.brCode).txid, {
      paidAt: plus(DUE, 3),
    });
    await s.waitStatus(data.chargeId, "approved", 4000);
    const res = await call("/api/pix/charge/refund", { charge_id: data.chargeId });
    assert.equal(res.statusCode, 200, res.body);
    await s.waitStatus(data.chargeId, "refunded", 4000);
    const dev = s.peer.pixReceived.get(endToEndId)?.devolucoes[0];
    assert.equal(dev?.valor, "1021.00");
  });

  test("after its last payable day the expiry pass removes the cobv (PATCH /cobv), then the charge expires", async () => {
    const data = (await s.create({ ...BILL, days_after_due: 0 })).json().data;
    const after = { now: () => new Date(Date.parse(`${plus(DUE, 3)}T12:00:00Z`)) };
    const deps = { ...s.svc.deps, clock: after, pspClients: s.svc.deps.pspClients, warn() {} };
    await expireLiveCharges(deps);
    assert.equal(await s.status(data.chargeId), "expired");
    assert.equal(cobvOf(data.brCode).status, "REMOVIDA_PELO_USUARIO_RECEBEDOR");
  });

  test("the PSP's refusal of the debtor reaches the caller as a 422 in the PSP's words; nothing is stored", async () => {
    s.peer.failNext("PUT /cobv/", {
      nomeMensagem: {
        nome: "valor_invalido",
        mensagem: "O campo cobv.devedor.nome não corresponde ao titular do CPF informado.",
      },
      status: 400,
    });
    const before = s.peer.cobvs.size;
    const res = await s.create(BILL);
    assert.equal(res.statusCode, 422, res.body);
    assert.match(
      res.json().error,
      /valor_invalido - O campo cobv\.devedor\.nome não corresponde ao titular do CPF informado/,
    );
    assert.equal(s.peer.cobvs.size, before);
  });
});
