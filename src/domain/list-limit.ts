import { z } from "zod";

// The paging of every list: `limit` 1..200 (default 50) and `offset` 0..10,000 (default 0), and
// `hasMore` in every answer (spec, Limits). One rule in two forms: a query string carries text,
// which the routes' form coerces to a number; a tool's JSON arguments carry a number, which the
// tools' form takes as it is (text there is a type error, as in any body).

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;
/**
 * The deepest offset served: past it, each page would read and skip that many rows. A 422
 * says how to reach older rows instead (a narrower period).
 */
export const MAX_OFFSET = 10_000;

const between = `must be between 1 and ${MAX_LIMIT}`;
const deepest = `must be at most ${MAX_OFFSET}; to reach older rows, narrow the period with created_from and created_to (or the list's other filters)`;
const bounded = <N extends z._ZodNumber>(n: N) =>
  n.int("must be an integer").min(1, between).max(MAX_LIMIT, between);
const offset = <N extends z._ZodNumber>(n: N) =>
  n.int("must be an integer").min(0, "must be 0 or more").max(MAX_OFFSET, deepest);

/** A list route's `?limit=`. */
export const LimitQuery = bounded(z.coerce.number()).default(DEFAULT_LIMIT);
/** A list tool's `limit` argument. */
export const LimitArgument = bounded(z.number()).default(DEFAULT_LIMIT);

/** A list route's `?limit=&offset=`. */
export const PageQuery = {
  limit: LimitQuery,
  offset: offset(z.coerce.number()).default(0).describe("Rows to skip (0..10000)."),
};
/** A list tool's `limit` and `offset` arguments. */
export const PageArguments = {
  limit: LimitArgument,
  offset: offset(z.number()).default(0).describe("Rows to skip (0..10000)."),
};

/** The arguments of a list tool that takes nothing but a page. */
export const ListArgumentsSchema = z.strictObject(PageArguments);
/** The query of a list route that takes nothing but a page. */
export const ListQuerySchema = z.strictObject(PageQuery);

export type Page = { limit: number; offset: number };

export const HasMore = z.boolean().describe("Whether rows remain past this page (next offset).");

/**
 * A page from the rows of a query that asked for one more than `limit`: the extra row only
 * tells whether there is a next page.
 */
export function pageOf<T>(rows: T[], limit: number): { items: T[]; hasMore: boolean } {
  return { items: rows.slice(0, limit), hasMore: rows.length > limit };
}
