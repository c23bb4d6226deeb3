import type { PspErrorKind } from "./types.ts";

/**
 * Every PSP failure the client reports. `reason` is the PSP's own words, parsed from an RFC 7807
 * problem or from the `{nome, mensagem}` shape Efí uses, so the merchant reads what their bank
 * said. The message is built only from the operation name, the HTTP status and that reason:
 * never from the request (which carries the secret, the token or the body) or a header.
 */
export class PspError extends Error {
  readonly kind: PspErrorKind;
  readonly httpStatus?: number;
  readonly reason: string;
  /** The call that failed ("PUT cob", "token"), when known. */
  readonly op?: string;
  /** Seconds the PSP asked us to wait (its Retry-After on a 429 or 503), bounded. */
  readonly retryAfterSec?: number;
  /** The PSP refused our client certificate at TLS: a configuration problem, never retried. */
  readonly certificateRefused?: boolean;

  constructor(
    kind: PspErrorKind,
    reason: string,
    opts: {
      httpStatus?: number;
      op?: string;
      retryAfterSec?: number;
      certificateRefused?: boolean;
    } = {},
  ) {
    const where = opts.op ? `${opts.op}: ` : "";
    const status = opts.httpStatus ? ` (HTTP ${opts.httpStatus})` : "";
    super(`PSP ${KIND_TEXT[kind]}${status}: ${where}${reason}`);
    this.name = "PspError";
    this.kind = kind;
    this.reason = reason;
    if (opts.httpStatus !== undefined) this.httpStatus = opts.httpStatus;
    if (opts.op !== undefined) this.op = opts.op;
    if (opts.retryAfterSec !== undefined) this.retryAfterSec = opts.retryAfterSec;
    if (opts.certificateRefused) this.certificateRefused = true;
  }

  /** The same error named for the call it broke (transport errors are raised without one). */
  withOp(op: string): PspError {
    if (this.op !== undefined) return this;
    return new PspError(this.kind, this.reason, {
      op,
      ...(this.httpStatus !== undefined ? { httpStatus: this.httpStatus } : {}),
      ...(this.retryAfterSec !== undefined ? { retryAfterSec: this.retryAfterSec } : {}),
      ...(this.certificateRefused ? { certificateRefused: true } : {}),
    });
  }
}

const KIND_TEXT: Record<PspErrorKind, string> = {
  rejected: "rejected the request",
  not_found: "does not know this resource",
  unavailable: "unavailable",
  auth: "refused the credentials",
};

const MAX_REASON = 500;

/**
 * The PSP's reason from an error body. Understands RFC 7807 (type suffix, title, detail,
 * violacoes[].razao/propriedade), `{nome, mensagem}` and OAuth2's `{error, error_description}`;
 * anything else yields a generic text with the status (never the raw body: a misbehaving
 * gateway might echo our request).
 */
export function reasonFromBody(status: number, body: unknown): string {
  const parts: string[] = [];
  if (body && typeof body === "object" && !Array.isArray(body)) {
    const b = body as Record<string, unknown>;
    if (typeof b.type === "string") {
      const suffix = b.type.split("/").filter(Boolean).pop();
      if (suffix) parts.push(suffix);
    }
    pushText(parts, b.nome);
    pushText(parts, b.error);
    pushText(parts, b.title);
    pushText(parts, b.detail);
    pushText(parts, b.mensagem);
    pushText(parts, b.error_description);
    if (Array.isArray(b.violacoes)) {
      for (const v of b.violacoes.slice(0, 5)) {
        if (!v || typeof v !== "object") continue;
        const { razao, propriedade } = v as Record<string, unknown>;
        const text = [propriedade, razao].filter((x) => typeof x === "string").join(": ");
        if (text) parts.push(text);
      }
    }
  }
  const reason = parts.length > 0 ? parts.join(" - ") : `HTTP ${status} without a readable reason`;
  return reason.length > MAX_REASON ? `${reason.slice(0, MAX_REASON)}…` : reason;
}

function pushText(parts: string[], v: unknown): void {
  if (typeof v === "string" && v.trim() !== "" && !parts.includes(v.trim())) parts.push(v.trim());
}

/**
 * The error kind for a PSP HTTP answer: 404 not_found, 429 and 5xx unavailable (a rate limit is
 * the PSP saying "not now", not a refusal of the request), other 4xx rejected.
 */
export function kindForStatus(status: number): PspErrorKind {
  if (status === 404) return "not_found";
  if (status === 429 || status >= 500) return "unavailable";
  return "rejected";
}

/** The `nome` of an Efí-style error body, or the last segment of an RFC 7807 `type`. */
export function errorName(body: unknown): string | undefined {
  if (!body || typeof body !== "object" || Array.isArray(body)) return undefined;
  const b = body as Record<string, unknown>;
  if (typeof b.nome === "string") return b.nome;
  if (typeof b.type === "string") return b.type.split("/").filter(Boolean).pop();
  return undefined;
}

/**
 * Removes any of the given secret texts from a reason before it leaves the client: a PSP that
 * echoes our client secret or token in its error must not make us leak it.
 */
export function scrub(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const s of secrets) {
    if (s && s.length >= 4) out = out.split(s).join("[redacted]");
  }
  return out;
}
