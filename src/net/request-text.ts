import type { IncomingHttpHeaders } from "node:http";
import { type Agent, request } from "undici";
import { readBoundedText } from "./bounded-body.ts";

/** A request to a server a merchant chose (a PSP, a Lightning node), its body as text. */
export type TextRequest = {
  method: "GET" | "PUT" | "PATCH" | "POST" | "DELETE";
  url: string;
  headers: Record<string, string>;
  body?: string;
};

/**
 * One request through `agent`, under `signal`, and its answer's body read whole as text within
 * `maxBytes` (bounded-body.ts: TooLargeError past it). Any status is an answer.
 */
export async function requestText(
  agent: Agent,
  call: TextRequest,
  o: { maxBytes: number; signal: AbortSignal },
): Promise<{ status: number; headers: IncomingHttpHeaders; text: string }> {
  const res = await request(call.url, {
    dispatcher: agent,
    method: call.method,
    headers: call.headers,
    ...(call.body !== undefined ? { body: call.body } : {}),
    signal: o.signal,
  });
  const text = await readBoundedText(res.body, o.maxBytes, res.headers["content-length"]);
  return { status: res.statusCode, headers: res.headers, text };
}
