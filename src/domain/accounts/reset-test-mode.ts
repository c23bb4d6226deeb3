import { z } from "zod";
import { lockAccount } from "../../db/queries/accounts.ts";
import { deleteTestData } from "../../db/queries/test-mode-reset.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { forbidden } from "../errors.ts";

// A fresh sandbox without a fresh account: a developer who tried things (or moved the test
// clock 400 days, which cannot be moved back) starts over. The test data the sandbox made is
// deleted and the test clock is back at the real time; what the merchant set up stays (keys,
// webhooks, products, the wallet, the connections), and live mode is never touched.

export const ResetTestModeSchema = z.strictObject({
  confirm: z
    .literal(true, { error: "must be true: this deletes the account's test data for good" })
    .describe("Must be true: the account's test data is deleted for good"),
});

export const TestModeResetSchema = z.object({
  deleted: z
    .object({
      charges: z.number().int(),
      events: z.number().int(),
      deliveries: z.number().int(),
      subscriptions: z.number().int(),
      idempotencyKeys: z.number().int(),
    })
    .describe("How many rows of each kind were deleted"),
  testClock: z.object({
    now: z.string().describe("The test clock after the reset: the real time"),
  }),
});

export async function resetTestMode(
  deps: { db: Db; clock: Clock },
  who: Pick<Principal, "accountId" | "mode">,
): Promise<z.output<typeof TestModeResetSchema>> {
  if (who.mode !== "test") {
    throw forbidden("test-mode reset is for test tokens only; live data is never deleted");
  }
  // Under the account's lock, so it does not interleave with a token or webhook change; the
  // deletes are one transaction: a reset either happened whole or not at all.
  const deleted = await deps.db.transaction(async (db) => {
    await lockAccount(db, who.accountId);
    return deleteTestData(db, who.accountId);
  });
  return { deleted, testClock: { now: deps.clock.now().toISOString() } };
}
