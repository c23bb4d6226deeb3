import assert from "node:assert/strict";
import { test } from "node:test";
import { z } from "zod";
import type { AppDeps } from "../deps.ts";
import { executeTool } from "./execute.ts";
import type { ToolContext, ToolDef } from "./registry.ts";

// A tool whose answer does not fit its output schema after it has written (a charge created,
// money about to move) must not tell the caller it failed: the caller would retry and charge
// twice. The mismatch is logged, and the write's result is returned.

test("an output-schema mismatch after a write is logged and the write's result still returned, never a failure", async () => {
  const writes: string[] = [];
  const logged: unknown[] = [];
  const charge: ToolDef = {
    name: "create_charge_drifted",
    description: "a write whose answer drifted from its schema",
    input: z.strictObject({ amount: z.number() }),
    auth: true,
    write: true,
    output: z.object({ id: z.string(), amount: z.number(), status: z.enum(["pending"]) }),
    handler: async (_ctx, args: never) => {
      const { amount } = args as { amount: number };
      writes.push("ch_1");
      // status drifted from the schema's enum; internal is no field of the answer.
      return { id: "ch_1", amount, status: "PENDING", internal: "not for callers" };
    },
  };
  const ctx = {
    deps: { config: { mcpLiveWrites: true }, onToolError: (err: unknown) => logged.push(err) },
    principal: { accountId: "acct_1", mode: "live", tokenId: "tok_1" },
    baseUrl: "http://localhost",
    manifest: () => ({}),
  } as unknown as ToolContext & { deps: AppDeps };
  const outcome = await executeTool(
    ctx,
    charge.name,
    { amount: 1000 },
    new Map([[charge.name, charge]]),
  );
  assert.deepEqual(outcome, {
    ok: true,
    data: { id: "ch_1", amount: 1000, status: "PENDING" },
  });
  assert.deepEqual(writes, ["ch_1"], "one write");
  assert.equal(logged.length, 1, "the mismatch is logged");
  assert.match(String((logged[0] as Error).message), /create_charge_drifted.*status/);
});
