import type { FastifySchemaCompiler } from "fastify";
import type { z } from "zod";
import { AppError } from "../domain/errors.ts";

// Zod validation for routes, with the contract's split: a request whose shape is wrong (missing
// field, wrong JSON type, unknown field) is 400; well-formed values that break a rule are 422.
// Messages are "<path>: <what is wrong>", taken from the first issue.

const SHAPE_CODES = new Set(["invalid_type", "unrecognized_keys", "invalid_union", "invalid_key"]);

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: toAppError(result.error.issues, httpPart ?? "body") };
  };

export function toAppError(issues: readonly z.core.$ZodIssue[], part = "body"): AppError {
  const issue = issues[0];
  if (!issue) return new AppError("BAD_REQUEST", `${part}: invalid`);
  const code =
    SHAPE_CODES.has(issue.code) && !isFractionalInt(issue) ? "BAD_REQUEST" : "UNPROCESSABLE";
  return new AppError(code, formatIssue(issue, part));
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
