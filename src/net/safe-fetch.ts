// The one way the service sends webhook deliveries. The registration check alone is not enough:
// a customer's DNS can answer with a public address at registration and a private one later (DNS
// rebinding). So the check is repeated inside the connection itself, on the very addresses the
// socket then dials, and literal-IP URLs (which never reach a lookup) are checked in the connector.
import type { LookupAddress, LookupOptions } from "node:dns";
import type { LookupFunction } from "node:net";
import { performance } from "node:perf_hooks";
import { StringDecoder } from "node:string_decoder";
import { Agent, buildConnector } from "undici";
import {
  checkWebhookUrl,
  isAddressAllowed,
  isAllowListed,
  type LookupAll,
  parseIp,
  refusedHost,
  systemLookup,
} from "./address-policy.ts";
import { deadline } from "./deadline.ts";

export type SafeSenderOptions = {
  readonly allowHosts: readonly string[];
  /** Total budget for one delivery: connect, headers and body. */
  readonly timeoutMs: number;
  readonly lookup?: LookupAll;
  /** Replaces the default trusted roots: for tests with a self-signed certificate. */
  readonly ca?: string | Buffer;
  readonly userAgent?: string;
  /** Upper bound of pooled keep-alive sockets per receiver origin; unbounded by default. */
  readonly connectionsPerOrigin?: number;
  readonly now?: () => number;
};

export type SendRequest = { url: string; headers: Readonly<Record<string, string>>; body: string };

export type SendResult =
  | {
      kind: "response";
      status: number;
      /** Lower-case names; only the few the delivery engine needs (retry-after, location...). */
      headers: Readonly<Record<string, string>>;
      /** At most the first 1024 bytes of the body, decoded as UTF-8. */
      bodySnippet: string;
      latencyMs: number;
    }
  | { kind: "error"; error: string; blocked: boolean; latencyMs: number };

export type SafeSender = { send(req: SendRequest): Promise<SendResult>; close(): Promise<void> };

const SNIPPET_BYTES = 1024;
// Reading a little past the snippet lets a receiver's ordinary-sized reply finish, so the
// keep-alive socket survives; anything bigger is cut off rather than downloaded.
const DRAIN_LIMIT_BYTES = 64 * 1024;
const KEPT_HEADERS = ["retry-after", "content-type", "location"] as const;

export class BlockedAddressError extends Error {
  readonly code = "ERR_ADDRESS_BLOCKED";
}

// net.connect's lookup hook, answering with only vetted addresses: the socket dials exactly
// what was checked, so there is no window between check and use. Also used by the PSP client
// (pix-psp/transport.ts), whose URLs a merchant chooses too.
export function guardedLookup(allowHosts: readonly string[], lookupAll: LookupAll): LookupFunction {
  const policy = { allowHosts };
  return (hostname: string, options: LookupOptions, callback) => {
    lookupAll(hostname).then(
      (records) => {
        const trusted = isAllowListed(hostname, policy);
        // Named by host, never by the address it resolved to: the reason lands in the delivery
        // log, where it would tell the merchant what a name inside our network resolves to.
        if (!trusted && records.some((r) => !isAddressAllowed(r.address, policy))) {
          callback(new BlockedAddressError(refusedHost(hostname)), "", 0);
          return;
        }
        const family = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable: LookupAddress[] = records
          .filter((r) => family === 0 || r.family === family)
          .map((r) => ({ address: r.address, family: r.family }));
        const first = usable[0];
        if (first === undefined) {
          const err = Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" });
          callback(err, "", 0);
        } else if (options.all === true) callback(null, usable);
        else callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, "", 0),
    );
  };
}

function errorCode(err: unknown): string | undefined {
  // Happy-eyeballs failures arrive as an AggregateError whose members carry the real code.
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current instanceof Error; depth++) {
    const code = (current as NodeJS.ErrnoException).code;
    if (typeof code === "string") return code;
    current = current instanceof AggregateError ? (current.errors[0] as unknown) : current.cause;
  }
  return undefined;
}

const DNS_FAILURES = new Set(["ENOTFOUND", "EAI_AGAIN", "ENODATA", "ESERVFAIL", "EAI_FAIL"]);

const KNOWN_ERRORS: Readonly<Record<string, string>> = {
  ECONNREFUSED: "connection refused",
  ECONNRESET: "connection reset by peer",
  UND_ERR_SOCKET: "connection closed by peer",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
  UND_ERR_CONNECT_TIMEOUT: "connect timeout",
  ENOTFOUND: "dns lookup failed",
  EAI_AGAIN: "dns lookup failed (temporary)",
};

function describeError(err: unknown, timeoutMs: number, timedOut: boolean) {
  const code = errorCode(err) ?? "";
  const message = err instanceof Error ? err.message : String(err);
  if (code === "ERR_ADDRESS_BLOCKED") return { error: `blocked: ${message}`, blocked: true };
  if (timedOut || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT") {
    return { error: `timeout after ${timeoutMs} ms`, blocked: false };
  }
  const known = KNOWN_ERRORS[code];
  if (known !== undefined) return { error: known, blocked: false };
  if (/CERT|SSL|TLS|SELF_SIGNED|VERIFY/.test(code)) {
    return { error: `tls error: ${message}`, blocked: false };
  }
  return { error: code === "" ? message : `${code}: ${message}`, blocked: false };
}

async function readSnippet(body: AsyncIterable<Buffer>): Promise<string> {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let seen = 0;
  for await (const chunk of body) {
    seen += chunk.length;
    if (keptBytes < SNIPPET_BYTES) {
      const part = chunk.subarray(0, SNIPPET_BYTES - keptBytes);
      kept.push(part);
      keptBytes += part.length;
    }
    // Leaving the loop destroys the stream (and that socket) instead of downloading the rest.
    if (seen > DRAIN_LIMIT_BYTES) break;
  }
  // write() without end() drops a multi-byte character cut at the 1024th byte.
  return new StringDecoder("utf8").write(Buffer.concat(kept, keptBytes));
}

function withDefaults(headers: Readonly<Record<string, string>>, userAgent: string) {
  const names = new Set(Object.keys(headers).map((h) => h.toLowerCase()));
  const out: Record<string, string> = {};
  if (!names.has("content-type")) out["content-type"] = "application/json";
  if (!names.has("user-agent")) out["user-agent"] = userAgent;
  return Object.assign(out, headers);
}

export function makeSafeSender(options: SafeSenderOptions): SafeSender {
  const { allowHosts, timeoutMs } = options;
  const policy = { allowHosts };
  const now = options.now ?? (() => performance.now());
  const userAgent = options.userAgent ?? "Tostao-Webhooks/1.0";
  const baseConnect = buildConnector({
    lookup: guardedLookup(allowHosts, options.lookup ?? systemLookup),
    timeout: timeoutMs,
    ...(options.ca === undefined ? {} : { ca: options.ca }),
  });
  const agent = new Agent({
    connect(opts, callback) {
      // Node skips the lookup hook for IP literals, so they are judged here instead.
      const host = opts.hostname;
      if (parseIp(host) !== null && !isAddressAllowed(host, policy)) {
        callback(new BlockedAddressError(`address ${host} is not public`), null);
        return;
      }
      baseConnect(opts, callback);
    },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connections: options.connectionsPerOrigin ?? null,
  });

  async function send(req: SendRequest): Promise<SendResult> {
    const checked = checkWebhookUrl(req.url, policy);
    if (!checked.ok) {
      return { kind: "error", error: `blocked: ${checked.reason}`, blocked: true, latencyMs: 0 };
    }
    const url = checked.url;
    const started = now();
    const limit = deadline(timeoutMs);
    try {
      const res = await agent.request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: "POST",
        headers: withDefaults(req.headers, userAgent),
        body: req.body,
        signal: limit.signal,
      });
      const bodySnippet = await readSnippet(res.body);
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = res.headers[name];
        const first = Array.isArray(value) ? value[0] : value;
        if (first !== undefined) headers[name] = first;
      }
      const latencyMs = now() - started;
      return { kind: "response", status: res.statusCode, headers, bodySnippet, latencyMs };
    } catch (err) {
      const { error, blocked } = describeError(err, timeoutMs, limit.expired());
      // A name that does not resolve reads as one resolving privately (refusedHost): the
      // delivery log must not tell which names exist inside our network (a receiver's name
      // can be made a CNAME to one after registration). Still a failure worth retrying.
      const hidden =
        DNS_FAILURES.has(errorCode(err) ?? "") && !isAllowListed(url.hostname, policy)
          ? `blocked: ${refusedHost(url.hostname)}`
          : error;
      return { kind: "error", error: hidden, blocked, latencyMs: now() - started };
    } finally {
      limit.clear();
    }
  }

  return { send, close: () => agent.close() };
}
