import { z } from "zod";
import { ModeSchema } from "../mode.ts";

// The token schemas, shared by the HTTP routes, the MCP tools and the documents; TokenView, what
// the use cases return, is this schema's type, so the two cannot drift apart.

export const TokenViewSchema = z.object({
  id: z.string(),
  label: z.string(),
  mode: ModeSchema,
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
});
export const RevokeTokenSchema = z.strictObject({ id: z.string().min(1, "must not be empty") });

export const TokenListSchema = z.object({ tokens: z.array(TokenViewSchema) });
