import type { z } from "zod";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { AppError } from "../errors.ts";
import { LIVE_PSP_MISSING } from "../live-pix/live-create.ts";
import { neighbourDays, statementDay } from "../live-pix/pix-statement.ts";
import {
  pixStatement,
  type StatementSchema,
  statementDate,
} from "../live-pix/pix-statement-view.ts";
import type { PspClients } from "../pix-psp-connection/clients.ts";

// The dashboard's statement page (/dashboard/statement?date=): the API's own pixStatement for
// the session's live principal, with what it may refuse turned into states the page explains
// (the sandbox has no PSP, no connection yet, a bad date, the PSP down or refusing) instead of
// an error page: the merchant is told what to do, and a PSP outage is never a 5xx here.

export type Statement = z.output<typeof StatementSchema>;

export type StatementPage =
  | { kind: "ok"; today: string; statement: Statement }
  /** Test mode: the sandbox has no PSP (the API refuses a test token, 403). */
  | { kind: "test" }
  | { kind: "noPsp" }
  | { kind: "badDate"; today: string; asked: string; error: "malformed" | "future" }
  /** The PSP was asked and failed: down or slow (`down`), or it refused the request. */
  | {
      kind: "pspFailed";
      today: string;
      date: string;
      prev: string;
      next?: string | undefined;
      failure: "down" | "refused";
      reason: string;
    };

type Deps = { db: Db; clock: Clock; pspClients?: PspClients | undefined };

/** The page's data for the query's `date` (a string; absent or empty: today in São Paulo). */
export async function statementPage(
  deps: Deps,
  who: Principal,
  query: { date?: unknown },
): Promise<StatementPage> {
  if (who.mode !== "live") return { kind: "test" };
  const now = deps.clock.now();
  const today = statementDate(now);
  const asked = typeof query.date === "string" && query.date !== "" ? query.date : today;
  // The API's own check of the date, first, so a bad one is told as the form's error.
  const day = statementDay(asked, now);
  if ("error" in day) return { kind: "badDate", today, asked, error: day.error };
  try {
    return { kind: "ok", today, statement: await pixStatement(deps, who, { date: day.date }) };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.message === LIVE_PSP_MISSING) return { kind: "noPsp" };
    const failure = pspFailureKind(err);
    if (!failure) throw err;
    return {
      kind: "pspFailed",
      today,
      date: day.date,
      ...neighbourDays(day.date, now),
      failure,
      reason: pspReason(err.message),
    };
  }
}

/** pspFailure's answers (psp-failure.ts): 502 and 503 the PSP unreachable, 422 its refusal. */
function pspFailureKind(err: AppError): "down" | "refused" | undefined {
  if (err.code === "BAD_GATEWAY" || err.code === "UNAVAILABLE") return "down";
  if (err.code === "UNPROCESSABLE" && err.message.startsWith("PSP refused: ")) return "refused";
  return undefined;
}

/** The PSP's own words out of pspFailure's message (without what to do about it: the page says). */
const pspReason = (message: string) =>
  message.replace(/^PSP (unavailable|refused|rate limit reached): /, "").split("; ")[0] ?? message;
