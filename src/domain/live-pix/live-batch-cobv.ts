import { closeAttempt } from "../../db/queries/live-pix/cob-attempts.ts";
import { chargesByTxids } from "../../db/queries/live-pix/work-lists.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import { mapLimited } from "../../kernel/map-limited.ts";
import type { Principal } from "../../kernel/mode.ts";
import { PROFILES } from "../../pix-psp/profiles.ts";
import { PspError } from "../../pix-psp/psp-error.ts";
import type { CobView, LoteCobVView, ProfileId, PutCobVInput } from "../../pix-psp/types.ts";
import { type CobVDebtor, cobvInputFor } from "../due-date/cobv-request.ts";
import type { DueDateTerms } from "../due-date/modalities.ts";
import type { LiveConnection, PspClients } from "../pix-psp-connection/clients.ts";
import { pspFailure } from "../pix-psp-connection/psp-failure.ts";
import { sha256Hex } from "../sha256.ts";
import { removeCobOf } from "./live-cob-kind.ts";
import { brCodeOf } from "./live-cob-put.ts";
import { journalAttempts, keyHashOf } from "./live-create.ts";
import { cobvConnection } from "./live-create-cobv.ts";

type Deps = {
  db: Db;
  clock: Clock;
  random: Random;
  pspClients: PspClients | undefined;
  /** Waits between polls of a lote (tests pass a short one). */
  sleep?: (ms: number) => Promise<void>;
  /** How long a lote's lines may stay EM_PROCESSAMENTO before they are answered as such. */
  loteBudgetMs?: number;
};

export type CobVBatchLine = { terms: DueDateTerms; debtor: CobVDebtor; title: string | null };
export type CobVLineOutcome =
  | { ok: true; txid: string; brCode: string }
  | { ok: false; message: string };

export type CobVBatchResult = {
  provider: string;
  outcomes: CobVLineOutcome[];
  /** Storing the charges failed: their cobvs must not stay payable (best effort; the sweep too). */
  abandon(): Promise<void>;
};

const CONCURRENCY = 8;
const DEFAULT_LOTE_BUDGET_MS = 30_000;

/**
 * Creates the cobvs of a batch of live due-date charges at the account's PSP before they are
 * stored: one `PUT /lotecobv/{id}` where the profile serves it (PROFILES[…].dueDate.lotecobv,
 * docs/due-date.md "Batch"), then GET /lotecobv/{id} until no line is EM_PROCESSAMENTO and
 * GET /cobv/{txid} for each created line (the lote's answer carries no BR Code); otherwise one
 * `PUT /cobv/{txid}` per line, 8 at a time. Every txid is journalled first (one statement), so a
 * cobv left without a charge is removed by the sweep. With an Idempotency-Key the txids and the
 * lote id derive from it and the request (idempotencySeed), so a retry PUTs the same cobvs
 * (create-or-replace while ATIVA) and the same lote (the standard's "alteração" of a lote with
 * the same lines), and another body under the key PUTs cobvs and a lote of its own. A line the PSP refuses
 * is that line's error, in the PSP's words; the others go on.
 */
export async function createLiveCobVBatch(
  deps: Deps,
  who: Principal,
  lines: readonly CobVBatchLine[],
  opts: { idempotencySeed?: string } = {},
): Promise<CobVBatchResult> {
  const live = await cobvConnection(deps, who.accountId);
  const keyHash = keyHashOf(who.accountId, opts.idempotencySeed);
  const txids = await batchTxids(deps, who.accountId, keyHash, lines.length);
  const now = deps.clock.now();
  await journalAttempts(
    deps,
    txids.map((txid) => ({ txid, accountId: who.accountId, keyHash, generation: 0, at: now })),
  );
  const inputs = lines.map((l, i) =>
    cobvInputFor(txids[i] as string, live.row.pixKey, l.terms, l.debtor, l.title),
  );
  const useLote = PROFILES[live.row.profile as ProfileId]?.dueDate.lotecobv === true;
  const views = useLote
    ? await viaLote(deps, live, inputs, loteIdOf(keyHash, deps))
    : await mapLimited(inputs, CONCURRENCY, (input) =>
        live.client.putCobV(input).then(
          (cob) => cob,
          (err: unknown) => err,
        ),
      );
  const outcomes: CobVLineOutcome[] = views.map((v, i) => {
    const txid = txids[i] as string;
    if (isCob(v)) {
      const brCode = brCodeOf(v, live);
      if (brCode) return { ok: true, txid, brCode };
      return {
        ok: false,
        message: "PSP answered the cobv without pixCopiaECola, brcode or location",
      };
    }
    return { ok: false, message: lineMessage(v) };
  });
  // Refused lines made nothing at the PSP: their journal rows close now.
  for (const [i, v] of views.entries()) {
    if (v instanceof PspError && v.kind !== "unavailable") {
      await closeAttempt(deps.db, { txid: txids[i] as string, state: "removed", at: now });
    }
  }
  return {
    provider: `psp:${live.row.profile}`,
    outcomes,
    abandon: async () => {
      const made = outcomes.flatMap((o) => (o.ok ? [o.txid] : []));
      await mapLimited(made, CONCURRENCY, (txid) =>
        removeCobOf(live.client, txid).then(
          () => closeAttempt(deps.db, { txid, state: "removed", at: deps.clock.now() }),
          () => {},
        ),
      );
    },
  };
}

/** Each line's cobv as the PSP made it, or why not: one lote, then a GET per created line. */
async function viaLote(
  deps: Deps,
  live: LiveConnection,
  inputs: PutCobVInput[],
  loteId: string,
): Promise<(CobView | unknown)[]> {
  try {
    await live.client.putLoteCobV(loteId, `Tostão batch ${loteId}`, inputs);
  } catch (err) {
    // The whole lote refused (its shape, its size): every line says so; an outage is the
    // request's 502 (the journal's sweep removes whatever the PSP may have made).
    if (err instanceof PspError && err.kind !== "unavailable") return inputs.map(() => err);
    throw pspFailure(err, "no charge of the batch was created");
  }
  const sleep = deps.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const deadline = deps.clock.now().getTime() + (deps.loteBudgetMs ?? DEFAULT_LOTE_BUDGET_MS);
  let lote: LoteCobVView | undefined;
  for (let wait = 100; ; wait = Math.min(wait * 2, 2000)) {
    lote = await live.client.getLoteCobV(loteId).catch((err: unknown) => {
      throw pspFailure(
        err,
        "the batch's cobvs are being made at the PSP; retry with the same Idempotency-Key",
      );
    });
    const busy = lote.lines.some((l) => l.status === "EM_PROCESSAMENTO");
    if (!busy || deps.clock.now().getTime() >= deadline) break;
    await sleep(wait);
  }
  const byTxid = new Map(lote.lines.map((l) => [l.txid, l]));
  return mapLimited(inputs, CONCURRENCY, async (input) => {
    const line = byTxid.get(input.txid);
    if (line?.status === "CRIADA") return live.client.getCobV(input.txid).catch((e: unknown) => e);
    if (line?.status === "NEGADA") {
      return new PspError("rejected", line.reason ?? "the PSP refused this line", {
        op: "PUT lotecobv",
      });
    }
    return new PspError(
      "unavailable",
      `the PSP is still processing this line (lote ${loteId}); retry the batch with the same Idempotency-Key`,
      { op: "GET lotecobv" },
    );
  });
}

function lineMessage(err: unknown): string {
  if (err instanceof PspError) {
    return err.kind === "unavailable"
      ? `PSP unavailable: ${err.reason}; this line was not created, retry with the same Idempotency-Key`
      : `PSP refused: ${err.reason}`;
  }
  throw err;
}

const isCob = (v: unknown): v is CobView =>
  !!v && typeof v === "object" && !(v instanceof Error) && "txid" in v;

/**
 * The batch's txids ("vb": a cobv, live-cob-kind.ts): from the key and the line's index, moved to
 * the next generation when a stored charge already holds one (a key used again after 24 h).
 */
async function batchTxids(
  deps: Deps,
  accountId: string,
  keyHash: string | null,
  n: number,
): Promise<string[]> {
  if (!keyHash) {
    return Array.from({ length: n }, () => `vx${deps.random.bytes(16).toString("hex")}`);
  }
  for (let generation = 0; ; generation++) {
    const txids = Array.from(
      { length: n },
      (_, i) => `vb${sha256Hex(`${keyHash}:${generation}:${i}`).slice(0, 32)}`,
    );
    if ((await chargesByTxids(deps.db, { accountId, txids })).length === 0) return txids;
  }
}

/** A positive integer below 2^53: from the key (a retry PUTs the same lote) or random. */
function loteIdOf(keyHash: string | null, deps: Deps): string {
  const hex = keyHash ?? deps.random.bytes(8).toString("hex");
  return String(Number.parseInt(hex.slice(0, 13), 16) + 1);
}
