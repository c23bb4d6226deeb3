import type { FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../db/db.ts";
import type { Clock } from "../domain/deps.ts";
import {
  fingerprintBody,
  parseIdempotencyKey,
  runIdempotent,
} from "../domain/idempotency/run-idempotent.ts";
import { principalOf } from "./plugins/guard.ts";

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
  status = 200,
): Promise<void> {
  const key = parseIdempotencyKey(req.headers["idempotency-key"]);
  const p = principalOf(req);
  const scope = key
    ? {
        accountId: p.accountId,
        mode: p.mode,
        route: req.routeOptions.url ?? req.url,
        key,
        fingerprint: fingerprintBody(req.body),
      }
    : undefined;
  const res = await runIdempotent(deps, scope, async (db) => ({
    status,
    body: JSON.stringify({ success: true, data: await op(db) }),
  }));
  if (res.replayed) reply.header("Idempotent-Replayed", "true");
  await reply.code(res.status).type("application/json; charset=utf-8").send(res.body);
}
