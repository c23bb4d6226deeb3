import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";

/**
 * Sends, now, the payer mail of one account and mode that is due by `clock` (the sandbox test
 * clock's advance calls it for each day it passes, so a reminder goes on its own day and shows
 * that day's amount). Made by the service from the mail worker's pieces
 * (workers/mail-worker.ts); absent where no mail is wired (some tests).
 */
export type MailPass = (
  who: { accountId: string; mode: Mode },
  clock: Clock,
  /** The caller's handle (a transaction's), so the pass never waits on it. */
  db?: Db,
) => Promise<void>;
