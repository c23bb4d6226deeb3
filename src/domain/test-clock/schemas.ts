import { z } from "zod";

// The sandbox test clock's schemas (POST /api/test-clock/advance, GET /api/test-clock, and the
// old path POST /api/pix/subscriptions/test-clock/advance, which answers the same).

export const AdvanceClockSchema = z.strictObject({
  days: z
    .number()
    .int("must be a whole number of days")
    .min(1, "must be at least 1")
    .max(400, "must be at most 400")
    .describe(
      "Days to move this account's sandbox clock forward; each day's work (overdue, expiry, subscriptions, payer mail) runs in turn.",
    ),
});

const count = (what: string) => z.number().int().describe(what);

export const TestClockSchema = z.object({
  now: z.string().describe("This account's sandbox clock (ISO 8601)."),
  advancedDays: z.number().describe("How far the clock runs ahead of the real one, in days."),
});

export const ClockAdvancedSchema = TestClockSchema.extend({
  overdue: count("Due-date charges that became overdue on the days passed (charge.updated)."),
  expired: count("Test charges that expired on the days passed (charge.declined)."),
  subscriptions: z
    .object({
      issued: count("Period charges issued."),
      skipped: count("Periods skipped (their window shut)."),
      paid: count("Periods debited."),
      retried: count("Failed debits to be retried."),
      declined: count("Periods declined after their last retry."),
      expired: count("Subscriptions nobody authorised in time."),
      railFailed: count("Periods the rail could not send (tried again).").optional(),
    })
    .describe("What the subscription billing pass did over the days passed."),
});
