import type { CobAttemptWriter } from "../../db/queries/insert-charges.ts";
import {
  type AttemptToOpen,
  keyTxidState,
  openAttempts,
  TXID_CANDIDATES,
} from "../../db/queries/live-pix/cob-attempts.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { unprocessable } from "../errors.ts";
import type { PspClients } from "../pix-psp-connection/clients.ts";
import { sha256Hex } from "../sha256.ts";
import { type LiveCob, putJournalled } from "./live-cob-put.ts";

export type { LiveCob } from "./live-cob-put.ts";

export const LIVE_PSP_MISSING =
  "live PIX charges need this account's PSP connection (BACEN API Pix), and none is configured: save one with POST /api/pix/provider (docs/live-pix.md); use a test token for the sandbox";

/**
 * Journals cobs before their PUT (one account's), committed when this returns. A 422 when the
 * account's live connection was deleted since it was read: nothing was journalled, and no cob
 * may be PUT (db/queries/live-pix/cob-attempts.ts: openAttemptsCtes holds the connection
 * against a delete).
 */
export async function journalAttempts(
  deps: Pick<LiveCreateDeps, "db" | "openCobAttempt">,
  attempts: AttemptToOpen[],
): Promise<void> {
  const [one] = attempts;
  if (!one) return;
  const journalled =
    deps.openCobAttempt && attempts.length === 1
      ? await deps.openCobAttempt(one)
      : (await openAttempts(deps.db, attempts)).has(one.accountId);
  if (!journalled) throw unprocessable(LIVE_PSP_MISSING);
}

/** What creating a live cob or cobv needs (live-create-cobv.ts shares it). */
export type LiveCreateDeps = {
  db: Db;
  clock: Clock;
  random: Random;
  pspClients: PspClients | undefined;
  /**
   * Journals a txid before its PUT, batched with concurrent creations (the service's writer,
   * queries/insert-charges.ts); without one, a statement of its own.
   */
  openCobAttempt?: CobAttemptWriter;
};

export type LiveCobInput = {
  amountCents: number;
  expiresInSec: number;
  title: string | null;
  customerCpf?: string;
  customerName?: string;
  /**
   * The request's Idempotency-Key bound to the request (run-idempotent.ts: idempotencySeed): the
   * txid is derived from it, so a retry of the same request PUTs the same cob, and another body
   * under the key another cob, never this one.
   */
  idempotencySeed?: string;
};

/**
 * Creates the cob of a live charge at the account's PSP (`PUT /cob/{txid}`) before the charge is
 * stored. The txid is journalled first (pix_cob_attempts), so a cob whose PUT timed out or whose
 * charge could not be stored is found and removed by the reconciliation pass: no cob stays
 * payable without a charge. With an Idempotency-Key the txid is derived from it and the request
 * (idempotencySeed), so a retry after a PSP outage PUTs the same txid (create-or-replace while
 * ATIVA) and never makes a second cob, while another body sent under the key at the same moment
 * PUTs a txid of its own and cannot replace this cob's value or debtor: the bill at the PSP is
 * always the stored charge's. The loser of such a race abandons its cob (runIdempotentWrite).
 */
export async function createLiveCob(
  deps: LiveCreateDeps,
  who: Principal,
  input: LiveCobInput,
): Promise<LiveCob> {
  const keyHash = keyHashOf(who.accountId, input.idempotencySeed);
  // With a key, the statement that chooses the txid also reads the connection's revision, so a
  // cached connection of that revision costs no read of its own.
  const chosen = keyHash ? await chooseTxid(deps, who.accountId, keyHash) : undefined;
  const live = chosen
    ? await deps.pspClients?.forAccountAt(deps.db, who.accountId, chosen.connectionRevision)
    : await deps.pspClients?.forAccount(deps.db, who.accountId);
  if (!live) throw unprocessable(LIVE_PSP_MISSING);
  const { txid, generation } = chosen ?? (await chooseTxid(deps, who.accountId, null));
  const now = deps.clock.now();
  // Committed before the PUT is sent (the writer resolves after its batch's commit): a crash
  // after the PUT leaves this row for the sweep.
  await journalAttempts(deps, [{ txid, accountId: who.accountId, keyHash, generation, at: now }]);
  return putJournalled(deps, live, { txid, keyHash, at: now, what: "cob" }, () =>
    live.client.putCob({
      txid,
      amountCents: input.amountCents,
      expiresInSec: input.expiresInSec,
      chave: live.row.pixKey,
      ...(input.title ? { solicitacaoPagador: input.title.slice(0, 140) } : {}),
      ...(input.customerCpf && input.customerName
        ? { devedor: { cpf: input.customerCpf, nome: input.customerName.slice(0, 200) } }
        : {}),
    }),
  );
}

/**
 * What a key's txids derive from, and what the journal (pix_cob_attempts.key_hash) files them
 * under: the account and the seed. Journal rows written before the seed held the request (the
 * key alone) match no seed now: a retry across that upgrade gets a new txid, and the sweep
 * removes the old cob, which no charge holds, as it does any cob left without one.
 */
export function keyHashOf(accountId: string, seed: string | undefined): string | null {
  return seed === undefined ? null : sha256Hex(`${accountId}\n${seed}`);
}

/**
 * The txid of a new cob: random, or derived from the Idempotency-Key. A key's txid is reused
 * until its cob was swept (removed, or paid with no charge stored), then the next generation's.
 */
export async function chooseTxid(
  deps: Pick<LiveCreateDeps, "db" | "random">,
  accountId: string,
  keyHash: string | null,
  kind: "t" | "v" = "t",
) {
  if (!keyHash) {
    return { txid: `${kind}x${deps.random.bytes(16).toString("hex")}`, generation: 0 };
  }
  let connectionRevision: number | undefined;
  // One round trip for the usual case: the key's newest attempt and which of the first
  // generations' txids are taken. A key reused past those generations (rare) asks again.
  let from = 0;
  for (;;) {
    const candidates = Array.from({ length: TXID_CANDIDATES }, (_, i) =>
      keyTxid(keyHash, from + i, kind),
    );
    const state = await keyTxidState(deps.db, { accountId, keyHash, candidates });
    const { latest, taken } = state;
    if (from === 0) connectionRevision = state.connectionRevision;
    let generation =
      latest === undefined
        ? 0
        : latest.state === "open"
          ? latest.generation
          : latest.generation + 1;
    generation = Math.max(generation, from);
    // A txid whose charge was stored is that charge's for good: a key used again once it expired
    // (24 h) must not PUT over that charge's cob, which may stay payable for 30 days. Journal
    // entries are pruned after two days, so the charges themselves say which txids are taken.
    while (generation < from + candidates.length && taken.has(keyTxid(keyHash, generation, kind))) {
      generation++;
    }
    if (generation < from + candidates.length) {
      return { txid: keyTxid(keyHash, generation, kind), generation, connectionRevision };
    }
    from = generation;
  }
}

// "t" for a cob, "v" for a cobv (live-cob-kind.ts reads it back).
const keyTxid = (keyHash: string, generation: number, kind: "t" | "v") =>
  `${kind}k${sha256Hex(`${keyHash}:${generation}`).slice(0, 32)}`;
