import type { Db } from "../../kernel/db.ts";
import type { CobrView, RecView } from "../../pix-psp/automatico-types.ts";
import {
  parseCobrNotification,
  parseRecNotification,
  RecNotificationError,
} from "../../pix-psp/parse-rec.ts";
import { AppError, badRequest, notFound } from "../errors.ts";
import type { PspClients } from "../pix-psp-connection/clients.ts";
import { unlessPspFails } from "../pix-psp-connection/psp-failure.ts";
import type { Tally } from "../tally.ts";

/**
 * Where a confirmed Pix Automático fact lands: the subscriptions' tables (after h-subs, the
 * sink in sink.ts). The notify path never moves anything by itself: it hands the sink only
 * what GET /rec/{idRec} or GET /cobr/{txid} answered, never what a notification body claimed.
 */
export type RecurrenceSink = {
  /** Of these idRecs, the ones this account's subscriptions hold (unknown ids cost no PSP call). */
  knownRecs(db: Db, accountId: string, idRecs: readonly string[]): Promise<Set<string>>;
  knownCobrs(db: Db, accountId: string, txids: readonly string[]): Promise<Set<string>>;
  /** The rec as its PSP states it now; returns true when a subscription moved. */
  recConfirmed(db: Db, accountId: string, rec: RecView): Promise<boolean>;
  /** The cobr as its PSP states it now; returns true when a period's charge moved. */
  cobrConfirmed(db: Db, accountId: string, cobr: CobrView): Promise<boolean>;
};

export type RecurrenceNotifyDeps = {
  db: Db;
  pspClients: PspClients | undefined;
  recurrenceSink?: RecurrenceSink | undefined;
  tally?: Tally;
};

/** At most this many GETs per notification, as for /pix (live-pix/live-notify.ts). */
export const MAX_REC_CALLS_PER_NOTIFICATION = 10;

export type RecurrenceNotified = { received: number; confirmed: number; moved: number };

/** A body from POST {url}/rec or /cobr; the base URL with Efí's "?ignorar=" is told by its shape. */
export function recurrenceKindOf(body: unknown): "rec" | "cobr" | undefined {
  if (!body || typeof body !== "object" || Array.isArray(body)) return undefined;
  if ("recs" in body) return "rec";
  if ("cobsr" in body) return "cobr";
  return undefined;
}

/**
 * A PSP's Pix Automático notification for the connection whose hook id is in the URL. Unknown
 * hook: 404, nothing touched. Unreadable body: 400. Each id the account holds is read back at
 * the PSP (GET /rec/{idRec}, GET /cobr/{txid}) and only that answer goes to the sink; ids it
 * does not hold are ignored without a call. A PSP that cannot be asked now leaves the fact to
 * the next notification or the scheduler's own GET before it charges; anything else (the
 * database) fails the request with a 5xx so the PSP sends it again.
 */
export async function handleRecurrenceNotification(
  deps: RecurrenceNotifyDeps,
  hookId: string,
  kind: "rec" | "cobr",
  body: unknown,
): Promise<RecurrenceNotified> {
  try {
    return await handle(deps, hookId, kind, body);
  } catch (err) {
    if (!(err instanceof AppError)) deps.tally?.pspNotificationFailed();
    throw err;
  }
}

async function handle(
  deps: RecurrenceNotifyDeps,
  hookId: string,
  kind: "rec" | "cobr",
  body: unknown,
): Promise<RecurrenceNotified> {
  const live = await deps.pspClients?.forHook(deps.db, hookId);
  if (!live) throw notFound("notification hook not found");
  let ids: string[];
  try {
    ids =
      kind === "rec"
        ? parseRecNotification(body).recs.map((r) => r.idRec)
        : parseCobrNotification(body).cobsr.map((c) => c.txid);
  } catch (err) {
    if (err instanceof RecNotificationError) throw badRequest(`body: ${err.message}`);
    throw err;
  }
  const received = ids.length;
  const sink = deps.recurrenceSink;
  const auto = live.client.automatico;
  if (!sink || !auto || received === 0) return { received, confirmed: 0, moved: 0 };
  const accountId = live.row.accountId;
  const distinct = [...new Set(ids)];
  const known =
    kind === "rec"
      ? await sink.knownRecs(deps.db, accountId, distinct)
      : await sink.knownCobrs(deps.db, accountId, distinct);
  let confirmed = 0;
  let moved = 0;
  for (const id of distinct.filter((x) => known.has(x)).slice(0, MAX_REC_CALLS_PER_NOTIFICATION)) {
    if (kind === "rec") {
      const rec = await unlessPspFails(() => auto.getRec(id));
      if (!rec || rec.idRec !== id) continue;
      confirmed++;
      if (await sink.recConfirmed(deps.db, accountId, rec)) moved++;
    } else {
      const cobr = await unlessPspFails(() => auto.getCobr(id));
      if (!cobr || cobr.txid !== id) continue;
      confirmed++;
      if (await sink.cobrConfirmed(deps.db, accountId, cobr)) moved++;
    }
  }
  return { received, confirmed, moved };
}
