import type { Principal } from "../../kernel/mode.ts";
import { PROFILES } from "../../pix-psp/profiles.ts";
import type { ProfileId } from "../../pix-psp/types.ts";
import { type CobVDebtor, cobvInputFor } from "../due-date/cobv-request.ts";
import type { DueDateTerms } from "../due-date/modalities.ts";
import { unprocessable } from "../errors.ts";
import type { LiveConnection } from "../pix-psp-connection/clients.ts";
import { type LiveCob, putJournalled } from "./live-cob-put.ts";
import {
  chooseTxid,
  journalAttempts,
  keyHashOf,
  LIVE_PSP_MISSING,
  type LiveCreateDeps,
} from "./live-create.ts";

export type LiveCobVInput = {
  terms: DueDateTerms;
  debtor: CobVDebtor;
  title: string | null;
  /** As for a cob (live-create.ts): the key bound to its request. */
  idempotencySeed?: string;
};

/** The account's PSP connection, refused (422) when its profile does not serve cobv. */
export async function cobvConnection(
  deps: LiveCreateDeps,
  accountId: string,
): Promise<LiveConnection> {
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
  deps: LiveCreateDeps,
  who: Principal,
  input: LiveCobVInput,
): Promise<LiveCob> {
  const live = await cobvConnection(deps, who.accountId);
  const keyHash = keyHashOf(who.accountId, input.idempotencySeed);
  const { txid, generation } = await chooseTxid(deps, who.accountId, keyHash, "v");
  const now = deps.clock.now();
  await journalAttempts(deps, [{ txid, accountId: who.accountId, keyHash, generation, at: now }]);
  return putJournalled(deps, live, { txid, keyHash, at: now, what: "cobv" }, () =>
    live.client.putCobV(
      cobvInputFor(txid, live.row.pixKey, input.terms, input.debtor, input.title),
    ),
  );
}
