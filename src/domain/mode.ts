import { z } from "zod";

/** The environments of a request, chosen by the kind of token: 'test' is the sandbox. */
export const MODES = ["test", "live"] as const;
export type Mode = (typeof MODES)[number];
export const ModeSchema = z.enum(MODES);

/** Who is calling: the account and mode every query is scoped by. */
export type Principal = { accountId: string; mode: Mode; tokenId: string };
