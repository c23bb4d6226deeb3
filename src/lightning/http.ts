import tls from "node:tls";
import { Agent, buildConnector, request } from "undici";
import {
  type AddressPolicy,
  isAddressAllowed,
  parseIp,
  systemLookup,
} from "../net/address-policy.ts";
import { BlockedAddressError, guardedLookup } from "../net/safe-fetch.ts";
import { LightningError } from "./node.ts";

/**
 * The connection pool to one node. A node's URL is the merchant's choice, so its host must
 * resolve to addresses the policy allows, checked on the addresses the socket dials (as the PSP
 * client does). With a certificate (LND's self-signed tls.cert) only that certificate is
 * trusted: it is pinned, not added to the system roots.
 */
export function makeNodeAgent(opts: { certificatePem?: string; policy?: AddressPolicy }): Agent {
  const connect = buildConnector({
    ...(opts.certificatePem
      ? { secureContext: tls.createSecureContext({ ca: opts.certificatePem }) }
      : {}),
    ...(opts.policy ? { lookup: guardedLookup(opts.policy.allowHosts, systemLookup) } : {}),
  });
  const policy = opts.policy;
  return new Agent({
    connect(o, callback) {
      // Node skips the lookup hook for IP literals, so they are judged here.
      if (policy && parseIp(o.hostname) !== null && !isAddressAllowed(o.hostname, policy)) {
        callback(new BlockedAddressError(`address ${o.hostname} is not allowed`), null);
        return;
      }
      connect(o, callback);
    },
    keepAliveTimeout: 10_000,
  });
}

export type NodeCall = {
  method: "GET" | "POST";
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
};

/** One request with one deadline over connect, headers and body; the answer as parsed JSON. */
export async function callNode(
  agent: Agent,
  call: NodeCall,
): Promise<{ status: number; body: unknown }> {
  const signal = AbortSignal.timeout(call.timeoutMs);
  try {
    const res = await request(call.url, {
      dispatcher: agent,
      method: call.method,
      headers: call.headers,
      ...(call.body !== undefined ? { body: call.body } : {}),
      signal,
    });
    const text = await res.body.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {}
    if (res.statusCode === 401 || res.statusCode === 403) {
      throw new LightningError("refused", `the node refused the credentials (${res.statusCode})`);
    }
    if (res.statusCode >= 500) {
      throw new LightningError("unavailable", `the node answered ${res.statusCode}`);
    }
    return { status: res.statusCode, body };
  } catch (err) {
    if (err instanceof LightningError) throw err;
    throw new LightningError("unavailable", transportReason(err, call.timeoutMs));
  }
}

export function transportReason(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; code?: string; message?: string; cause?: { code?: string } };
  if (e.name === "TimeoutError" || e.name === "AbortError")
    return `the node did not answer within ${timeoutMs} ms`;
  if (err instanceof BlockedAddressError || e.cause instanceof BlockedAddressError)
    return (e.cause as Error | undefined)?.message ?? String(e.message);
  const code = e.code ?? e.cause?.code;
  if (code && /CERT|SELF_SIGNED|UNABLE_TO_VERIFY|ERR_TLS/.test(code))
    return `TLS: the node's certificate was not trusted (${code}); give its tls.cert`;
  return `could not reach the node (${code ?? e.message ?? "error"})`;
}

/** Splits a byte stream into lines (newline-delimited JSON). */
export async function* lines(body: AsyncIterable<Buffer | string>): AsyncGenerator<string> {
  let rest = "";
  for await (const chunk of body) {
    rest += chunk.toString();
    let i = rest.indexOf("\n");
    while (i >= 0) {
      const line = rest.slice(0, i).trim();
      rest = rest.slice(i + 1);
      if (line) yield line;
      i = rest.indexOf("\n");
    }
  }
  if (rest.trim()) yield rest.trim();
}
