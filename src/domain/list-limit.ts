import { z } from "zod";

// The `limit` of every list: 1..200, default 50 (spec, Limits). One rule in two forms: a query
// string carries text, which the routes' form coerces to a number; a tool's JSON arguments carry
// a number, which the tools' form takes as it is (text there is a type error, as in any body).

export const DEFAULT_LIMIT = 50;

const between = "must be between 1 and 200";
const bounded = <N extends z._ZodNumber>(n: N) =>
  n.int("must be an integer").min(1, between).max(200, between);

/** A list route's `?limit=`. */
export const LimitQuery = bounded(z.coerce.number()).default(DEFAULT_LIMIT);

/** A list tool's `limit` argument (the tool applies DEFAULT_LIMIT when it is absent). */
export const LimitArgument = bounded(z.number()).optional();

/** The arguments of a list tool that takes nothing but a limit. */
export const ListArgumentsSchema = z.strictObject({ limit: LimitArgument });
