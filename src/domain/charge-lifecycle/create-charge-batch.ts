import { z } from "zod";
import type { ChargeRow } from "../../db/queries/charges.ts";
import type { NewEvent } from "../../db/queries/events.ts";
import { type ChargeWrite, insertCharges } from "../../db/queries/insert-charges.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { creationEvents } from "../charges/charge-events.ts";
import { DISPLAY_STATUS } from "../charges/charge-status.ts";
import { newChargeRow } from "../charges/new-charge-row.ts";
import { paymentUrl } from "../charges/payment-url.ts";
import { type CreatePixCharge, CreatePixChargeSchema } from "../charges/schemas.ts";
import { type DuePlan, dueFields, planDueCharge } from "../due-date/due-charge.ts";
import { AppError } from "../errors.ts";
import { newId } from "../ids.ts";
import { formatIssue } from "../input-errors.ts";
import { type CobVBatchResult, createLiveCobVBatch } from "../live-pix/live-batch-cobv.ts";
import { centsToBrl } from "../money.ts";
import { resolveAmount } from "../products/resolve-amount.ts";
import { sandboxDueBrCode } from "../sandbox-pix/due-location.ts";
import type { PixProviders } from "../sandbox-pix/pix-provider.ts";
import { clockFor } from "../subscriptions/account-clock.ts";
import type { Tally } from "../tally.ts";
import {
  duplicateResult,
  findDuplicates,
  pointRepeats,
  storeWithoutDuplicates,
} from "./batch-duplicates.ts";
import { chargeDetailsOf } from "./create-pix-charge.ts";

// POST /api/pix/charges/batch: up to 1,000 charges with a due date in one call (docs/due-date.md,
// "Batch"). Each line is judged as POST /api/pix/charge/create judges a body (the same schema and
// rules) and answered in its place in `results`: the created charge, or that line's error; one
// bad line sinks nothing else. The work is in two steps, as the operation table runs a write:
// `prepareChargeBatch` does what happens outside the database (the live PSP calls: one PUT
// /lotecobv, or a PUT /cobv per line) and builds every row; `writeChargeBatch` stores them all in
// one statement (one jsonb parameter, queries/insert-charges.ts) inside the Idempotency-Key's
// transaction, so the batch is stored whole with its key, or not at all.

export const MAX_BATCH_LINES = 1000;
/** The operation's path: also its Idempotency-Key's route (the keys' scope). */
export const BATCH_ROUTE = "/api/pix/charges/batch";

export const ChargeBatchSchema = z.strictObject({
  charges: z
    .array(z.record(z.string(), z.unknown()))
    .min(1, "must have at least 1 charge")
    .max(MAX_BATCH_LINES, `must have at most ${MAX_BATCH_LINES} charges`)
    .describe(
      "Charges with a due date, each with the fields of POST /api/pix/charge/create (due_date, customer_name and customer_cpf or customer_cnpj required).",
    ),
});
export type ChargeBatch = z.output<typeof ChargeBatchSchema>;

const BatchLineResultSchema = z.object({
  /** The line's position in `charges`, from 0. */
  index: z.number().int(),
  chargeId: z.string().optional(),
  duplicate: z
    .boolean()
    .optional()
    .describe(
      "true: not created, because its external_id already names a pending or paid charge of this account and mode (or an earlier line of this batch); chargeId is that charge.",
    ),
  statusCode: z.string().optional(),
  status: z.string().optional(),
  value: z.number().optional(),
  brCode: z.string().optional(),
  provider: z.string().optional(),
  livemode: z.boolean().optional(),
  expiresAt: z.string().optional(),
  paymentUrl: z.string().optional(),
  dueDate: z.string().optional(),
  lastPayableDate: z.string().optional(),
  amountDue: z.number().nullable().optional(),
  overdue: z.boolean().optional(),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export const ChargeBatchResultSchema = z.object({
  created: z.number().int(),
  failed: z.number().int(),
  duplicates: z
    .number()
    .int()
    .describe("Lines not created because their external_id was already billed (duplicate: true)."),
  results: z.array(BatchLineResultSchema),
});
type LineResult = z.input<typeof BatchLineResultSchema>;

type Deps = {
  db: Db;
  clock: Clock;
  random: Random;
  pixProviders: PixProviders;
  maxChargeCents: number;
  tally?: Tally;
};

type Accepted = {
  index: number;
  input: CreatePixCharge & { due_date: string };
  valueCents: number;
  title: string | null;
  due: DuePlan;
};

export type PreparedBatch = {
  results: LineResult[];
  writes: ChargeWrite[];
  /** Lines repeating an earlier line's external_id: index -> the first line's index. */
  sameAs: Map<number, number>;
  live?: CobVBatchResult;
};

/**
 * Judges every line, makes the live cobvs at the PSP, and builds the rows to store. A replay never
 * gets here: its stored answer is looked up first (idempotent-reply.ts, submit-once.ts).
 * `idempotencySeed` (run-idempotent.ts) is the key bound to its request: the live txids and lote
 * id derive from it.
 */
export async function prepareChargeBatch(
  deps: Deps,
  who: Principal,
  batch: ChargeBatch,
  baseUrl: string,
  idempotencySeed?: string,
): Promise<PreparedBatch> {
  const results: LineResult[] = [];
  const judged: Accepted[] = [];
  // A sandbox batch's due dates are read on the account's test clock, as a single bill's are
  // (create-pix-charge.ts): read once for the batch.
  const dueClock = await clockFor(deps, who);
  for (const [index, raw] of batch.charges.entries()) {
    try {
      judged.push({ index, ...(await acceptLine(deps, who, raw, dueClock)) });
    } catch (err) {
      results[index] = { index, error: errorOf(err) };
    }
  }
  // Lines already billed are answered with their charge before anything reaches the PSP.
  const { billed, sameAs } = await findDuplicates(
    deps.db,
    who,
    judged.map((a) => ({ index: a.index, externalId: a.input.external_id })),
  );
  for (const [index, charge] of billed) results[index] = duplicateResult(index, charge);
  const accepted = judged.filter((a) => !billed.has(a.index) && !sameAs.has(a.index));
  let live: CobVBatchResult | undefined;
  const made = new Map<number, { txid: string; brCode: string; provider: string }>();
  if (who.mode === "live" && accepted.length > 0) {
    live = await createLiveCobVBatch(
      { ...deps, pspClients: deps.pixProviders.live },
      who,
      accepted.map((a) => ({
        terms: a.due.terms,
        title: a.title,
        debtor: {
          name: a.input.customer_name ?? "",
          ...(a.input.customer_cnpj ? { cnpj: a.input.customer_cnpj } : {}),
          ...(a.input.customer_cpf ? { cpf: a.input.customer_cpf } : {}),
        },
      })),
      idempotencySeed ? { idempotencySeed } : {},
    );
    for (const [i, outcome] of live.outcomes.entries()) {
      const a = accepted[i] as Accepted;
      if (outcome.ok) made.set(a.index, { ...outcome, provider: live.provider });
      else {
        const code = outcome.message.startsWith("PSP unavailable")
          ? "BAD_GATEWAY"
          : "UNPROCESSABLE";
        results[a.index] = { index: a.index, error: { code, message: outcome.message } };
      }
    }
  }
  const now = deps.clock.now();
  const writes: ChargeWrite[] = [];
  for (const a of accepted) {
    if (results[a.index]) continue;
    const id = newId("pix", deps);
    const liveCob = made.get(a.index);
    const txid = liveCob?.txid ?? id.slice(4);
    const brCode = liveCob?.brCode ?? sandboxDueBrCode(baseUrl, txid);
    if (!brCode) {
      results[a.index] = {
        index: a.index,
        error: {
          code: "UNPROCESSABLE",
          message: "the service's base URL is too long for a location",
        },
      };
      continue;
    }
    const row = rowOf(
      who,
      a,
      { id, txid, brCode, now },
      liveCob?.provider ?? deps.pixProviders.test.name,
    );
    writes.push({ row, events: creationEvents(deps, row) as NewEvent[] });
    results[a.index] = {
      index: a.index,
      chargeId: id,
      statusCode: "pending",
      status: DISPLAY_STATUS.pending,
      value: centsToBrl(row.valueCents),
      brCode,
      provider: row.provider,
      livemode: who.mode === "live",
      expiresAt: row.expiresAt.toISOString(),
      paymentUrl: paymentUrl(baseUrl, id),
      ...dueFields(row, dueClock.now()),
    };
  }
  pointRepeats(results, sameAs);
  return { results, writes, sameAs, ...(live ? { live } : {}) };
}

/** Stores the batch's charges with their events in one statement (inside the key's transaction). */
export async function writeChargeBatch(
  deps: { db: Db; tally?: Tally },
  who: Principal,
  prepared: PreparedBatch,
) {
  let stored: ChargeWrite[];
  try {
    // A line another batch billed meanwhile is left out, its cobv (live) swept from the journal.
    stored = await storeWithoutDuplicates(deps.db, who, prepared, async (db, writes) => {
      if (writes.length > 0) await insertCharges(db, writes);
    });
  } catch (err) {
    // Nothing half-done: the cobvs of charges not stored are removed (or swept later).
    await prepared.live?.abandon();
    throw err;
  }
  for (const _ of stored) deps.tally?.chargeCreated("pix", who.mode);
  const failed = prepared.results.filter((r) => r.error).length;
  const duplicates = prepared.results.filter((r) => r.duplicate).length;
  return {
    created: prepared.results.length - failed - duplicates,
    failed,
    duplicates,
    results: prepared.results.map((r) => {
      const {
        dueTerms: _t,
        amountPaid: _p,
        ...rest
      } = r as LineResult & {
        dueTerms?: unknown;
        amountPaid?: unknown;
      };
      return rest;
    }),
  };
}

async function acceptLine(
  deps: Deps,
  who: Principal,
  raw: Record<string, unknown>,
  dueClock: Clock,
): Promise<Omit<Accepted, "index">> {
  // Worded as the create route words them (an unknown discount mode reads as the list of modes).
  const parsed = CreatePixChargeSchema.safeParse(raw, { reportInput: true });
  if (!parsed.success) {
    const text = parsed.error.issues.map((i) => formatIssue(i, "charge")).join("; ");
    throw new AppError("UNPROCESSABLE", text);
  }
  const input = parsed.data;
  if (input.due_date === undefined) {
    throw new AppError(
      "UNPROCESSABLE",
      "due_date: is required in a batch (charges with a due date)",
    );
  }
  const { valueCents, title } = await resolveAmount(deps, who, {
    value: input.value,
    productId: input.product_id,
    title: input.title ?? null,
  });
  const withDue = { ...input, due_date: input.due_date };
  return {
    input: withDue,
    valueCents,
    title,
    due: planDueCharge({ clock: dueClock }, withDue, valueCents),
  };
}

function errorOf(err: unknown): { code: string; message: string } {
  if (err instanceof AppError) return { code: err.code, message: err.message };
  throw err;
}

function rowOf(
  who: Principal,
  a: Accepted,
  k: { id: string; txid: string; brCode: string; now: Date },
  provider: string,
): ChargeRow {
  const details = chargeDetailsOf(a.input);
  return newChargeRow(who, {
    id: k.id,
    method: "pix",
    valueCents: a.valueCents,
    title: a.title,
    description: a.input.description ?? null,
    productId: a.input.product_id ?? null,
    externalId: a.input.external_id ?? null,
    details,
    provider,
    txid: k.txid,
    brCode: k.brCode,
    expiresAt: a.due.expiresAt,
    createdAt: k.now,
    due: a.due,
  });
}
