import { z } from "zod";
import { ModeSchema } from "../../kernel/mode.ts";
import { HasMore, ListArgumentsSchema, ListQuerySchema } from "../list-limit.ts";
import { ScopeSchema } from "./scopes.ts";

// The token schemas, shared by the HTTP routes, the MCP tools and the documents; TokenView, what
// the use cases return, is this schema's type, so the two cannot drift apart.

export const TokenViewSchema = z.object({
  id: z.string(),
  label: z.string(),
  mode: ModeSchema,
  scopes: z
    .array(ScopeSchema)
    .nullable()
    .describe("What the token may do; null: every scope (a token made without a list)."),
  prefix: z.string().describe("The first 12 characters of the token, to tell tokens apart."),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TokenView = z.infer<typeof TokenViewSchema>;

export const NewTokenSchema = TokenViewSchema.extend({
  token: z.string().describe("The token value. Shown in this response only; store it now."),
});

export const CreateTokenSchema = z.strictObject({
  label: z.string().trim().min(1, "must not be empty").max(100, "must be at most 100 characters"),
  mode: ModeSchema.optional().describe("test (sandbox) or live; defaults to the caller's mode."),
  scopes: z
    .array(ScopeSchema)
    .min(1, "must name at least one scope")
    .max(50, "must name at most 50 scopes")
    .optional()
    .describe(
      'What the new token may do, e.g. ["charges:read", "charges:write"]; only scopes the caller holds. Absent: the caller\'s own scopes (every scope for a token made without a list).',
    ),
});
export const RevokeTokenSchema = z.strictObject({ id: z.string().min(1, "must not be empty") });

export const TokenListSchema = z.object({ tokens: z.array(TokenViewSchema), hasMore: HasMore });
export const ListTokensQuerySchema = ListQuerySchema;
export const ListTokensArgsSchema = ListArgumentsSchema;
