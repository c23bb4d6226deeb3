import type { FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { fingerprintBody } from "../domain/idempotency/request-identity.ts";
import {
  type IdempotencyScope,
  type PreparedWrite,
  parseIdempotencyKey,
  runIdempotent,
  runIdempotentWrite,
  storedResponse,
} from "../domain/idempotency/run-idempotent.ts";
import type { Clock } from "../kernel/clock.ts";
import type { Db } from "../kernel/db.ts";
import type { SecretBox } from "../secrets/secret-box.ts";
import { principalOf } from "./plugins/guard.ts";

/**
 * How a route's stored response is kept: sealed with the secret box when it carries a secret (a
 * new token's value, a webhook's signing secret), or as it is, which the route must say in so
 * many words. There is no default, so a new route cannot store a secret in plaintext by
 * forgetting an option.
 */
export type StoredResponse = { secretBox: SecretBox } | { noSecret: true };

/**
 * Runs a POST operation under the request's Idempotency-Key (if any) and sends its envelope.
 * The body is serialised once, here, by the route's data schema (only its fields), and those
 * exact bytes are both sent and stored, so a replay is byte for byte the first response.
 * `prepare` is work done before the key's transaction (DNS, a PSP, a Lightning node): with a key,
 * the stored answer is looked up first, so a replay (or a 422) does none of it; it gets the
 * key's scope (its idempotencySeed names what it makes), and `abandon` undoes it when the key
 * turns out to be another request's (run-idempotent.ts: Abandon).
 */
export async function sendIdempotent<S extends z.ZodType, P = undefined>(
  deps: { db: Db; clock: Clock },
  req: FastifyRequest,
  reply: FastifyReply,
  schema: S,
  op: (db: Db, prepared: P) => Promise<z.input<S>>,
  opts: {
    status?: number;
    owner?: Owner | undefined;
    prepare?: (scope: IdempotencyScope | undefined) => Promise<P>;
    abandon?: (prepared: P) => Promise<void>;
  } & StoredResponse,
): Promise<void> {
  const status = opts.status ?? 200;
  const scope = scopeOf(req, opts.owner);
  const box = "secretBox" in opts ? opts.secretBox : undefined;
  // Bound to the key's scope, so a sealed response cannot be replayed under another key.
  const bound = scope
    ? `idempotency:${scope.accountId}:${scope.mode}:${scope.route}:${scope.key}`
    : "";
  const seal = box && {
    seal: (t: string) => box.seal(t, bound),
    open: (t: string) => box.open(t, bound),
  };
  if (opts.prepare && scope) {
    const stored = await storedResponse(deps, scope, seal);
    if (stored) return send(reply, stored);
  }
  const prepared = (opts.prepare ? await opts.prepare(scope) : undefined) as P;
  const abandon = opts.abandon;
  const res = await runIdempotent(
    deps,
    scope,
    async (db) => ({ status, body: reply.server.okJson(reply, schema, await op(db, prepared)) }),
    seal,
    abandon ? () => abandon(prepared) : undefined,
  );
  await send(reply, res);
}

/**
 * The one-statement form for hot creates (see runIdempotentWrite): `prepare` computes the
 * response data and returns the write, which must honour the key guard.
 */
export async function sendIdempotentWrite<S extends z.ZodType>(
  deps: { db: Db; clock: Clock },
  req: FastifyRequest,
  reply: FastifyReply,
  schema: S,
  prepare: (scope: IdempotencyScope | undefined) => Promise<{
    data: z.input<S>;
    write: PreparedWrite["write"];
    abandon?: PreparedWrite["abandon"];
  }>,
  opts: { precheck: boolean; owner?: Owner | undefined },
): Promise<void> {
  const res = await runIdempotentWrite(
    deps,
    scopeOf(req, opts.owner),
    async (scope) => {
      const p = await prepare(scope);
      const body = reply.server.okJson(reply, schema, p.data);
      return {
        response: { status: 200, body },
        write: p.write,
        ...(p.abandon ? { abandon: p.abandon } : {}),
      };
    },
    { precheck: opts.precheck },
  );
  await send(reply, res);
}

/** Whose keys these are: the caller's account and mode, or (public checkout) the product's. */
type Owner = { accountId: string; mode: "test" | "live" };

/**
 * Keys sent without a token (the public checkout) are kept apart from the merchant's own keys
 * of the same account: a payer who sent the merchant's key would otherwise be answered with the
 * merchant's stored response. The prefix ends in a newline, which no key sent in a header may
 * hold (run-idempotent.ts), so no merchant key can stand for a payer's.
 */
export const PUBLIC_KEY_PREFIX = "public-checkout\n";

function scopeOf(req: FastifyRequest, owner?: Owner): IdempotencyScope | undefined {
  const key = parseIdempotencyKey(idempotencyKeyHeader(req));
  if (!key) return undefined;
  const p = owner ?? principalOf(req);
  return {
    accountId: p.accountId,
    mode: p.mode,
    route: req.routeOptions.url ?? req.url,
    key: req.principal ? key : `${PUBLIC_KEY_PREFIX}${key}`,
    fingerprint: fingerprintBody(req.body),
    tokenId: req.principal?.tokenId ?? null,
  };
}

/**
 * The Idempotency-Key header as sent: Node joins repeated headers into one value ("a, b"), which
 * would pass for a key of its own, so the raw headers are counted, and two or more are returned
 * as a list (a 400).
 */
function idempotencyKeyHeader(req: FastifyRequest): string | string[] | undefined {
  const joined = req.headers["idempotency-key"];
  if (joined === undefined) return undefined;
  const raw = req.raw.rawHeaders;
  const values: string[] = [];
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]?.toLowerCase() === "idempotency-key") values.push(raw[i + 1] ?? "");
  }
  return values.length > 1 ? values : joined;
}

async function send(reply: FastifyReply, res: { status: number; body: string; replayed: boolean }) {
  if (res.replayed) reply.header("Idempotent-Replayed", "true");
  await reply.code(res.status).type("application/json; charset=utf-8").send(res.body);
}
