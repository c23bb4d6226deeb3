import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/db.ts";
import type { Clock } from "../domain/deps.ts";
import {
  fingerprintBody,
  type IdempotencyScope,
  type PreparedWrite,
  parseIdempotencyKey,
  runIdempotent,
  runIdempotentWrite,
} from "../domain/idempotency/run-idempotent.ts";
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
 * The body is serialised once, here, and those exact bytes are both sent and stored, so a
 * replay is byte for byte the first response.
 */
export async function sendIdempotent<T>(
  deps: { db: Db; clock: Clock },
  req: FastifyRequest,
  reply: FastifyReply,
  op: (db: Db) => Promise<T>,
  opts: { status?: number; owner?: Owner } & StoredResponse,
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
  const res = await runIdempotent(
    deps,
    scope,
    async (db) => ({ status, body: JSON.stringify({ success: true, data: await op(db) }) }),
    seal,
  );
  await send(reply, res);
}

/**
 * The one-statement form for hot creates (see runIdempotentWrite): `prepare` computes the
 * response data and returns the write, which must honour the key guard.
 */
export async function sendIdempotentWrite<T>(
  deps: { db: Db; clock: Clock },
  req: FastifyRequest,
  reply: FastifyReply,
  prepare: () => Promise<{ data: T; write: PreparedWrite["write"] }>,
  opts: { precheck: boolean },
): Promise<void> {
  const res = await runIdempotentWrite(
    deps,
    scopeOf(req),
    async () => {
      const p = await prepare();
      const body = JSON.stringify({ success: true, data: p.data });
      return { response: { status: 200, body }, write: p.write };
    },
    opts,
  );
  await send(reply, res);
}

/** Whose keys these are: the caller's account and mode, or (public checkout) the product's. */
type Owner = { accountId: string; mode: "test" | "live" };

function scopeOf(req: FastifyRequest, owner?: Owner): IdempotencyScope | undefined {
  const key = parseIdempotencyKey(req.headers["idempotency-key"]);
  if (!key) return undefined;
  const p = owner ?? principalOf(req);
  return {
    accountId: p.accountId,
    mode: p.mode,
    route: req.routeOptions.url ?? req.url,
    key,
    fingerprint: fingerprintBody(req.body),
  };
}

async function send(reply: FastifyReply, res: { status: number; body: string; replayed: boolean }) {
  if (res.replayed) reply.header("Idempotent-Replayed", "true");
  await reply.code(res.status).type("application/json; charset=utf-8").send(res.body);
}
