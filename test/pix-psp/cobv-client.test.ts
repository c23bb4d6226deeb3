import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { BacenClientOptions } from "../../src/pix-psp/bacen-client.ts";
import { PspError } from "../../src/pix-psp/psp-error.ts";
import type { PutCobVInput } from "../../src/pix-psp/types.ts";
import { pspClientHarness } from "../helpers/psp-client-harness.ts";
import type { PspPeer, StartPspPeerOptions } from "../helpers/psp-peer/index.ts";

// The cobv and lotecobv calls of the PSP client against the peer: every request valid against
// the BACEN file, the answers read whatever the profile's shape, the PSP's refusals reaching the
// caller in its own words, and the amount the payer is charged as worked out by hand below.

const FAST: BacenClientOptions = { timeoutMs: 2000, retries: 1, backoffMs: [20], budgetMs: 4000 };
const psp = pspClientHarness(FAST, { checkViolations: true });
const setup = (peerOpts: StartPspPeerOptions = {}) => psp.open(peerOpts);

const DAY = 86_400_000;
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
const todaySp = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
/** The first Wednesday at least `min` days after today (São Paulo): never moved by a weekend. */
function wednesdayAfter(min: number): string {
  let t = Date.parse(`${todaySp()}T00:00:00Z`) + min * DAY;
  while (new Date(t).getUTCDay() !== 3) t += DAY;
  return iso(t);
}
const plus = (date: string, days: number) => iso(Date.parse(`${date}T00:00:00Z`) + days * DAY);

const txid = (n = 0) => `tostaocobv${String(n).padStart(5, "0")}abcdefghijklmnop`;

/**
 * R$ 1.000,00 due on a Wednesday, 2% fine (multa 2), 1% a month (juros 3: 30-day month),
 * R$ 50,00 off until 5 days before (desconto 1). By hand:
 * - paid 6 days early: 100000 - 5000 = 95000;
 * - on the due date: 100000;
 * - 3 days late: 100000 + 2% (2000) + 1% x 3/30 (100) = 102100.
 */
function input(peer: PspPeer, n = 0, due = wednesdayAfter(10)): PutCobVInput {
  return {
    txid: txid(n),
    chave: peer.pixKey,
    dataDeVencimento: due,
    validadeAposVencimento: 30,
    devedor: { cpf: "12345678909", nome: "Francisco da Silva" },
    valor: {
      originalCents: 100_000,
      multa: { modalidade: 2, valorPerc: 200 },
      juros: { modalidade: 3, valorPerc: 100 },
      desconto: { modalidade: 1, descontoDataFixa: [{ data: plus(due, -5), valorPerc: 5000 }] },
    },
    solicitacaoPagador: "Mensalidade de dezembro",
  };
}

describe("PUT/GET/PATCH /cobv against the peer", () => {
  // Inter, Sicoob and Banco do Brasil grant only the scopes the token request names, and the
  // peer refuses PUT /cobv without cobv.write: these pass only when the profile asks for it.
  for (const profile of ["generic", "efi", "sicoob", "inter", "bb"] as const) {
    test(`${profile}: a cobv is created with its due date and a BR Code or location to build one (the token asks the cobv scopes where the PSP requires scopes)`, async () => {
      const { peer, client } = await setup({ profile });
      const view = await client.putCobV(input(peer));
      assert.equal(view.txid, txid());
      assert.equal(view.status, "ATIVA");
      assert.equal(view.amountCents, 100_000);
      assert.equal(view.dataDeVencimento, input(peer).dataDeVencimento);
      assert.equal(view.validadeAposVencimento, 30);
      assert.ok(view.location?.startsWith("pix-peer.example/qr/v2/cobv/"));
      if (profile === "generic") assert.equal(view.brCode, undefined);
      else assert.match(view.brCode ?? "", /^000201/);
      const sent = peer.cobvs.get(txid());
      assert.deepEqual(sent?.valor.multa, { modalidade: 2, valorPerc: "2.00" });
      assert.deepEqual(sent?.valor.desconto?.descontoDataFixa?.[0]?.valorPerc, "50.00");
    });
  }

  test("the payer is charged the amount due on the day paid: early, on the due date, 3 days late", async () => {
    const { peer, client } = await setup();
    const due = wednesdayAfter(10);
    const cases = [
      { n: 1, paidAt: plus(due, -6), cents: 95_000 },
      { n: 2, paidAt: due, cents: 100_000 },
      { n: 3, paidAt: plus(due, 3), cents: 102_100 },
    ];
    for (const c of cases) {
      await client.putCobV(input(peer, c.n, due));
      const paid = await peer.payCobV(txid(c.n), { paidAt: c.paidAt });
      assert.equal(paid.amountCents, c.cents, `paid on ${c.paidAt}`);
      const view = await client.getCobV(txid(c.n));
      assert.equal(view.status, "CONCLUIDA");
      assert.equal(view.pix[0]?.amountCents, c.cents);
      assert.equal(view.pix[0]?.endToEndId, paid.endToEndId);
    }
    await client.putCobV(input(peer, 4, due));
    await assert.rejects(peer.payCobV(txid(4), { paidAt: plus(due, 31) }), /no longer be paid/);
  });

  test("PATCH removes an unpaid cobv; a paid one cannot be removed (the PSP's words)", async () => {
    const { peer, client } = await setup();
    await client.putCobV(input(peer, 1));
    const removed = await client.removeCobV(txid(1));
    assert.equal(removed.status, "REMOVIDA_PELO_USUARIO_RECEBEDOR");
    await client.putCobV(input(peer, 2));
    await peer.payCobV(txid(2));
    await assert.rejects(client.removeCobV(txid(2)), (err: unknown) => {
      assert.ok(err instanceof PspError);
      assert.equal(err.kind, "rejected");
      assert.match(err.reason, /já foi paga/);
      return true;
    });
  });

  for (const profile of ["generic", "efi"] as const) {
    test(`${profile}: a debtor with an invalid CPF is refused in the PSP's own words`, async () => {
      const { peer, client } = await setup({ profile });
      const bad = { ...input(peer), devedor: { cpf: "12345678900", nome: "Fulano" } };
      await assert.rejects(client.putCobV(bad), (err: unknown) => {
        assert.ok(err instanceof PspError);
        assert.equal(err.kind, "rejected");
        assert.equal(err.op, "PUT cobv");
        assert.match(err.reason, /cobv\.devedor\.cpf não corresponde a um CPF válido/);
        return true;
      });
    });
  }

  test("Efí's 409 on our own retried txid answers the cobv asked for", async () => {
    const { peer, client } = await setup({ profile: "efi" });
    const first = await client.putCobV(input(peer));
    const again = await client.putCobV(input(peer));
    assert.equal(again.txid, first.txid);
    assert.equal(again.brCode, first.brCode);
    const other = { ...input(peer), valor: { ...input(peer).valor, originalCents: 5 } };
    await assert.rejects(client.putCobV(other), (err: unknown) => {
      return err instanceof PspError && err.httpStatus === 409;
    });
  });

  test("a per-day early-payment discount (desconto 3) is a valid request", async () => {
    const { peer, client } = await setup();
    const i = input(peer);
    await client.putCobV({
      ...i,
      valor: { originalCents: 1000, desconto: { modalidade: 3, valorPerc: 10 } },
    });
    assert.deepEqual(peer.cobvs.get(txid())?.valor.desconto, { modalidade: 3, valorPerc: "0.10" });
  });

  test("a CNPJ debtor, alphanumeric included, is accepted; a bad one refused", async () => {
    const { peer, client } = await setup();
    await client.putCobV({ ...input(peer, 1), devedor: { cnpj: "11222333000181", nome: "ACME" } });
    await client.putCobV({ ...input(peer, 2), devedor: { cnpj: "12ABC34501DE35", nome: "Nova" } });
    await assert.rejects(
      client.putCobV({ ...input(peer, 3), devedor: { cnpj: "11222333000180", nome: "X" } }),
      /CNPJ válido/,
    );
  });
});

describe("PUT/GET /lotecobv against the peer", () => {
  test("a batch answers each line's status, a refused line with the PSP's reason", async () => {
    const { peer, client } = await setup({ profile: "efi" });
    const lines = [
      input(peer, 1),
      { ...input(peer, 2), devedor: { cpf: "11111111111", nome: "X" } },
      input(peer, 3),
    ];
    await client.putLoteCobV("2026112601", "Mensalidades de dezembro", lines);
    let lote = await client.getLoteCobV("2026112601");
    assert.ok(lote.lines.every((l) => l.status === "EM_PROCESSAMENTO" || l.status !== "unknown"));
    for (let i = 0; i < 100 && lote.lines.some((l) => l.status === "EM_PROCESSAMENTO"); i++) {
      await new Promise((r) => setTimeout(r, 20));
      lote = await client.getLoteCobV("2026112601");
    }
    assert.deepEqual(
      lote.lines.map((l) => [l.txid, l.status]),
      [
        [txid(1), "CRIADA"],
        [txid(2), "NEGADA"],
        [txid(3), "CRIADA"],
      ],
    );
    assert.match(lote.lines[1]?.reason ?? "", /CPF válido/);
    const made = await client.getCobV(txid(3));
    assert.equal(made.amountCents, 100_000);
  });

  test("1,000 lines go in one request, valid against the file", async () => {
    const { peer, client } = await setup();
    const lines = Array.from({ length: 1000 }, (_, i) => input(peer, i));
    const t0 = performance.now();
    await client.putLoteCobV("77", "Mil boletos", lines);
    const ms = performance.now() - t0;
    assert.ok(ms < 10_000, `PUT lotecobv of 1,000 lines took ${ms} ms`);
    assert.equal(peer.lotes.get(77)?.cobsv.length, 1000);
    assert.equal(peer.requests.filter((r) => r.path.includes("/lotecobv/")).length, 1);
  });

  test("a lote id that is not a positive integer is our bug, refused before any call", async () => {
    const { peer, client } = await setup();
    await assert.rejects(client.putLoteCobV("abc", "x", [input(peer)]), TypeError);
    assert.equal(peer.requests.length, 0);
  });
});
