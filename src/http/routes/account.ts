import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../deps.ts";
import {
  AccountViewSchema,
  readAccount,
  renameAccount,
  UpdateAccountSchema,
} from "../../domain/accounts/display-name.ts";
import { okEnvelope, sendOk } from "../envelope.ts";
import { sendIdempotent } from "../idempotent-reply.ts";
import { principalOf } from "../plugins/guard.ts";

// The caller's account: its display name (whom payers pay), read and changed.

const tags = ["account"];

export function registerAccountRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/api/account",
    {
      config: { auth: "required" },
      schema: {
        operationId: "getAccount",
        summary: "The caller's account: its id and the display name payers see",
        tags,
        response: { 200: okEnvelope(AccountViewSchema) },
      },
    },
    async (req, reply) =>
      sendOk(reply, AccountViewSchema, await readAccount(deps, principalOf(req).accountId)),
  );
  r.post(
    "/api/account/update",
    {
      config: { auth: "required" },
      schema: {
        operationId: "updateAccount",
        summary:
          "Change the account's display name, shown to payers on the payment and checkout pages (live tokens only); Idempotency-Key accepted",
        tags,
        body: UpdateAccountSchema,
        response: { 200: okEnvelope(AccountViewSchema) },
      },
    },
    async (req, reply) => {
      const who = principalOf(req);
      await sendIdempotent(
        deps,
        req,
        reply,
        AccountViewSchema,
        (db) =>
          renameAccount(
            { db },
            {
              accountId: who.accountId,
              displayName: req.body.display_name,
              callerMode: who.mode,
            },
          ),
        { noSecret: true },
      );
    },
  );
}
