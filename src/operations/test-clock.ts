import { advanceAccountClock, readTestClock } from "../domain/test-clock/advance-test-clock.ts";
import {
  AdvanceClockSchema,
  ClockAdvancedSchema,
  TestClockSchema,
} from "../domain/test-clock/schemas.ts";
import { operation } from "./operation.ts";

// The sandbox test clock of an account's test mode (docs/pix.md, "Test clock"). The old path
// under subscriptions (operations/subscriptions.ts, advanceTestClock) runs the same use case.

const tags = ["sandbox"];

export const TEST_CLOCK_OPERATIONS = [
  operation({
    id: "advanceAccountTestClock",
    sandboxOnly: true,
    method: "POST",
    path: "/api/test-clock/advance",
    auth: "required",
    scope: "test_clock:write",
    summary:
      "Sandbox: move this account's test clock forward by days, running each day's work in test mode: overdue and expired charges, subscriptions, payer mail (test tokens only)",
    tags,
    input: AdvanceClockSchema,
    output: ClockAdvancedSchema,
    stored: "plain",
    run: (c, input) => advanceAccountClock(c.deps, c.principal, input.days),
    tool: {
      name: "advance_test_clock",
      description:
        "Sandbox only (test token): move this account's test clock forward by days (1..400); each day, due-date charges become overdue, charges expire, subscription periods are charged, debited and retried, and payer mail due that day is sent, as they would.",
    },
  }),
  operation({
    id: "getTestClock",
    sandboxOnly: true,
    method: "GET",
    path: "/api/test-clock",
    auth: "required",
    scope: "test_clock:read",
    summary:
      "Sandbox: this account's test clock, its now and how many days it runs ahead (test tokens only)",
    tags,
    output: TestClockSchema,
    run: (c) => readTestClock(c.deps, c.principal),
  }),
];
