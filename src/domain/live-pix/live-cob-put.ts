import { closeAttempt } from "../../db/queries/live-pix/cob-attempts.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { CobView } from "../../pix-psp/types.ts";
import { AppError } from "../errors.ts";
import { encodeBrCode } from "../pix/brcode.ts";
import type { LiveConnection } from "../pix-psp-connection/clients.ts";
import { isUnavailable, pspFailure } from "../pix-psp-connection/psp-failure.ts";
import { removeCobOf } from "./live-cob-kind.ts";

// The PUT of a live charge's cob or cobv, once its txid is journalled (live-create.ts,
// live-create-cobv.ts), and the BR Code its answer gives the payer.

/** The cob made for a live charge, and how to take it back if the charge is not stored. */
export type LiveCob = {
  txid: string;
  brCode: string;
  provider: string;
  /** Storing the charge failed: the cob must not stay payable (best effort; the journal does the rest). */
  abandon(): Promise<void>;
};

/**
 * The PUT (`put`) of a journalled cob or cobv, and what both do with its outcome: the record
 * and how to take it back, or the PSP's failure in its words (`what` names the record).
 */
export async function putJournalled(
  deps: { db: Db; clock: Clock },
  live: LiveConnection,
  a: { txid: string; keyHash: string | null; at: Date; what: "cob" | "cobv" },
  put: () => Promise<CobView>,
): Promise<LiveCob> {
  const { txid } = a;
  const remove = async () => {
    await removeCobOf(live.client, txid).then(
      () => closeAttempt(deps.db, { txid, state: "removed", at: deps.clock.now() }),
      () => {}, // left open: the reconciliation pass removes it
    );
  };
  let cob: CobView;
  try {
    cob = await put();
  } catch (err) {
    // Unknown outcome (timeout, 5xx): the record may exist. Without a key nobody will PUT this
    // txid again, so it is removed now if the PSP answers, else by reconciliation. With a key
    // the caller's retry reuses it; an abandoned one is swept after a grace period.
    if (isUnavailable(err) && !a.keyHash) await remove();
    if (!isUnavailable(err)) await closeAttempt(deps.db, { txid, state: "removed", at: a.at });
    throw pspFailure(err, "no charge was created");
  }
  const brCode = brCodeOf(cob, live);
  if (!brCode) {
    await remove();
    throw new AppError(
      "BAD_GATEWAY",
      `PSP answered the ${a.what} without pixCopiaECola, brcode or location; no charge was created`,
    );
  }
  return { txid, brCode, provider: `psp:${live.row.profile}`, abandon: remove };
}

/**
 * The BR Code of a cob: the PSP's own (pixCopiaECola, or its profile's field), else a dynamic
 * code we build from the cob's location (26-25, 62-05 "***", single use).
 */
export function brCodeOf(cob: CobView, live: Pick<LiveConnection, "row">): string | undefined {
  if (cob.brCode) return cob.brCode;
  if (!cob.location) return undefined;
  return encodeBrCode({
    url: cob.location.replace(/^https?:\/\//, ""),
    merchantName: live.row.merchantName,
    merchantCity: live.row.merchantCity,
    pointOfInitiationMethod: "12",
  });
}
