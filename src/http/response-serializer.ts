import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { AppError } from "../domain/errors.ts";
import { type Serialize, serializerFor as serializerOf } from "../domain/schema-serializer.ts";

// Every 200 body is written by a serializer compiled from the route's zod response schema
// (fast-json-stringify, which Fastify itself uses for JSON Schema routes): only the schema's
// fields are written, in the schema's order, so a field that a handler adds by mistake (a secret,
// an internal column) never leaves the process. The routes' returned objects go through it as
// Fastify's serializer compiler; the senders that build their body themselves (idempotent
// replies, whose bytes are also stored, and sendOk) go through it with `okJson`.

export { compileSerializer, type Serialize } from "../domain/schema-serializer.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** `{"success":true,"data":…}`, with `data` written by `schema`'s serializer. */
    okJson(reply: FastifyReply, schema: z.ZodType, data: unknown): string;
  }
}

/**
 * Installs the serializers on the app. `strict` (tests) turns every difference between what a
 * handler produced and what its schema lets through into an error instead of a silent drop.
 */
export function useSchemaSerializers(app: FastifyInstance, opts: { strict: boolean }): void {
  const serializerFor = (schema: z.ZodType): Serialize => serializerOf(schema, opts);
  app.decorate("okJson", (reply: FastifyReply, schema: z.ZodType, data: unknown) => {
    if (opts.strict) assertDeclared(reply, schema);
    return `{"success":true,"data":${serializerFor(schema)(data)}}`;
  });
  // Compiled on first use, not when the route is registered: an app starts without paying for
  // routes it does not serve.
  app.setSerializerCompiler(({ schema, method, url }) => {
    if (!(schema instanceof z.ZodType)) throw new Error(`${method} ${url}: response not zod`);
    let f: Serialize | undefined;
    return (data) => {
      f ??= serializerFor(schema);
      return f(data);
    };
  });
}

/** The schema a sender is given must be the one its route declares (and documents). */
function assertDeclared(reply: FastifyReply, schema: z.ZodType): void {
  const response = reply.request.routeOptions.schema?.response as
    | Record<string, unknown>
    | undefined;
  const declared = response?.[reply.statusCode] ?? response?.[200];
  const data = declared instanceof z.ZodObject ? declared.shape.data : undefined;
  if (data !== schema) {
    throw new AppError(
      "INTERNAL",
      "response does not fit its schema (strict responses): the sender was given a schema the route does not declare",
    );
  }
}
