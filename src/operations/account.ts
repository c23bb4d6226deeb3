import {
  AccountViewSchema,
  readAccount,
  renameAccount,
  UpdateAccountSchema,
} from "../domain/accounts/display-name.ts";
import {
  ResetTestModeSchema,
  resetTestMode,
  TestModeResetSchema,
} from "../domain/accounts/reset-test-mode.ts";
import { keyActor, operation } from "./operation.ts";

// The caller's account: its display name (whom payers pay), read and changed.

const tags = ["account"];

export const ACCOUNT_OPERATIONS = [
  operation({
    id: "getAccount",
    method: "GET",
    path: "/api/account",
    auth: "required",
    scope: "account:read",
    summary: "The caller's account: its id and the display name payers see",
    tags,
    output: AccountViewSchema,
    run: (c) => readAccount(c.deps, c.principal.accountId),
  }),
  operation({
    id: "updateAccount",
    method: "POST",
    path: "/api/account/update",
    auth: "required",
    scope: "account:write",
    summary:
      "Change the account's display name, shown to payers on the payment and checkout pages (live tokens only); Idempotency-Key accepted",
    tags,
    input: UpdateAccountSchema,
    output: AccountViewSchema,
    stored: "plain",
    run: (c, input) =>
      renameAccount(c.deps, {
        accountId: c.principal.accountId,
        displayName: input.display_name,
        callerMode: c.principal.mode,
        actor: keyActor(c),
      }),
  }),
  operation({
    id: "resetTestMode",
    sandboxOnly: true,
    method: "POST",
    path: "/api/test-mode/reset",
    auth: "required",
    scope: "account:write",
    summary:
      "Sandbox: delete this account's test data (charges, events, deliveries, subscriptions, idempotency keys) and set the test clock back to now; keys, webhooks, products and connections stay (test tokens only)",
    tags,
    input: ResetTestModeSchema,
    output: TestModeResetSchema,
    stored: "plain",
    run: (c) => resetTestMode(c.deps, c.principal),
  }),
];
