import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppDeps } from "../../deps.ts";
import { issueToken, listTokens, revokeToken } from "../../domain/tokens/manage-tokens.ts";
import {
  CreateTokenSchema,
  NewTokenSchema,
  RevokeTokenSchema,
  TokenListSchema,
  TokenViewSchema,
} from "../../domain/tokens/schemas.ts";
import { okEnvelope } from "../envelope.ts";
import { sendIdempotent } from "../idempotent-reply.ts";
import { principalOf } from "../plugins/guard.ts";

export function registerTokenRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/auth/token/create",
    {
      config: { auth: "required" },
      schema: {
        operationId: "createApiToken",
        summary: "Create an API token (its value is shown once)",
        tags: ["tokens"],
        body: CreateTokenSchema,
        response: { 200: okEnvelope(NewTokenSchema) },
      },
    },
    async (req, reply) => {
      const p = principalOf(req);
      await sendIdempotent(
        deps,
        req,
        reply,
        NewTokenSchema,
        async (db) => {
          const { token, view } = await issueToken(
            { ...deps, db },
            {
              accountId: p.accountId,
              label: req.body.label,
              mode: req.body.mode ?? p.mode,
              callerMode: p.mode,
            },
          );
          return { ...view, token };
        },
        { secretBox: deps.secretBox },
      );
    },
  );

  r.get(
    "/api/auth/tokens",
    {
      config: { auth: "required" },
      schema: {
        operationId: "listApiTokens",
        summary: "List the account's API tokens (never their values)",
        tags: ["tokens"],
        response: { 200: okEnvelope(TokenListSchema) },
      },
    },
    async (req) => {
      const p = principalOf(req);
      const tokens = await listTokens(deps, { accountId: p.accountId, callerMode: p.mode });
      return { success: true as const, data: { tokens } };
    },
  );

  r.post(
    "/api/auth/token/revoke",
    {
      config: { auth: "required" },
      schema: {
        operationId: "revokeApiToken",
        summary: "Revoke an API token; every instance refuses it within 1 s",
        tags: ["tokens"],
        body: RevokeTokenSchema,
        response: { 200: okEnvelope(TokenViewSchema) },
      },
    },
    async (req, reply) => {
      const p = principalOf(req);
      await sendIdempotent(
        deps,
        req,
        reply,
        TokenViewSchema,
        async (db) => {
          const view = await revokeToken(
            { ...deps, db },
            { accountId: p.accountId, id: req.body.id, callerMode: p.mode },
          );
          deps.authenticator.forgetAll();
          return view;
        },
        { noSecret: true },
      );
    },
  );
}
