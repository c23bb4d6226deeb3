import { errorFromResponse, TostaoError } from "./errors.js";
import { OPERATIONS } from "./generated/operations.js";
const RETRIED = new Set([429, 500, 502, 503, 504]);
const sleep = (ms, signal) => new Promise((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => {
        clearTimeout(t);
        reject(signal.reason);
    });
});
/**
 * A client with one method per operation of the API (named by operationId). Each answer's
 * envelope is unwrapped: the method resolves to `data`, or rejects with a TostaoError. Writes
 * carry an Idempotency-Key (a fresh UUID unless one is given), so they are retried safely.
 */
export function createClient(options) {
    const base = options.baseUrl.replace(/\/+$/, "");
    const doFetch = options.fetch ?? globalThis.fetch;
    const maxRetries = options.maxRetries ?? 3;
    const backoff = options.backoffMs ?? 500;
    const maxDelay = options.maxDelayMs ?? 30_000;
    const newKey = options.newKey ?? (() => globalThis.crypto.randomUUID());
    async function call(id, input, opts = {}) {
        const op = OPERATIONS[id];
        if (!op)
            throw new TypeError(`unknown operation ${String(id)}`);
        let url = `${base}${op.path}`;
        const headers = { accept: `${op.produces}, application/json` };
        if (options.token && op.auth)
            headers.authorization = `Bearer ${options.token}`;
        let body;
        if (op.input === "body") {
            headers["content-type"] = "application/json";
            body = JSON.stringify(input ?? {});
        }
        else if (op.input === "query" && input) {
            const q = new URLSearchParams();
            for (const [k, v] of Object.entries(input)) {
                if (v !== undefined && v !== null)
                    q.set(k, String(v));
            }
            if ([...q].length > 0)
                url += `?${q}`;
        }
        if (op.idempotent)
            headers["idempotency-key"] = opts.idempotencyKey ?? newKey();
        // A GET, or a write with its key, may be sent again: the service answers a repeat once.
        const safe = op.method === "GET" || op.idempotent;
        for (let attempt = 0;; attempt++) {
            let res;
            try {
                res = await doFetch(url, {
                    method: op.method,
                    headers,
                    ...(body === undefined ? {} : { body }),
                    ...(opts.signal ? { signal: opts.signal } : {}),
                });
            }
            catch (cause) {
                if (opts.signal?.aborted || !safe || attempt >= maxRetries) {
                    throw new TostaoError(0, "NETWORK", `${op.method} ${op.path}: no answer`, { cause });
                }
                await sleep(delay(attempt, undefined), opts.signal);
                continue;
            }
            if (res.ok)
                return read(res, op.produces);
            const parsed = await res.json().catch(() => undefined);
            const err = errorFromResponse(res.status, parsed, res.headers);
            if (!safe || !RETRIED.has(res.status) || attempt >= maxRetries)
                throw err;
            await sleep(delay(attempt, err.details.retryAfterSec), opts.signal);
        }
    }
    function delay(attempt, retryAfterSec) {
        if (retryAfterSec !== undefined)
            return Math.min(retryAfterSec * 1000, maxDelay);
        const exp = backoff * 2 ** attempt;
        return Math.min(exp / 2 + Math.random() * (exp / 2), maxDelay);
    }
    const client = { call };
    for (const id of Object.keys(OPERATIONS)) {
        client[id] = (input, opts) => call(id, input, opts);
    }
    return client;
}
async function read(res, produces) {
    if (produces.startsWith("image/"))
        return new Uint8Array(await res.arrayBuffer());
    if (!produces.startsWith("application/json"))
        return res.text();
    const json = (await res.json());
    // The envelope is unwrapped; the few JSON documents outside it (OpenAPI) come as they are.
    return typeof json === "object" && json !== null && json.success === true ? json.data : json;
}
