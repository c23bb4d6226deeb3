import tls from "node:tls";
import { Agent, buildConnector } from "undici";
import {
  type AddressPolicy,
  isAddressAllowed,
  parseIp,
  systemLookup,
} from "../net/address-policy.ts";
import { TooLargeError } from "../net/bounded-body.ts";
import { deadline } from "../net/deadline.ts";
import { requestText, type TextRequest } from "../net/request-text.ts";
import { BlockedAddressError, guardedLookup } from "../net/safe-fetch.ts";
import { PspError } from "./psp-error.ts";
import type { PspCredentials } from "./types.ts";

/**
 * HTTPS with the merchant's client certificate (mTLS: the PSP refuses the connection without
 * it) and the retry policy for idempotent calls. Every call the client makes is idempotent by
 * construction (PUT with our own txid or devolução id, GET, PATCH to a final status, webhook
 * PUT/DELETE), so a timeout, connection failure or 5xx is retried a few times with a short
 * backoff inside one time budget, then reported as "unavailable".
 */
export type RetryPolicy = {
  /** Per-attempt limit. */
  timeoutMs: number;
  /** Extra attempts after the first. */
  retries: number;
  /** Pause before retry n (last value repeats). */
  backoffMs: readonly number[];
  /** No attempt starts after this much time has passed since the first. */
  budgetMs: number;
  /** The longest pause a PSP's Retry-After (429, 503) is honoured for within one call. */
  maxRetryAfterMs: number;
};

export const DEFAULT_RETRY: RetryPolicy = {
  timeoutMs: 3000,
  retries: 2,
  backoffMs: [150, 400],
  budgetMs: 5000,
  maxRetryAfterMs: 2000,
};

/** The defaults, overridden field by field (tests shorten them). */
export function retryPolicy(given: Partial<RetryPolicy>): RetryPolicy {
  return {
    timeoutMs: given.timeoutMs ?? DEFAULT_RETRY.timeoutMs,
    retries: given.retries ?? DEFAULT_RETRY.retries,
    backoffMs: given.backoffMs ?? DEFAULT_RETRY.backoffMs,
    budgetMs: given.budgetMs ?? DEFAULT_RETRY.budgetMs,
    maxRetryAfterMs: given.maxRetryAfterMs ?? DEFAULT_RETRY.maxRetryAfterMs,
  };
}

export type HttpCall = TextRequest;
/** `retryAfterSec`: the PSP's Retry-After in whole seconds (delta form only), when it sent one. */
export type HttpAnswer = { status: number; body: unknown; retryAfterSec?: number };

/**
 * The connection pool of one PSP connection. With an address policy (the service passes the
 * webhook one), the PSP's host must resolve to public addresses only, checked on the addresses
 * the socket dials: base and token URLs are the merchant's choice, and without the check they
 * would let a merchant probe the service's own network.
 *
 * Every socket of the pool shares one TLS context (certificate, key, trusted CAs), made at the
 * first connection. Given the options instead, tls.connect built a context per socket: with a
 * CA it loaded the ~140 system roots again each time (about 5 ms of CPU), and the contexts' native
 * memory, invisible to V8's heap accounting, waited for a major GC. Under a live create load the
 * pool opens and closes sockets as bursts come and go, so that was a millisecond or more of CPU
 * per charge and 100-170 MB of RSS (docs/performance.md).
 */
export function makeMtlsAgent(creds: PspCredentials, policy?: AddressPolicy): Agent {
  const tlsOptions = {
    cert: creds.certificatePem,
    key: creds.privateKeyPem,
    // An extra CA is added to, not substituted for, the system roots: a PSP's public
    // certificate keeps verifying when the merchant also gives their sandbox's CA.
    ...(creds.caPem ? { ca: [...tls.rootCertificates, creds.caPem] } : {}),
  };
  // Made at the first connection, so a key or certificate OpenSSL refuses fails that connection
  // (a transport error, as before) rather than the client's construction; a failure is not kept.
  let connector: buildConnector.connector | undefined;
  const connectorFor = (): buildConnector.connector => {
    if (connector) return connector;
    const secureContext = tls.createSecureContext(tlsOptions);
    connector = buildConnector({
      secureContext,
      ...(policy ? { lookup: guardedLookup(policy.allowHosts, systemLookup) } : {}),
    });
    return connector;
  };
  return new Agent({
    connect(opts, callback) {
      // Node skips the lookup hook for IP literals, so they are judged here.
      if (policy && parseIp(opts.hostname) !== null && !isAddressAllowed(opts.hostname, policy)) {
        callback(new BlockedAddressError(`address ${opts.hostname} is not public`), null);
        return;
      }
      let connect: buildConnector.connector;
      try {
        connect = connectorFor();
      } catch (err) {
        callback(err as Error, null);
        return;
      }
      connect(opts, callback);
    },
    keepAliveTimeout: 10_000,
  });
}

/**
 * The most one PSP answer may hold. The largest a client asks for is a page of `GET /pix` or
 * `GET /cobv` (at most 1,000 items of one or two KiB); past this it is not read further.
 */
export const PSP_ANSWER_MAX_BYTES = 8 * 1024 * 1024;

/** One attempt. Throws a PspError for transport failures; any HTTP status is an answer. */
async function attempt(agent: Agent, call: HttpCall, timeoutMs: number): Promise<HttpAnswer> {
  // The time limit is a timer cleared with the answer (net/deadline.ts says why: a billing day's
  // hundreds of calls a second grew the heap with AbortSignal.timeout's).
  const limit = deadline(
    timeoutMs,
    () => new DOMException(`no answer within ${timeoutMs} ms`, "TimeoutError"),
  );
  try {
    const { status, headers, text } = await requestText(agent, call, {
      maxBytes: PSP_ANSWER_MAX_BYTES,
      signal: limit.signal,
    });
    let body: unknown;
    if (text.trim() !== "") {
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
    }
    const answer: HttpAnswer = { status, body };
    const after = Number(String(headers["retry-after"] ?? "").trim());
    if (String(headers["retry-after"] ?? "").trim() !== "" && Number.isFinite(after)) {
      answer.retryAfterSec = Math.max(0, Math.min(3600, Math.ceil(after)));
    }
    return answer;
  } catch (err) {
    throw transportError(err, timeoutMs);
  } finally {
    limit.clear();
  }
}

// TLS refusals are configuration problems that no retry fixes: an alert from the PSP (it
// refused our client certificate) or a server certificate we cannot verify (CA not given).
const TLS_ALERT = /^ERR_SSL_/;
const SERVER_CERT_UNTRUSTED =
  /^(ERR_TLS_CERT|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|CERT_)/;

function transportError(err: unknown, timeoutMs: number): PspError {
  if (err instanceof TooLargeError) {
    return new PspError("unavailable", `the PSP's answer was ${err.message}; not read further`);
  }
  const chain: { name?: string; code?: string }[] = [];
  for (let e = err as { name?: string; code?: string; cause?: unknown } | undefined; e; ) {
    chain.push(e);
    e = e.cause as typeof e;
  }
  if (chain.some((e) => e.name === "TimeoutError" || e.name === "AbortError")) {
    return new PspError("unavailable", `no answer within ${timeoutMs} ms`);
  }
  const code = chain.map((e) => e.code).find((c): c is string => typeof c === "string");
  if (code === "ERR_ADDRESS_BLOCKED") {
    return new PspError("rejected", "the PSP's address is not a public address");
  }
  if (code && TLS_ALERT.test(code)) {
    return new PspError("auth", `TLS connection refused (${code}): check the client certificate`);
  }
  if (code && SERVER_CERT_UNTRUSTED.test(code)) {
    return new PspError(
      "auth",
      `the PSP's server certificate is not trusted (${code}): give its CA certificate`,
    );
  }
  if (code === "UND_ERR_SOCKET" || code === "ECONNRESET") {
    // Under TLS 1.3 a server that refuses our certificate (none, expired, wrong CA) completes
    // the handshake and then just closes the socket; the alert rarely reaches us. The client
    // asks tls-diagnosis.ts which of the two it was.
    const err = new PspError(
      "unavailable",
      "the PSP closed the connection without answering (PSPs do this when they do not accept the client certificate)",
    );
    closedWithoutAnswer.add(err);
    return err;
  }
  // Only the error code reaches the message: an error's text could carry a URL or a header.
  return new PspError("unavailable", `connection failed (${code ?? "network error"})`);
}

const closedWithoutAnswer = new WeakSet<PspError>();
/** The socket closed before any answer: an outage, or a refused client certificate. */
export const isClosedWithoutAnswer = (err: unknown) =>
  err instanceof PspError && closedWithoutAnswer.has(err);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sends `call` and retries transport failures, 5xx and 429 answers within the policy's budget.
 * A 429 (or 503) with Retry-After waits what the PSP asked, up to `maxRetryAfterMs`, instead of
 * the policy's short pause: hammering a PSP that is rate-limiting us only extends the limit. When
 * the wait asked for does not fit in the budget, the answer is returned at once. The last 5xx or
 * 429 answer is returned (the caller turns it into an error with the PSP's reason and
 * Retry-After); the last transport failure is thrown.
 */
export async function sendWithRetry(
  agent: Agent,
  call: HttpCall,
  policy: RetryPolicy,
): Promise<HttpAnswer> {
  const started = performance.now();
  let last: PspError | HttpAnswer | undefined;
  for (let i = 0; i <= policy.retries; i++) {
    if (i > 0) {
      let pause = policy.backoffMs[Math.min(i - 1, policy.backoffMs.length - 1)] ?? 0;
      const asked = last && !(last instanceof PspError) ? last.retryAfterSec : undefined;
      if (asked !== undefined) {
        if (asked * 1000 > policy.maxRetryAfterMs) break;
        pause = Math.max(pause, asked * 1000);
      }
      if (performance.now() - started + pause >= policy.budgetMs) break;
      await sleep(pause);
    }
    const left = policy.budgetMs - (performance.now() - started);
    if (left <= 0) break;
    try {
      // Whole milliseconds: AbortSignal.timeout refuses a fraction (ERR_OUT_OF_RANGE).
      const limit = Math.max(1, Math.floor(Math.min(policy.timeoutMs, left)));
      const answer = await attempt(agent, call, limit);
      if (answer.status < 500 && answer.status !== 429) return answer;
      last = answer;
    } catch (err) {
      // Only an outage is worth another attempt; a refused certificate or address is not.
      if (!(err instanceof PspError) || err.kind !== "unavailable") throw err;
      last = err;
    }
  }
  if (last instanceof PspError) throw last;
  if (last) return last;
  throw new PspError("unavailable", `no answer within ${policy.budgetMs} ms`);
}
