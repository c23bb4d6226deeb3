import { issueToken, listTokens, revokeToken } from "../domain/tokens/manage-tokens.ts";
import {
  CreateTokenSchema,
  ListTokensArgsSchema,
  ListTokensQuerySchema,
  NewTokenSchema,
  RevokeTokenSchema,
  TokenListSchema,
  TokenViewSchema,
} from "../domain/tokens/schemas.ts";
import { keyActor, operation } from "./operation.ts";

const tags = ["tokens"];

export const TOKEN_OPERATIONS = [
  operation({
    id: "createApiToken",
    method: "POST",
    path: "/api/auth/token/create",
    auth: "required",
    scope: "tokens:write",
    summary:
      "Create an API token (its value is shown once), with the caller's scopes or fewer, in its mode or lower",
    tags,
    input: CreateTokenSchema,
    output: NewTokenSchema,
    stored: "sealed",
    run: async (c, input) => {
      const p = c.principal;
      const { token, view } = await issueToken(c.deps, {
        accountId: p.accountId,
        label: input.label,
        mode: input.mode ?? p.mode,
        callerMode: p.mode,
        scopes: input.scopes,
        callerScopes: p.scopes ?? null,
        actor: keyActor(c),
      });
      return { ...view, token };
    },
  }),
  operation({
    id: "listApiTokens",
    method: "GET",
    path: "/api/auth/tokens",
    auth: "required",
    scope: "tokens:read",
    summary: "List the account's API tokens (never their values), newest first",
    tags,
    input: ListTokensQuerySchema,
    args: ListTokensArgsSchema,
    output: TokenListSchema,
    run: (c, input) =>
      listTokens(c.deps, {
        accountId: c.principal.accountId,
        callerMode: c.principal.mode,
        limit: input.limit,
        offset: input.offset,
      }),
    tool: {
      name: "list_api_tokens",
      description:
        "API tokens of the account (id, label, mode, scopes, prefix, dates; never values), newest first.",
    },
  }),
  operation({
    id: "revokeApiToken",
    method: "POST",
    path: "/api/auth/token/revoke",
    auth: "required",
    scope: "tokens:write",
    summary: "Revoke an API token; every instance refuses it within 1 s",
    tags,
    input: RevokeTokenSchema,
    output: TokenViewSchema,
    stored: "plain",
    run: async (c, input) => {
      const view = await revokeToken(c.deps, {
        accountId: c.principal.accountId,
        id: input.id,
        callerMode: c.principal.mode,
        actor: keyActor(c),
      });
      c.deps.authenticator.forgetAll();
      return view;
    },
  }),
];
