import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { issueToken, listTokens, revokeToken } from "../../domain/tokens/manage-tokens.ts";
import type { AppDeps } from "../app-deps.ts";
import { okEnvelope } from "../envelope.ts";
import { sendIdempotent } from "../idempotent-reply.ts";
import { principalOf } from "../plugins/guard.ts";

const ModeSchema = z.enum(["test", "live"]);
const TokenSchema = z.object({
  id: z.string(),
  label: z.string(),
  mode: ModeSchema,
  prefix: z.string().describe("The first 12 characters of the token, to tell tokens apart."),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
const NewTokenSchema = TokenSchema.extend({
  token: z.string().describe("The token value. Shown in this response only; store it now."),
});

export const CreateTokenSchema = z.strictObject({
  label: z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters"),
  mode: ModeSchema.optional().describe("test (sandbox) or live; defaults to the caller's mode."),
});
export const RevokeTokenSchema = z.strictObject({ id: z.string().min(1, "must not be empty") });

export function registerTokenRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/auth/token/create",
    {
      config: { auth: "required" },
      schema: {
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
        summary: "List the account's API tokens (never their values)",
        tags: ["tokens"],
        response: { 200: okEnvelope(z.object({ tokens: z.array(TokenSchema) })) },
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
        summary: "Revoke an API token; every instance refuses it within 1 s",
        tags: ["tokens"],
        body: RevokeTokenSchema,
        response: { 200: okEnvelope(TokenSchema) },
      },
    },
    async (req, reply) => {
      const p = principalOf(req);
      await sendIdempotent(
        deps,
        req,
        reply,
        TokenSchema,
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
