import tls from "node:tls";
import { Agent, buildConnector } from "undici";
import {
  type AddressPolicy,
  isAddressAllowed,
  parseIp,
  systemLookup,
} from "../net/address-policy.ts";
import { boundedLines, TooLargeError } from "../net/bounded-body.ts";
import { requestText } from "../net/request-text.ts";
import { BlockedAddressError, guardedLookup } from "../net/safe-fetch.ts";
import { LightningError } from "./node.ts";

/**
 * The most a node's answer, one line of its invoice stream, or one message of its event socket
 * may hold. LND's getinfo and an invoice are a few KiB (an invoice paid in many parts lists each
 * HTLC, a few hundred bytes apiece); past this it is not a node worth reading.
 */
export const NODE_ANSWER_MAX_BYTES = 1024 * 1024;

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
    // phoenixd's event socket: undici's default allows a 128 MB message.
    webSocket: { maxPayloadSize: NODE_ANSWER_MAX_BYTES },
  });
}

export type NodeCall = {
  method: "GET" | "POST";
  url: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
};

/**
 * One request with one deadline over connect, headers and body, the body read up to
 * NODE_ANSWER_MAX_BYTES; the answer as parsed JSON (or the text, when it is not JSON).
 */
export async function callNode(
  agent: Agent,
  call: NodeCall,
): Promise<{ status: number; body: unknown }> {
  const signal = AbortSignal.timeout(call.timeoutMs);
  try {
    const { status, text } = await requestText(agent, call, {
      maxBytes: NODE_ANSWER_MAX_BYTES,
      signal,
    });
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {}
    if (status === 401 || status === 403) {
      throw new LightningError("refused", `the node refused the credentials (${status})`);
    }
    if (status >= 500) {
      throw new LightningError("unavailable", `the node answered ${status}`);
    }
    return { status, body };
  } catch (err) {
    if (err instanceof LightningError) throw err;
    if (err instanceof TooLargeError)
      throw new LightningError("bad_answer", `the node's answer was ${err.message}`);
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
  // Only the error's code: its text can quote what the server sent (a parser error).
  return `could not reach the node (${code ?? "network error"})`;
}

/**
 * Splits a node's stream into lines (newline-delimited JSON), linear in the bytes received; a
 * line over NODE_ANSWER_MAX_BYTES is a LightningError, so the caller drops the stream and
 * reconnects after its back-off.
 */
export async function* lines(body: AsyncIterable<Uint8Array | string>): AsyncGenerator<string> {
  try {
    yield* boundedLines(body, NODE_ANSWER_MAX_BYTES);
  } catch (err) {
    if (err instanceof TooLargeError)
      throw new LightningError("bad_answer", `a line of the node's stream was ${err.message}`);
    throw err;
  }
}
