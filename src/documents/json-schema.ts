import { z } from "zod";

/** A zod schema as the documents show it: JSON Schema of what a caller sends, without $schema. */
export function jsonSchemaOf(s: z.ZodType | undefined): Record<string, unknown> | undefined {
  if (!s) return undefined;
  const { $schema: _ignored, ...rest } = z.toJSONSchema(s, {
    io: "input",
    unrepresentable: "any",
  }) as Record<string, unknown>;
  return rest;
}
