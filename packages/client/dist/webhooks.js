export class WebhookVerificationError extends Error {
    name = "WebhookVerificationError";
}
const enc = new TextEncoder();
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
function header(headers, name) {
    if (typeof headers.get === "function") {
        return headers.get(name)?.trim() ?? undefined;
    }
    for (const [k, v] of Object.entries(headers)) {
        if (k.toLowerCase() !== name)
            continue;
        const first = typeof v === "string" ? v : v?.[0];
        if (first !== undefined)
            return first.trim();
    }
    return undefined;
}
const fromBase64 = (s) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
const fromHex = (s) => Uint8Array.from(s.match(/../g) ?? [], (h) => Number.parseInt(h, 16));
const bytesOf = (body) => (typeof body === "string" ? enc.encode(body) : body);
function concat(a, b) {
    const out = new Uint8Array(a.length + b.length);
    out.set(a);
    out.set(b, a.length);
    return out;
}
// subtle.verify compares in constant time. (The copies make plain ArrayBuffer-backed views.)
async function hmacVerify(key, signature, data) {
    const k = await globalThis.crypto.subtle.importKey("raw", new Uint8Array(key), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    return globalThis.crypto.subtle.verify("HMAC", k, new Uint8Array(signature), new Uint8Array(data));
}
/**
 * Checks a delivery's signature over the raw body (the bytes as received, never re-serialised
 * JSON) and returns the parsed event; throws WebhookVerificationError saying why not.
 */
export async function verifyWebhook(rawBody, headers, secret, options = {}) {
    if (!secret.startsWith("whsec_") || !BASE64.test(secret.slice(6)) || secret.length === 6) {
        throw new WebhookVerificationError("secret must be whsec_ followed by base64");
    }
    const body = bytesOf(rawBody);
    const standard = header(headers, "webhook-signature");
    const service = header(headers, "x-service-signature");
    let ok = false;
    if (standard !== undefined) {
        const id = header(headers, "webhook-id");
        const ts = header(headers, "webhook-timestamp");
        if (id === undefined || ts === undefined || !/^\d{1,15}$/.test(ts)) {
            throw new WebhookVerificationError("webhook-id or webhook-timestamp missing or malformed");
        }
        const now = options.now ?? Math.floor(Date.now() / 1000);
        const tolerance = options.toleranceSec ?? 300;
        if (Math.abs(now - Number(ts)) > tolerance) {
            throw new WebhookVerificationError(`timestamp outside tolerance of ${tolerance} s`);
        }
        const signed = concat(enc.encode(`${id}.${ts}.`), body);
        const key = fromBase64(secret.slice(6));
        for (const entry of standard.split(" ")) {
            const [version, value] = entry.split(",", 2);
            if (version !== "v1" || value === undefined || !BASE64.test(value))
                continue;
            if (await hmacVerify(key, fromBase64(value), signed))
                ok = true;
        }
    }
    else if (service !== undefined) {
        const match = /^sha256=([0-9a-fA-F]{64})$/.exec(service);
        if (!match?.[1])
            throw new WebhookVerificationError("X-Service-Signature is malformed");
        ok = await hmacVerify(enc.encode(secret), fromHex(match[1]), body);
    }
    else {
        throw new WebhookVerificationError("no signature header (webhook-signature or X-Service-Signature)");
    }
    if (!ok) {
        throw new WebhookVerificationError("signature mismatch: verify the raw request body, not a re-serialised JSON");
    }
    return JSON.parse(new TextDecoder().decode(body));
}
