import { findCharge, moveCharge, setDeclineReason } from "../../db/queries/charges.ts";
import { insertEvents } from "../../db/queries/events.ts";
import { chargesByTxids } from "../../db/queries/live-pix/work-lists.ts";
import { findPeriodByCharge, updatePeriod } from "../../db/queries/subscriptions/periods.ts";
import {
  findSubscriptionByRec,
  moveSubscription,
} from "../../db/queries/subscriptions/subscriptions.ts";
import { heldCobrTxids, heldRecIds, setReceived } from "../../db/queries/subscriptions-live.ts";
import type { CobrView, RecView } from "../../pix-psp/automatico-types.ts";
import { chargeEvent } from "../charges/charge-events.ts";
import { issueAt, periodDate, retryAt } from "../subscriptions/calendar.ts";
import type { SubscriptionDeps } from "../subscriptions/create-subscription.ts";
import { cancelSubscription } from "../subscriptions/manage-subscriptions.ts";
import { subscriptionEvent } from "../subscriptions/subscription-view.ts";
import type { RecurrenceSink } from "./notify.ts";

const LIVE = "live" as const;
const PAYER_SIDE = new Set(["USUARIO_PAGADOR", "PSP_PAGADOR"]);

/**
 * Where confirmed Pix Automático facts move the subscriptions' tables (notify.ts hands it only
 * what GET /rec or GET /cobr answered). Every move is conditional (from a status), so a fact
 * seen twice, or by two instances at once, moves once and emits its event once.
 */
export function makeSubscriptionSink(
  deps: SubscriptionDeps,
  baseUrl: () => string,
): RecurrenceSink {
  return {
    knownRecs: (db, accountId, ids) => heldRecIds(db, accountId, ids),
    knownCobrs: (db, accountId, ids) => heldCobrTxids(db, accountId, ids),

    async recConfirmed(db, accountId, rec: RecView) {
      const s = await findSubscriptionByRec(db, { accountId, mode: LIVE, recId: rec.idRec });
      if (!s) return false;
      const now = deps.clock.now();
      if (rec.status === "CANCELADA") {
        if (s.status !== "created" && s.status !== "approved") return false;
        const by =
          rec.encerramento?.kind === "cancelamento" &&
          PAYER_SIDE.has(rec.encerramento.solicitante ?? "")
            ? "payer"
            : "merchant";
        // The PSP already holds it cancelled: a payer's cancel sends nothing back; one from the
        // merchant's side (their PSP's portal) goes through the rail, which reads "already
        // cancelled" as done.
        const view = await cancelSubscription(
          deps,
          { accountId, mode: LIVE, tokenId: "psp-notification" },
          s.id,
          baseUrl(),
          by,
        );
        return view.status === "canceled";
      }
      const to =
        rec.status === "APROVADA"
          ? "approved"
          : rec.status === "REJEITADA"
            ? "rejected"
            : rec.status === "EXPIRADA"
              ? "expired"
              : undefined;
      if (!to || s.status !== "created") return false;
      return db.transaction(async (tx) => {
        const moved = await moveSubscription(tx, s, {
          from: ["created"],
          to,
          at: now,
          nextIssueAt:
            to === "approved" ? issueAt(periodDate(s.startDate, s.periodicity, 0)) : null,
        });
        if (!moved) return false;
        await insertEvents(tx, [subscriptionEvent(deps, moved)]);
        return true;
      });
    },

    async cobrConfirmed(db, accountId, cobr: CobrView) {
      const [charge] = await chargesByTxids(db, { accountId, txids: [cobr.txid] });
      if (!charge?.subscriptionId || charge.status !== "pending") return false;
      const period = await findPeriodByCharge(db, { accountId, mode: LIVE, chargeId: charge.id });
      if (!period) return false;
      const key = { accountId, mode: LIVE, id: charge.id };
      const now = deps.clock.now();
      const attempts = cobr.tentativas.filter(
        (t) => t.status !== "SOLICITADA" && t.status !== "AGENDADA",
      ).length;
      const last = cobr.tentativas.at(-1);
      const code =
        (cobr.encerramento?.kind === "rejeicao" ? cobr.encerramento.codigo : undefined) ??
        last?.rejeicao?.codigo;
      if (cobr.status === "CONCLUIDA") {
        const paid = cobr.pix.reduce((a, p) => a + p.amountCents, 0);
        return db.transaction(async (tx) => {
          const moved = await moveCharge(tx, key, { from: ["pending"], to: "approved", at: now });
          if (!moved) return false;
          // The paying Pix's end-to-end id: a refund is a devolução on it, as for any charge.
          await setReceived(tx, key, paid || charge.valueCents, cobr.pix[0]?.endToEndId);
          const fresh = (await findCharge(tx, key)) ?? moved;
          await insertEvents(tx, [chargeEvent(deps, "charge.approved", fresh)]);
          await updatePeriod(tx, period, {
            status: "paid",
            attempts,
            nextAttemptAt: null,
            reason: null,
            at: now,
          });
          return true;
        });
      }
      if (
        cobr.status === "REJEITADA" ||
        cobr.status === "EXPIRADA" ||
        cobr.status === "CANCELADA"
      ) {
        const canceled = cobr.status === "CANCELADA";
        const reason = canceled
          ? `canceled: ${cobr.encerramento?.kind === "cancelamento" ? (cobr.encerramento.descricao ?? cobr.encerramento.codigo ?? "") : ""}`.trim()
          : `debit_failed: ${code ?? cobr.rawStatus}${last?.rejeicao?.descricao ? ` (${last.rejeicao.descricao})` : ""}; ${attempts} attempt${attempts === 1 ? "" : "s"}`;
        return db.transaction(async (tx) => {
          if (!canceled) {
            await setDeclineReason(tx, key, reason, { whilePending: true });
          }
          const moved = await moveCharge(tx, key, {
            from: ["pending"],
            to: canceled ? "canceled" : "declined",
            at: now,
          });
          if (!moved) return false;
          await insertEvents(tx, [
            chargeEvent(deps, canceled ? "charge.updated" : "charge.declined", moved),
          ]);
          await updatePeriod(tx, period, {
            status: canceled ? "canceled" : "declined",
            attempts,
            nextAttemptAt: null,
            reason,
            at: now,
          });
          return true;
        });
      }
      // Still ATIVA after a failed attempt: ask the payer's PSP to try again on the policy's
      // next day (PERMITE_3R_7D), unless an attempt is already scheduled.
      if (last?.status === "REJEITADA" && cobr.status === "ATIVA") {
        const s = await findSubscriptionByRec(db, {
          accountId,
          mode: LIVE,
          recId: cobr.idRec ?? "",
        });
        if (!s) return false;
        const retries = cobr.tentativas.filter((t) => t.tipo === "NTAG").length;
        const next = retryAt(period.dueDate, s.retryPolicy, retries);
        if (!next) return false;
        const day = new Date(next.getTime() - 3 * 3_600_000).toISOString().slice(0, 10);
        await deps.subscriptionRails.live?.requestRetry(charge, day);
        await updatePeriod(db, period, {
          status: "issued",
          attempts,
          nextAttemptAt: null,
          reason: `debit_failed: ${code ?? "REJEITADA"}; retry asked for ${day}`,
          at: now,
        });
        return true;
      }
      return false;
    },
  };
}
