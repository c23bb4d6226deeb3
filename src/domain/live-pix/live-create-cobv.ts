import type { CobAttemptWriter } from "../../db/queries/insert-charges.ts";
import { closeAttempt } from "../../db/queries/live-pix/cob-attempts.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { PROFILES } from "../../pix-psp/profiles.ts";
import type { CobView, ProfileId } from "../../pix-psp/types.ts";
import { type CobVDebtor, cobvInputFor } from "../due-date/cobv-request.ts";
import type { DueDateTerms } from "../due-date/modalities.ts";
import { AppError, unprocessable } from "../errors.ts";
import type { LiveConnection, PspClients } from "../pix-psp-connection/clients.ts";
import { isUnavailable, pspFailure } from "../pix-psp-connection/psp-failure.ts";
import { removeCobOf } from "./live-cob-kind.ts";
import {
  brCodeOf,
  chooseTxid,
  journalAttempts,
  keyHashOf,
  LIVE_PSP_MISSING,
  type LiveCob,
} from "./live-create.ts";

type Deps = {
  db: Db;
  clock: Clock;
  random: Random;
  pspClients: PspClients | undefined;
  openCobAttempt?: CobAttemptWriter;
};

export type LiveCobVInput = {
  terms: DueDateTerms;
  debtor: CobVDebtor;
  title: string | null;
  /** As for a cob (live-create.ts): the key bound to its request. */
  idempotencySeed?: string;
};

/** The account's PSP connection, refused (422) when its profile does not serve cobv. */
export async function cobvConnection(deps: Deps, accountId: string): Promise<LiveConnection> {
  const live = await deps.pspClients?.forAccount(deps.db, accountId);
  if (!live) throw unprocessable(LIVE_PSP_MISSING);
  if (!PROFILES[live.row.profile as ProfileId]?.dueDate.cobv) {
    throw unprocessable(
      `due_date: the PSP profile ${live.row.profile} does not serve charges with a due date (cobv); see docs/due-date.md, "Live"`,
    );
  }
  return live;
}

/**
 * Creates the cobv of a live due-date charge at the account's PSP (`PUT /cobv/{txid}`) before the
 * charge is stored, exactly as createLiveCob does for a cob: the txid (starting "v", so every
 * later call knows it is a cobv: live-cob-kind.ts) is journalled first, derived from the
 * Idempotency-Key and its request when there is one, and a cobv left without a charge is removed by the
 * reconciliation's sweep. The PSP's refusal (a bad debtor, a date it will not take) reaches the
 * caller in the PSP's words (422).
 */
export async function createLiveCobV(
  deps: Deps,
  who: Principal,
  input: LiveCobVInput,
): Promise<LiveCob> {
  const live = await cobvConnection(deps, who.accountId);
  const keyHash = keyHashOf(who.accountId, input.idempotencySeed);
  const { txid, generation } = await chooseTxid(deps, who.accountId, keyHash, "v");
  const now = deps.clock.now();
  await journalAttempts(deps, [{ txid, accountId: who.accountId, keyHash, generation, at: now }]);
  const remove = async () => {
    await removeCobOf(live.client, txid).then(
      () => closeAttempt(deps.db, { txid, state: "removed", at: deps.clock.now() }),
      () => {},
    );
  };
  let cob: CobView;
  try {
    cob = await live.client.putCobV(
      cobvInputFor(txid, live.row.pixKey, input.terms, input.debtor, input.title),
    );
  } catch (err) {
    if (isUnavailable(err) && !keyHash) await remove();
    if (!isUnavailable(err)) await closeAttempt(deps.db, { txid, state: "removed", at: now });
    throw pspFailure(err, "no charge was created");
  }
  const brCode = brCodeOf(cob, live);
  if (!brCode) {
    await remove();
    throw new AppError(
      "BAD_GATEWAY",
      "PSP answered the cobv without pixCopiaECola, brcode or location; no charge was created",
    );
  }
  return { txid, brCode, provider: `psp:${live.row.profile}`, abandon: remove };
}
