import * as q from "../../db/queries/idempotency.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import { AppError, unprocessable } from "../errors.ts";
import { fingerprintBody } from "./request-identity.ts";
import {
  type IdempotencyScope,
  type PreparedWrite,
  type ResponseSeal,
  runIdempotent,
  runIdempotentWrite,
} from "./run-idempotent.ts";

// A page's form that creates something (a charge, a product, a key…) carries a key of its own,
// drawn when the page was rendered (a hidden field). A double click, or the browser sending the
// post again, arrives with the same key, and the creation happens once: the second submission is
// answered with the first one's result. It is the API's Idempotency-Key under another name, in
// the same table, scoped to the account, the mode and the form (`form:<path>`), so a page's key
// never meets a key an API client sent. Unlike an API client, a browser cannot wait and retry on
// a 409: the second of a double click usually arrives while the first is still running, and it
// is the one whose answer the browser shows, so it waits here for the first to finish.

/** The hidden field's name, and what a key drawn for a form looks like. */
export const FORM_KEY_FIELD = "_once";
const FORM_KEY = /^[A-Za-z0-9_-]{16,64}$/;

export type FormSubmission = {
  accountId: string;
  mode: "test" | "live";
  /** The form's path ("/dashboard/keys", "/checkout/{id}"). */
  form: string;
  /** The hidden field's value as sent ("" or malformed: the form runs without a key). */
  key: string;
  /** What was submitted (the key and CSRF token left out): a key sent again with other values is refused. */
  fields: Record<string, unknown>;
};

type OnceDeps = { db: Db; clock: Clock; sleep?: (ms: number) => Promise<void> };

/** The idempotency scope of a submission, or undefined when its form carried no usable key. */
export function formScope(s: FormSubmission): IdempotencyScope | undefined {
  if (!FORM_KEY.test(s.key)) return undefined;
  return {
    accountId: s.accountId,
    mode: s.mode,
    route: `form:${s.form}`,
    key: s.key,
    fingerprint: fingerprintBody(s.fields),
    // A form's key is drawn for one rendered page and never leaves it: no token owns it.
    tokenId: null,
  };
}

/**
 * Runs a form's creation once per key, in the key's transaction, and returns its result (a JSON
 * value: a replay returns the stored copy). `before` runs first, outside the transaction and
 * only for a submission not seen before (a quote to fetch, cobvs to make at the PSP, their ids
 * derived from the scope's idempotencySeed); `abandon` undoes what it did when the key turns out
 * to be another submission's (run-idempotent.ts: Abandon).
 */
export async function submitOnce<T, B = undefined>(
  deps: OnceDeps,
  sub: FormSubmission,
  op: {
    before?: (scope: IdempotencyScope | undefined) => Promise<B>;
    run: (db: Db, prepared: B) => Promise<T>;
    abandon?: (prepared: B) => Promise<void>;
  },
  seal?: ResponseSeal,
): Promise<T> {
  const scope = formScope(sub);
  return waitWhileRunning(deps, async () => {
    if (scope) {
      const stored = await storedResult<T>(deps, scope, seal);
      if (stored.found) return stored.value;
    }
    const prepared = (op.before ? await op.before(scope) : undefined) as B;
    const res = await runIdempotent(
      deps,
      scope,
      async (db) => ({ status: 200, body: JSON.stringify(await op.run(db, prepared)) }),
      seal,
      op.abandon ? () => op.abandon?.(prepared) ?? Promise.resolve() : undefined,
    );
    return JSON.parse(res.body) as T;
  });
}

/**
 * The same for a creation prepared first and written in one statement with its key (a PIX
 * charge: runIdempotentWrite). The stored result is looked up before `prepare` runs, so a
 * replay neither calls the PSP again nor spends what `prepare` spends.
 */
export async function writeOnce<T>(
  deps: OnceDeps,
  sub: FormSubmission,
  prepare: (
    scope: IdempotencyScope | undefined,
  ) => Promise<{ value: T; write: PreparedWrite["write"]; abandon?: PreparedWrite["abandon"] }>,
): Promise<T> {
  const scope = formScope(sub);
  return waitWhileRunning(deps, async () => {
    const res = await runIdempotentWrite(
      deps,
      scope,
      async (s) => {
        const p = await prepare(s);
        return {
          response: { status: 200, body: JSON.stringify(p.value) },
          write: p.write,
          ...(p.abandon ? { abandon: p.abandon } : {}),
        };
      },
      { precheck: true },
    );
    return JSON.parse(res.body) as T;
  });
}

async function storedResult<T>(
  deps: OnceDeps,
  scope: IdempotencyScope,
  seal: ResponseSeal | undefined,
): Promise<{ found: true; value: T } | { found: false }> {
  const expiredBefore = new Date(deps.clock.now().getTime() - q.KEY_RETENTION_MS);
  const row = await q.findKey(deps.db, scope, expiredBefore);
  if (!row) return { found: false };
  if (row.fingerprint !== scope.fingerprint) throw resentWithOtherValues();
  const body = seal ? seal.open(row.responseBody) : row.responseBody;
  return { found: true, value: JSON.parse(body) as T };
}

const IN_PROGRESS = "Idempotency-Key: a request with this key is still in progress";
const DIFFERENT = "Idempotency-Key: this key was already used with a different request";
const WAIT_STEP_MS = 100;
const WAIT_MAX_MS = 15_000;

/** The form's message for a key sent again with other values (a page kept open and edited). */
export const FORM_RESENT_MESSAGE =
  "form: this form was already sent with other values; reload the page to send a new one";

function resentWithOtherValues() {
  return unprocessable(FORM_RESENT_MESSAGE);
}

/** Runs `fn` again while another submission of the same key holds it (409), up to 15 s. */
async function waitWhileRunning<T>(deps: OnceDeps, fn: () => Promise<T>): Promise<T> {
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let waited = 0; ; waited += WAIT_STEP_MS) {
    try {
      return await fn();
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      if (err.message.startsWith(DIFFERENT)) throw resentWithOtherValues();
      if (!err.message.startsWith(IN_PROGRESS) || waited >= WAIT_MAX_MS) throw err;
      await sleep(WAIT_STEP_MS);
    }
  }
}

/**
 * The result of a twin submission of the same key that claimed it first (checkout-budget.ts:
 * claimCheckoutForm), once it is stored: looked for at growing intervals (50 ms doubling to
 * 1 s) for up to `waitMs`. Not found: the twin failed or is still running, and the caller goes
 * on as a new submission.
 */
export async function twinResult<T>(
  deps: OnceDeps,
  sub: FormSubmission,
  waitMs: number,
): Promise<{ found: true; value: T } | { found: false }> {
  const scope = formScope(sub);
  if (!scope) return { found: false };
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let waited = 0, step = 50; ; waited += step, step = Math.min(step * 2, 1000)) {
    const stored = await storedResult<T>(deps, scope, undefined);
    if (stored.found || waited >= waitMs) return stored;
    await sleep(step);
  }
}

/**
 * A submission refused before its write (a checkout budget spent by a double click's two
 * requests racing past the lookup together) is answered by its twin's result when the twin
 * finishes within a few seconds: the payer's browser shows the charge the first click made,
 * not a 429 for a click that made nothing. Without a key, or without a twin, `err` stands.
 */
export async function twinResultOr<T>(
  deps: OnceDeps,
  sub: FormSubmission,
  err: unknown,
): Promise<T> {
  const scope = formScope(sub);
  if (!scope || !(err instanceof AppError) || err.code !== "RATE_LIMITED") throw err;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let waited = 0; waited <= TWIN_WAIT_MS; waited += WAIT_STEP_MS) {
    const stored = await storedResult<T>(deps, scope, undefined);
    if (stored.found) return stored.value;
    await sleep(WAIT_STEP_MS);
  }
  throw err;
}
const TWIN_WAIT_MS = 3_000;
