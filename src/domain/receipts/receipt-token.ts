import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

// The address of a paid charge's receipt page. The page is public (the payer opens it from a
// mail, signed in nowhere), so its address must not be guessable, and a charge id alone is not
// enough: the payment page and the merchant's own systems pass charge ids around freely. The
// token is the charge id with a MAC of it under a key derived from the service's secret key, so
// it needs no column or index on charges (the create path stays as it is) and is checked in a
// microsecond or two. The price: a new secret key makes every receipt link given out before it
// a 404 (the page itself, and the data, are unchanged; a status read hands out the new link).

/** The info string of the key's HKDF: another use of the secret key derives another key. */
const KEY_INFO = "tostao receipt links";
/** What the MAC covers before the charge id, so this MAC means "receipt" and nothing else. */
const PURPOSE = "receipt\n";
/** 16 bytes of HMAC-SHA256: 128 bits, far beyond guessing over HTTP. */
const MAC_BYTES = 16;
/** A charge id as ids are written (ids.ts), bounded as the payment page bounds its ids. */
const CHARGE_ID = /^[\w-]{1,64}$/;

/** The receipt links' key, derived once at boot from the service's secret key. */
export function receiptKeyFrom(secretKey: Buffer): Buffer {
  return Buffer.from(hkdfSync("sha256", secretKey, "", KEY_INFO, 32));
}

function macOf(key: Buffer, chargeId: string): Buffer {
  return createHmac("sha256", key)
    .update(PURPOSE + chargeId)
    .digest()
    .subarray(0, MAC_BYTES);
}

/** The token of a charge's receipt: `<chargeId>.<base64url MAC>`. */
export function receiptToken(key: Buffer, chargeId: string): string {
  return `${chargeId}.${macOf(key, chargeId).toString("base64url")}`;
}

/**
 * The charge a token names when its MAC is right, else undefined (malformed, altered, made for
 * another charge or under another key). The comparison takes the same time wherever it differs.
 */
export function chargeIdOfReceiptToken(key: Buffer, token: string): string | undefined {
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return undefined;
  const chargeId = token.slice(0, dot);
  const given = token.slice(dot + 1);
  if (!CHARGE_ID.test(chargeId) || !/^[\w-]{22}$/.test(given)) return undefined;
  const mac = Buffer.from(given, "base64url");
  // 22 base64url characters carry 132 bits: the last 4 must be zero, or one MAC would have
  // several spellings (harmless, but a token is meant to have one).
  if (mac.length !== MAC_BYTES || mac.toString("base64url") !== given) return undefined;
  return timingSafeEqual(mac, macOf(key, chargeId)) ? chargeId : undefined;
}

/** The public receipt page of a charge. */
export function receiptUrl(baseUrl: string, key: Buffer, chargeId: string): string {
  return `${baseUrl}/receipt/${encodeURIComponent(receiptToken(key, chargeId))}`;
}

/** Whether a charge in this status has a receipt: it was paid (and maybe refunded since). */
export function hasReceipt(row: { status: string; approvedAt: Date | null }): boolean {
  return row.approvedAt !== null && (row.status === "approved" || row.status === "refunded");
}

/**
 * The `receiptUrl` field of a charge's owner view: present once the charge is paid, absent
 * before. An HMAC and no query, so the status read stays as cheap as it was.
 */
export function receiptField(
  row: { id: string; status: string; approvedAt: Date | null },
  baseUrl: string,
  key: Buffer,
): { receiptUrl?: string } {
  return hasReceipt(row) ? { receiptUrl: receiptUrl(baseUrl, key, row.id) } : {};
}
