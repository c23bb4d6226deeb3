// Webhook signatures. Two schemes are sent side by side with one secret: the spec's
// `X-Service-Signature: sha256=<hex>` (GitHub style, keyed with the whole whsec_ string) and the
// Standard Webhooks trio, which also signs the id and timestamp so receivers get replay
// protection and can use any Standard Webhooks library.
import { createHmac, timingSafeEqual } from "node:crypto";

export type SignInput = {
  readonly secret: string;
  readonly eventId: string;
  /** Unix seconds of this attempt (changes on every retry, unlike eventId). */
  readonly timestamp: number;
  readonly body: string | Uint8Array;
};

export type SignedHeaders = {
  "X-Service-Signature": string;
  "X-Service-Event-Id": string;
  "X-Service-Timestamp": string;
  "webhook-id": string;
  "webhook-timestamp": string;
  "webhook-signature": string;
};

export type HeaderBag = Readonly<Record<string, string | readonly string[] | undefined>>;

export type VerifyInput = {
  readonly secret: string;
  /** The raw bytes as received: re-serialised JSON changes whitespace and breaks the digest. */
  readonly body: string | Uint8Array;
  readonly headers: HeaderBag;
  /** Unix seconds; defaults to the system clock. */
  readonly now?: number;
  readonly toleranceSec?: number;
};

export type VerifyResult =
  | { ok: true; scheme: "standard" | "service" }
  | { ok: false; reason: string };

const PREFIX = "whsec_";
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const MISMATCH = "signature mismatch: verify the raw request body, not a re-serialised JSON";

/** The Standard Webhooks key: the base64 part after whsec_, decoded. Null when malformed. */
function standardKey(secret: string): Buffer | null {
  if (!secret.startsWith(PREFIX)) return null;
  const b64 = secret.slice(PREFIX.length);
  if (b64 === "" || !BASE64.test(b64)) return null;
  return Buffer.from(b64, "base64");
}

function serviceDigest(secret: string, body: string | Uint8Array): Buffer {
  return createHmac("sha256", Buffer.from(secret, "utf8")).update(body).digest();
}

function standardDigest(key: Buffer, id: string, ts: string, body: string | Uint8Array): Buffer {
  return createHmac("sha256", key).update(`${id}.${ts}.`).update(body).digest();
}

export function signDelivery(input: SignInput): SignedHeaders {
  const key = standardKey(input.secret);
  if (key === null) throw new TypeError("secret must be whsec_ followed by base64");
  if (!Number.isSafeInteger(input.timestamp) || input.timestamp < 0) {
    throw new RangeError("timestamp must be a non-negative integer of unix seconds");
  }
  // The signed content is "id.timestamp.body"; a dot or space in the id would make it ambiguous
  // and a header-unsafe character would corrupt the request.
  if (!/^[\x21-\x7e]+$/.test(input.eventId) || input.eventId.includes(".")) {
    throw new TypeError("eventId must be printable ASCII without dots");
  }
  const ts = String(input.timestamp);
  const hex = serviceDigest(input.secret, input.body).toString("hex");
  const b64 = standardDigest(key, input.eventId, ts, input.body).toString("base64");
  return {
    "X-Service-Signature": `sha256=${hex}`,
    "X-Service-Event-Id": input.eventId,
    "X-Service-Timestamp": ts,
    "webhook-id": input.eventId,
    "webhook-timestamp": ts,
    "webhook-signature": `v1,${b64}`,
  };
}

function header(headers: HeaderBag, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    const first = typeof value === "string" ? value : value?.[0];
    if (first !== undefined) return first.trim();
  }
  return undefined;
}

// timingSafeEqual throws on different lengths, and the length of a digest is no secret.
function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

function verifyStandard(key: Buffer, input: VerifyInput, signatures: string): VerifyResult {
  const id = header(input.headers, "webhook-id");
  const ts = header(input.headers, "webhook-timestamp");
  if (id === undefined || ts === undefined) {
    return {
      ok: false,
      reason: "webhook-signature present but webhook-id or webhook-timestamp missing",
    };
  }
  if (!/^\d{1,15}$/.test(ts)) return { ok: false, reason: "webhook-timestamp is not unix seconds" };
  const now = input.now ?? Math.floor(Date.now() / 1000);
  const tolerance = input.toleranceSec ?? 300;
  if (Math.abs(now - Number(ts)) > tolerance) {
    return { ok: false, reason: `timestamp outside tolerance of ${tolerance} s` };
  }
  const expected = standardDigest(key, id, ts, input.body);
  // Several space-separated signatures are sent during secret rotation; any v1 match is enough.
  for (const entry of signatures.split(" ")) {
    const [version, value] = entry.split(",", 2);
    if (version !== "v1" || value === undefined || !BASE64.test(value)) continue;
    if (sameBytes(Buffer.from(value, "base64"), expected)) return { ok: true, scheme: "standard" };
  }
  return { ok: false, reason: MISMATCH };
}

function verifyService(input: VerifyInput, value: string): VerifyResult {
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(value);
  if (match?.[1] === undefined) {
    return { ok: false, reason: "X-Service-Signature must be sha256= followed by 64 hex digits" };
  }
  const given = Buffer.from(match[1], "hex");
  if (sameBytes(given, serviceDigest(input.secret, input.body))) {
    return { ok: true, scheme: "service" };
  }
  return { ok: false, reason: MISMATCH };
}

/**
 * Accepts either scheme. When the Standard Webhooks headers are present they decide alone:
 * falling back to the timestamp-less scheme after a stale timestamp would defeat replay
 * protection, since a replayed delivery carries both signatures.
 */
export function verifySignature(input: VerifyInput): VerifyResult {
  if (!input.secret.startsWith(PREFIX))
    return { ok: false, reason: "secret must start with whsec_" };
  const key = standardKey(input.secret);
  if (key === null) return { ok: false, reason: "secret must be whsec_ followed by base64" };
  const standard = header(input.headers, "webhook-signature");
  if (standard !== undefined) return verifyStandard(key, input, standard);
  const service = header(input.headers, "x-service-signature");
  if (service !== undefined) return verifyService(input, service);
  return {
    ok: false,
    reason: "no signature header (expected webhook-signature or X-Service-Signature)",
  };
}

/** A new secret: whsec_ + base64 of 32 random bytes (Standard Webhooks allows 24 to 64). */
export function generateWebhookSecret(randomBytes: (n: number) => Buffer): string {
  const bytes = randomBytes(32);
  if (bytes.length !== 32) throw new RangeError("randomBytes must return 32 bytes");
  return `${PREFIX}${bytes.toString("base64")}`;
}
