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
