import { rootCertificates } from "node:tls";
import { Agent, request } from "undici";
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
};

export const DEFAULT_RETRY: RetryPolicy = {
  timeoutMs: 3000,
  retries: 2,
  backoffMs: [150, 400],
  budgetMs: 5000,
};

export type HttpCall = {
  method: "GET" | "PUT" | "PATCH" | "POST" | "DELETE";
  url: string;
  headers: Record<string, string>;
  body?: string;
};
export type HttpAnswer = { status: number; body: unknown };

export function makeMtlsAgent(creds: PspCredentials): Agent {
  return new Agent({
    connect: {
      cert: creds.certificatePem,
      key: creds.privateKeyPem,
      // An extra CA is added to, not substituted for, the system roots: a PSP's public
      // certificate keeps verifying when the merchant also gives their sandbox's CA.
      ...(creds.caPem ? { ca: [...rootCertificates, creds.caPem] } : {}),
    },
    keepAliveTimeout: 10_000,
  });
}

/** One attempt. Throws a PspError for transport failures; any HTTP status is an answer. */
async function attempt(agent: Agent, call: HttpCall, timeoutMs: number): Promise<HttpAnswer> {
  try {
    const res = await request(call.url, {
      dispatcher: agent,
      method: call.method,
      headers: call.headers,
      ...(call.body !== undefined ? { body: call.body } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.body.text();
    let body: unknown;
    if (text.trim() !== "") {
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
    }
    return { status: res.statusCode, body };
  } catch (err) {
    throw transportError(err, timeoutMs);
  }
}

// TLS refusals are configuration problems (wrong certificate, CA missing) that no retry fixes.
const TLS_CONFIG_CODES =
  /^(ERR_SSL_|ERR_TLS_CERT|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|CERT_)/;

function transportError(err: unknown, timeoutMs: number): PspError {
  const chain: { name?: string; code?: string }[] = [];
  for (let e = err as { name?: string; code?: string; cause?: unknown } | undefined; e; ) {
    chain.push(e);
    e = e.cause as typeof e;
  }
  if (chain.some((e) => e.name === "TimeoutError" || e.name === "AbortError")) {
    return new PspError("unavailable", `no answer within ${timeoutMs} ms`);
  }
  const code = chain.map((e) => e.code).find((c): c is string => typeof c === "string");
  if (code && TLS_CONFIG_CODES.test(code)) {
    return new PspError("auth", `TLS connection refused (${code}): check the certificate and CA`);
  }
  if (code === "UND_ERR_SOCKET") {
    // Under TLS 1.3 a server that refuses our certificate (none, expired, wrong CA) completes
    // the handshake and then just closes the socket; the alert rarely reaches us.
    return new PspError(
      "unavailable",
      "the PSP closed the connection without answering (PSPs do this when they do not accept the client certificate)",
    );
  }
  // Only the error code reaches the message: an error's text could carry a URL or a header.
  return new PspError("unavailable", `connection failed (${code ?? "network error"})`);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Sends `call` and retries transport failures and 5xx answers within the policy's budget. The
 * last 5xx answer is returned (the caller turns it into an error with the PSP's reason); the
 * last transport failure is thrown.
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
      const pause = policy.backoffMs[Math.min(i - 1, policy.backoffMs.length - 1)] ?? 0;
      if (performance.now() - started + pause >= policy.budgetMs) break;
      await sleep(pause);
    }
    const left = policy.budgetMs - (performance.now() - started);
    if (left <= 0) break;
    try {
      const answer = await attempt(agent, call, Math.min(policy.timeoutMs, left));
      if (answer.status < 500) return answer;
      last = answer;
    } catch (err) {
      if (!(err instanceof PspError) || err.kind === "auth") throw err;
      last = err;
    }
  }
  if (last instanceof PspError) throw last;
  if (last) return last;
  throw new PspError("unavailable", `no answer within ${policy.budgetMs} ms`);
}
