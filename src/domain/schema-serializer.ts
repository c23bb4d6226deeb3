import fastJson from "fast-json-stringify";
import { z } from "zod";
import { AppError } from "./errors.ts";

// A zod schema's JSON writer (fast-json-stringify): only the schema's fields are written, in the
// schema's order, so a field added by mistake (a secret, an internal column) never leaves the
// process. The strict form, for tests, turns every such difference into an error instead.

export type Serialize = (value: unknown) => string;

// Compiling costs a few milliseconds, so each schema is compiled once per process; the result
// depends on the schema alone (a memo, not state).
const compiled = new WeakMap<z.ZodType, Serialize>();

/** The schema's compiled serializer: writes exactly the fields the schema declares. */
export function compileSerializer(schema: z.ZodType): Serialize {
  let f = compiled.get(schema);
  if (!f) {
    const json = z.toJSONSchema(schema, { target: "draft-7", io: "output" });
    f = fastJson(nullableAsType(json) as fastJson.AnySchema) as Serialize;
    compiled.set(schema, f);
  }
  return f;
}

/**
 * zod writes a nullable object as `anyOf: [{type: "object", …}, {type: "null"}]`, which
 * fast-json-stringify resolves per value by validating each branch with ajv (slow, and strict
 * about extra fields); `type: ["object", "null"]` says the same and is a plain type check.
 */
function nullableAsType(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(nullableAsType);
  if (node === null || typeof node !== "object") return node;
  const { anyOf: branches, ...o } = node as Record<string, unknown>;
  if (Array.isArray(branches) && branches.length === 2) {
    const isNull = (b: unknown) => (b as { type?: unknown }).type === "null";
    const other = branches.find((b) => !isNull(b)) as Record<string, unknown> | undefined;
    if (other && branches.some(isNull) && typeof other.type === "string") {
      return { ...o, ...(nullableAsType(other) as object), type: [other.type, "null"] };
    }
  }
  if (branches !== undefined) o.anyOf = branches;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) out[k] = nullableAsType(v);
  return out;
}

/**
 * The strict form: the value must come out of the serializer unchanged (as JSON.stringify would
 * write it, key order aside), and what comes out must parse against the schema. A field the
 * schema lacks, a null where it wants a string (written as ""), a wrong constant: each throws,
 * naming the field. (Its 500 says so: strict mode is for tests, where the reason is the point.)
 */
export function strictly(schema: z.ZodType, serialize: Serialize): Serialize {
  return (value) => {
    const out = serialize(value);
    const written: unknown = JSON.parse(out);
    const difference = firstDifference(JSON.parse(JSON.stringify(value) ?? "null"), written, "");
    if (difference) throw misfit(difference);
    const parsed = schema.safeParse(written);
    if (!parsed.success) throw misfit(z.prettifyError(parsed.error));
    return out;
  };
}

const misfit = (why: string) =>
  new AppError("INTERNAL", `response does not fit its schema (strict responses): ${why}`);

/**
 * The serializer of a schema: compiled, and in strict form (tests) when asked. What every body
 * that leaves the process goes through: responses (http/response-serializer.ts), event payloads
 * (domain/event-payload.ts) and webhook bodies (domain/events/event-data.ts), and tool answers.
 */
export function serializerFor(schema: z.ZodType, opts: { strict: boolean }): Serialize {
  if (!opts.strict) return compileSerializer(schema);
  let f = strictForms.get(schema);
  if (!f) {
    f = strictly(schema, compileSerializer(schema));
    strictForms.set(schema, f);
  }
  return f;
}
const strictForms = new WeakMap<z.ZodType, Serialize>();

function firstDifference(given: unknown, written: unknown, path: string): string | undefined {
  const at = path || "(root)";
  if (Array.isArray(given) && Array.isArray(written)) {
    if (given.length !== written.length)
      return `${at}: ${given.length} items written as ${written.length}`;
    for (let i = 0; i < given.length; i++) {
      const d = firstDifference(given[i], written[i], `${at}[${i}]`);
      if (d) return d;
    }
    return undefined;
  }
  if (isObject(given) && isObject(written)) {
    const field = (k: string) => (path ? `${path}.${k}` : k);
    for (const k of Object.keys(given)) {
      if (!(k in written)) return `${field(k)}: not in the schema`;
      const d = firstDifference(given[k], written[k], field(k));
      if (d) return d;
    }
    const added = Object.keys(written).find((k) => !(k in given));
    return added ? `${field(added)}: written but not given` : undefined;
  }
  if (Object.is(given, written)) return undefined;
  return `${at}: ${JSON.stringify(given)} written as ${JSON.stringify(written)}`;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);
