import { z } from "zod";

/** The environments of a request, chosen by the kind of token: 'test' is the sandbox. */
export const MODES = ["test", "live"] as const;
export type Mode = (typeof MODES)[number];
export const ModeSchema = z.enum(MODES);

/**
 * Who is calling: the account and mode every query is scoped by, and what the key may do
 * (`scopes`, names of domain/tokens/scopes.ts; absent or null: every scope, as for keys made
 * without a list, the dashboard's user and the operator's CLI).
 */
export type Principal = {
  accountId: string;
  mode: Mode;
  tokenId: string;
  scopes?: readonly string[] | null;
};
