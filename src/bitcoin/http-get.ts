// One GET with a hard deadline covering connect, headers and body, and a size cap, for the price
// and chain clients. Failures come back as short values naming the cause (HTTP status, timeout,
// refused connection), so callers can tell an operator which upstream broke without stack traces.

import { deadline } from "../net/deadline.ts";

export type FetchFn = typeof fetch;

export type GetResult = { ok: true; text: string } | { ok: false; error: string };

const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;

function describeError(err: unknown): string {
  const cause = err instanceof Error ? err.cause : undefined;
  const code =
    typeof cause === "object" && cause !== null && "code" in cause ? String(cause.code) : undefined;
  if (code) return `connection failed (${code})`;
  return withoutCredentials(err instanceof Error ? err.message : String(err));
}

/**
 * The text with any URL's user:password@ part masked. fetch refuses URLs that carry credentials
 * with a message quoting the whole URL, and these texts reach logs and the public quote route.
 */
export function withoutCredentials(text: string): string {
  // Up to the last @ before the path: a password may itself hold @ or spaces.
  return text.replace(/(\/\/)[^/?#]*@/g, "$1***@");
}

async function readCapped(res: Response, maxBytes: number): Promise<string | undefined> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

export async function getText(
  fetchFn: FetchFn,
  url: string,
  timeoutMs: number,
  maxBytes = DEFAULT_MAX_BYTES,
): Promise<GetResult> {
  const limit = deadline(timeoutMs);
  try {
    const res = await fetchFn(url, {
      signal: limit.signal,
      headers: { accept: "application/json, text/plain" },
    });
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      return { ok: false, error: `HTTP ${res.status}` };
    }
    const text = await readCapped(res, maxBytes);
    if (text === undefined) return { ok: false, error: `response larger than ${maxBytes} bytes` };
    return { ok: true, text };
  } catch (err) {
    if (limit.expired()) return { ok: false, error: `timed out after ${timeoutMs} ms` };
    return { ok: false, error: describeError(err) };
  } finally {
    limit.clear();
  }
}

/** Parsed JSON of a successful GET, or the reason there is none. */
export async function getJson(
  fetchFn: FetchFn,
  url: string,
  timeoutMs: number,
): Promise<{ ok: true; body: unknown } | { ok: false; error: string }> {
  const got = await getText(fetchFn, url, timeoutMs);
  if (!got.ok) return got;
  try {
    return { ok: true, body: JSON.parse(got.text) as unknown };
  } catch {
    return { ok: false, error: "response is not JSON" };
  }
}

export function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** The base URL without trailing slashes, so `${base}/path` never doubles one. */
export function trimBase(url: string): string {
  return url.replace(/\/+$/, "");
}
