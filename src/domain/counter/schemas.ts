import { z } from "zod";
import { HasMore } from "../list-limit.ts";

// The bodies and answers of the counter links (docs/counter.md, "The counter").

const text = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`);

export const CreateCounterLinkSchema = z.strictObject({
  label: text(60)
    .min(1, "must not be empty")
    .describe("Which counter or cashier the link is for (each sale's title names it)."),
});
export type CreateCounterLink = z.output<typeof CreateCounterLinkSchema>;

export const CounterLinkIdSchema = z.strictObject({
  counter_link_id: text(64).min(1, "must not be empty").describe("The link's id (ctr_...)."),
});

const CounterLinkFields = {
  counterLinkId: z.string(),
  label: z.string(),
  livemode: z.boolean().describe("The mode of the token that made it: its sales are of that mode."),
  createdAt: z.string(),
  revokedAt: z.string().nullable().describe("Once revoked, every page of the link answers 404."),
};
export const CounterLinkViewSchema = z.object(CounterLinkFields);
export const CounterLinkCreatedSchema = z.object({
  ...CounterLinkFields,
  url: z
    .string()
    .describe(
      "The counter's page for the cashier's phone, holding the link's secret: shown in this answer only (only its SHA-256 is stored).",
    ),
});
export const CounterLinkListSchema = z.object({
  counterLinks: z.array(CounterLinkViewSchema),
  hasMore: HasMore,
});
