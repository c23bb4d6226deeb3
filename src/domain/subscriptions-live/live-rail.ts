import { lockConnection } from "../../db/queries/psp-connections.ts";
import type { SubscriptionRow } from "../../db/queries/subscriptions/subscription-row.ts";
import { findReceiverAccount } from "../../db/queries/subscriptions-live.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type {
  Devedor,
  Periodicidade,
  PixAutomaticoClient,
  PoliticaRetentativa,
} from "../../pix-psp/automatico-types.ts";
import { PspError } from "../../pix-psp/psp-error.ts";
import { unprocessable } from "../errors.ts";
import type { LiveConnection, PspClients } from "../pix-psp-connection/clients.ts";
import { pspFailure } from "../pix-psp-connection/psp-failure.ts";
import { BACEN_PERIODICITY, BACEN_RETRY_POLICY } from "../subscriptions/calendar.ts";
import { composeRecurrenceBrCode } from "../subscriptions/compose-brcode.ts";
import type { PeriodToIssue, SubscriptionRail } from "../subscriptions/rail.ts";

type Deps = { db: Db; pspClients: PspClients; clock: Clock };

const noReceiverAccount = () =>
  unprocessable(
    'receiver_account: the PSP connection has no receiver account, which each period\'s charge (cobr) names as its receiver: save the connection again with receiver_account {"branch", "account", "type": "CORRENTE" | "POUPANCA" | "PAGAMENTO"} (POST /api/pix/provider, or the dashboard\'s PIX provider page; docs/subscriptions.md, Live setup)',
  );

/**
 * The live rail: each account's subscriptions at its own PSP through the BACEN API Pix
 * (pix-psp/automatico-calls.ts). Authorising is POST /locrec, POST /rec and GET /rec/{idRec}
 * (with ?txid= of the journey's cob, PUT first, when the payer pays now) for the composed BR
 * Code; a period's charge is PUT /cobr/{txid} with a txid made of the subscription and the
 * period, so a repeat after a crash or by a second instance lands on the same cobr; a retry is
 * POST /cobr/{txid}/retentativa/{data}; a cancel is PATCH /rec/{idRec}.
 */
export function makeLiveSubscriptionRail(deps: Deps): SubscriptionRail {
  async function connection(
    accountId: string,
    db: Db = deps.db,
  ): Promise<LiveConnection & { auto: PixAutomaticoClient }> {
    const live = await deps.pspClients.forAccount(db, accountId);
    if (!live) {
      throw unprocessable(
        "live subscriptions need this account's PSP connection (POST /api/pix/provider; docs/subscriptions.md, Live setup)",
      );
    }
    const auto = live.client.automatico;
    if (!auto) throw unprocessable("this PSP client does not speak Pix Automático");
    return { ...live, auto };
  }

  type PeriodSender = (
    s: SubscriptionRow,
    period: PeriodToIssue,
  ) => Promise<{ txid: string; brCode: null }>;

  /** An account's PUT /cobr, on its connection and receiver account as read now. */
  async function periodSender(accountId: string, db: Db): Promise<PeriodSender> {
    const live = await connection(accountId, db);
    const recv = await findReceiverAccount(db, accountId);
    if (!recv) throw noReceiverAccount();
    const recebedor = {
      conta: recv.account,
      tipoConta: recv.accountType,
      ...(recv.branch ? { agencia: recv.branch } : {}),
    };
    return async (s, period) => {
      const txid = periodTxid(s.id, period.index);
      await live.auto.putCobr({
        txid,
        idRec: s.recId,
        amountCents: period.amountCents,
        dataDeVencimento: period.dueDate,
        recebedor,
        infoAdicional: s.title,
        ajusteDiaUtil: true,
      });
      return { txid, brCode: null };
    };
  }

  return {
    name: "psp",
    async authorize({ subscription: s, firstPayment }) {
      const live = await connection(s.accountId);
      // Refused before anything reaches the PSP: without the receiver account no period's cobr
      // can be sent, so a rec authorised by the payer would have each period skipped, unseen.
      if (!(await findReceiverAccount(deps.db, s.accountId))) throw noReceiverAccount();
      let recId: string | undefined;
      // Takes back what this authorisation made at the PSP, on the client it made it with (a
      // delete of the connection meanwhile leaves that client open for a while: clients.ts).
      const abandon = async () => {
        if (recId) await live.auto.cancelRec(recId).catch(() => {});
        if (firstPayment) await live.client.removeCob(firstPayment.txid).catch(() => {});
      };
      try {
        let cobLocation: string | undefined;
        if (firstPayment) {
          const ttl = Math.max(
            60,
            Math.floor((s.expiresAt.getTime() - deps.clock.now().getTime()) / 1000),
          );
          const cob = await live.client.putCob({
            txid: firstPayment.txid,
            amountCents: firstPayment.amountCents,
            expiresInSec: ttl,
            chave: live.row.pixKey,
            solicitacaoPagador: s.title,
            ...(debtorOf(s) ? { devedor: debtorOf(s) as Devedor } : {}),
          });
          cobLocation = cob.location;
        }
        const loc = await live.auto.postLocRec();
        const fixed = s.maxValueCents === null ? s.valueCents : null;
        const rec = await live.auto.postRec({
          contrato: s.id,
          objeto: s.title,
          devedor: debtorOf(s) ?? { cpf: "", nome: "" },
          periodicidade: BACEN_PERIODICITY[s.periodicity] as Periodicidade,
          dataInicial: s.startDate,
          ...(s.endDate ? { dataFinal: s.endDate } : {}),
          ...(fixed !== null ? { valorRecCents: fixed } : {}),
          politicaRetentativa: BACEN_RETRY_POLICY[s.retryPolicy] as PoliticaRetentativa,
          locId: loc.id,
          ...(firstPayment ? { jornadaTxid: firstPayment.txid } : {}),
        });
        recId = rec.idRec;
        const read = await live.auto.getRec(
          rec.idRec,
          firstPayment ? { txid: firstPayment.txid } : {},
        );
        // The PSP's composed code when it gives one (dadosQR); else ours, on its locations.
        const brCode =
          read.dadosQR?.pixCopiaECola ??
          composeRecurrenceBrCode({
            recUrl: read.location ?? loc.location,
            merchantName: live.row.merchantName,
            merchantCity: live.row.merchantCity,
            ...(cobLocation ? { cobUrl: cobLocation } : {}),
          });
        return { recId: rec.idRec, brCode, keep: (db) => keepConnection(db, s.accountId), abandon };
      } catch (err) {
        // A rec made, then its read failed: nothing would store it, so it is cancelled now.
        if (recId) await abandon();
        throw pspFailure(err, "the subscription was not created");
      }
    },
    periodIssuer(db) {
      // The batch's accounts: each one's connection and receiver account, read at its first
      // period (a connection saved meanwhile is seen by the next batch, seconds later).
      const accounts = new Map<string, Promise<PeriodSender>>();
      return async (s, period) => {
        let send = accounts.get(s.accountId);
        if (!send) {
          send = periodSender(s.accountId, db);
          accounts.set(s.accountId, send);
        }
        return (await send)(s, period);
      };
    },
    async requestRetry(charge, date) {
      const live = await connection(charge.accountId);
      if (!charge.txid) return;
      await live.auto.retryCobr(charge.txid, date);
    },
    async cancel(s) {
      const live = await connection(s.accountId);
      try {
        await live.auto.cancelRec(s.recId);
      } catch (err) {
        // Cancelled already (by the payer, whose notice we have not read yet) is what we wanted.
        if (err instanceof PspError && err.kind === "rejected") {
          const now = await live.auto.getRec(s.recId).catch(() => undefined);
          if (now && now.status !== "CRIADA" && now.status !== "APROVADA") return;
        }
        throw pspFailure(err, "the subscription was not canceled");
      }
    },
  };
}

/**
 * In the transaction that stores a new live subscription: holds the account's connection row
 * FOR KEY SHARE until the commit, so a delete of the connection (which locks it FOR UPDATE before
 * its guard looks for active subscriptions) either waits and then sees this subscription, or
 * went first and this creation finds no connection: 422, and the caller cancels the rec. A lock
 * clause on one indexed read per creation (which already makes three or four PSP calls), rather
 * than a foreign key from subscriptions, whose rows outlive their connection.
 */
async function keepConnection(db: Db, accountId: string): Promise<void> {
  if (!(await lockConnection(db, { accountId, mode: "live" }, "keep"))) {
    throw unprocessable(
      "profile: the PSP connection was deleted while this live subscription was being created: nothing was stored, and the rec made for it is cancelled at the PSP (save a connection with POST /api/pix/provider, then create it again)",
    );
  }
}

/** The period's cobr txid: the subscription id's letters and digits, "p", the period (<= 35). */
export function periodTxid(subscriptionId: string, index: number): string {
  const txid = `${subscriptionId.replace(/[^a-zA-Z0-9]/g, "")}p${index}`;
  if (txid.length < 26 || txid.length > 35) throw new Error(`period txid out of range: ${txid}`);
  return txid;
}

function debtorOf(s: Pick<SubscriptionRow, "details">): Devedor | undefined {
  const d = s.details as Record<string, string | undefined>;
  const nome = d.customer_name ?? "";
  if (d.customer_cpf) return { cpf: d.customer_cpf, nome };
  if (d.customer_cnpj) return { cnpj: d.customer_cnpj, nome };
  return undefined;
}
