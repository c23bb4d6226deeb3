import type { FastifySchemaCompiler } from "fastify";
import type { z } from "zod";
import { badTextError, toAppError } from "../domain/input-errors.ts";

// Zod validation for routes. What is refused and how it is worded (400 for a wrong shape, 422 for
// a value that breaks a rule) is shared with the MCP tools: domain/input-errors.ts.

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const part = httpPart ?? "body";
    const bad = badTextError(data, part);
    if (bad) return { error: bad };
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return { error: toAppError(result.error.issues, part) };
  };
