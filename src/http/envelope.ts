import type { FastifyReply } from "fastify";
import { z } from "zod";

// Every response is { success: true, data: {...} } or { success: false, error: "..." }.

export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), data });
}

export function ok<T>(data: T): { success: true; data: T } {
  return { success: true, data };
}

export function fail(error: string): { success: false; error: string } {
  return { success: false, error };
}

/**
 * Sends `{ success: true, data }` with `data` written by the schema's compiled serializer
 * (response-serializer.ts): only the schema's fields, as the route's declared response promises,
 * and the data typed against the schema.
 */
export function sendOk<S extends z.ZodType>(
  reply: FastifyReply,
  schema: S,
  data: z.input<S>,
): FastifyReply {
  return reply
    .type("application/json; charset=utf-8")
    .send(reply.server.okJson(reply, schema, data) as never);
}
