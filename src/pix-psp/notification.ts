import { PspShapeError, parsePix } from "./parse-cob.ts";
import type { PspNotification } from "./types.ts";

/**
 * A PSP's webhook body. The standard sends `{"pix": [Pix, …]}`; Inter sends the array at the
 * root; `devolucoes` comes as an array or (the spec's own example) one object. Unknown fields
 * are ignored. Anything else throws `PspNotificationError`, which the notify route answers with
 * 400: nothing else is ever thrown, whatever JSON arrives (a property test holds this).
 *
 * Parsing is not believing: a notification is a trigger, and each txid must be confirmed with
 * GET /cob before a charge moves.
 */
export class PspNotificationError extends Error {
  constructor(reason: string) {
    super(`not a PIX notification: ${reason}`);
    this.name = "PspNotificationError";
  }
}

const MAX_ITEMS = 1000;

/**
 * Efí's registration probe: while handling PUT /webhook it POSTs `{"evento":"teste_webhook"}`
 * to the URL and refuses it unless the answer is 2xx (docs/live-pix.md). It names no payment,
 * so it is read as an empty notification: 200, nothing looked up, nothing approved.
 */
export function isRegistrationProbe(body: unknown): boolean {
  return (
    !!body &&
    typeof body === "object" &&
    !Array.isArray(body) &&
    (body as Record<string, unknown>).evento === "teste_webhook" &&
    !("pix" in body)
  );
}

export function parsePspNotification(body: unknown): PspNotification {
  if (isRegistrationProbe(body)) return { pix: [] };
  let items: unknown;
  if (Array.isArray(body)) items = body;
  else if (body && typeof body === "object" && "pix" in body) items = body.pix;
  else throw new PspNotificationError("expected {pix: [...]} or an array");
  if (!Array.isArray(items)) throw new PspNotificationError("pix is not an array");
  if (items.length > MAX_ITEMS) throw new PspNotificationError("too many items");
  try {
    return { pix: items.map(parsePix) };
  } catch (err) {
    // Only shape errors become 400s: anything else is our bug and must surface as one.
    if (err instanceof PspShapeError) throw new PspNotificationError(err.message);
    throw err;
  }
}
