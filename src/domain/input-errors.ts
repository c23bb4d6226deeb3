import type { z } from "zod";
import { AppError } from "./errors.ts";

// How bad input is reported, for every front door (HTTP routes and MCP tools): input nested too
// deep, or holding text that cannot be stored, is refused first; then the first zod issue
// becomes "<path>: <what is wrong>", 400 when the request's shape is wrong (missing field, wrong
// JSON type, unknown field) and 422 when a well-formed value breaks a rule.

const SHAPE_CODES = new Set(["invalid_type", "unrecognized_keys", "invalid_union", "invalid_key"]);

// Text PostgreSQL cannot store (NUL) or cannot take inside JSON (a lone surrogate, which
// JSON.stringify writes as a \ud800 escape that jsonb refuses). Refused for every route and tool,
// as the caller's mistake (400), before it can reach a statement that other requests share.
const BAD_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Deepest nesting of arrays and objects any input may have. No route or tool takes more than a
 * few levels, and a bound keeps every walk over the input (this one, zod's, JSON.stringify's,
 * jsonb's) far from the stack's limit: 10,000 levels overflowed it and answered 500.
 */
export const MAX_NESTING = 64;

const TOO_DEEP = Symbol("too deep");

/**
 * A 400 for input no route or tool takes, whatever its schema: nesting deeper than MAX_NESTING,
 * or a string (or key) holding text that cannot be stored, named by its path.
 */
export function badTextError(data: unknown, part: string): AppError | undefined {
  const bad = badTextPath(data, "", 0);
  if (bad === undefined) return undefined;
  if (bad === TOO_DEEP) {
    return new AppError("BAD_REQUEST", `${part}: nested deeper than ${MAX_NESTING} levels`);
  }
  return new AppError(
    "BAD_REQUEST",
    `${bad || part}: must be text without NUL (\\u0000) characters or unpaired UTF-16 surrogates`,
  );
}

/**
 * The path of the first string (or key) in `v` holding bad text ("" for the root itself), or
 * TOO_DEEP once `v` nests past MAX_NESTING: the recursion goes no deeper than that.
 */
function badTextPath(
  v: unknown,
  path: string,
  depth: number,
): string | typeof TOO_DEEP | undefined {
  if (typeof v === "string") return BAD_TEXT.test(v) ? path : undefined;
  if (v === null || typeof v !== "object") return undefined;
  if (depth >= MAX_NESTING) return TOO_DEEP;
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      const found = badTextPath(v[i], `${path}[${i}]`, depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [k, x] of Object.entries(v)) {
    if (BAD_TEXT.test(k)) return path;
    const found = badTextPath(x, path ? `${path}.${k}` : k, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

export function toAppError(issues: readonly z.core.$ZodIssue[], part = "body"): AppError {
  const issue = issues[0];
  if (!issue) return new AppError("BAD_REQUEST", `${part}: invalid`);
  const code =
    SHAPE_CODES.has(issue.code) && !isFractionalInt(issue) && !isUnknownDiscriminator(issue)
      ? "BAD_REQUEST"
      : "UNPROCESSABLE";
  return new AppError(code, formatIssue(issue, part));
}

// A discriminated union (the due-date discounts' `mode`) answers an unknown mode as a union
// issue, which reads as a wrong shape; to a client it is a text outside a list, as an unknown
// fine mode is (z.enum's invalid_value), so 422. A missing or non-text mode stays a shape error.
// The route parses with reportInput, so the issue carries the object that was judged.
function isUnknownDiscriminator(issue: z.core.$ZodIssue): boolean {
  if (issue.code !== "invalid_union" || !("discriminator" in issue)) return false;
  const input = issue.input as Record<string, unknown> | undefined;
  return typeof input?.[String(issue.discriminator)] === "string";
}

// zod reports 1.5 for an integer field as a type error; to a client it is a number that breaks
// a rule (422), like any other out-of-range number.
function isFractionalInt(issue: z.core.$ZodIssue): boolean {
  return (
    issue.code === "invalid_type" && issue.expected === "int" && typeof issue.input === "number"
  );
}

export function formatIssue(issue: z.core.$ZodIssue, part = "body"): string {
  const path = formatPath(issue.path);
  const where = path || part;
  switch (issue.code) {
    case "invalid_type": {
      if (isFractionalInt(issue)) return `${where}: ${issue.message}`;
      if (issue.input === undefined || (issue.input === null && path === "")) {
        return path ? `${path}: is required` : `${part}: is required (send a JSON object)`;
      }
      return `${where}: must be ${article(issue.expected)}`;
    }
    case "unrecognized_keys": {
      const keys = issue.keys.map((k) => (path ? `${path}.${k}` : k));
      return `${keys.join(", ")}: unknown field${keys.length > 1 ? "s" : ""}`;
    }
    case "invalid_value":
      return `${where}: must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
    case "invalid_union":
      if (isUnknownDiscriminator(issue) && "options" in issue && Array.isArray(issue.options)) {
        return `${where}: must be one of ${issue.options.map((v) => JSON.stringify(v)).join(", ")}`;
      }
      return `${where}: ${issue.message}`;
    default:
      return `${where}: ${issue.message}`;
  }
}

function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const p of path) {
    if (typeof p === "number") out += `[${p}]`;
    else out += out ? `.${String(p)}` : String(p);
  }
  return out;
}

function article(expected: string): string {
  if (expected === "object") return "a JSON object";
  if (expected === "array") return "an array";
  if (expected === "int") return "an integer";
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}
