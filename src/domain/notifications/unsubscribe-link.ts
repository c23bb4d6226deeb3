import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

// A reminder's one-click unsubscribe link (RFC 8058): it names the account, the mode and the
// address, and carries a MAC over them, so nobody can unsubscribe an address they were not
// sent, and no table of tokens is kept. The key is derived from the service's secret key, the
// same on every instance.

export type UnsubscribeTarget = { accountId: string; mode: string; address: string };

export const unsubscribeKeyOf = (secretKey: Buffer): Buffer =>
  Buffer.from(hkdfSync("sha256", secretKey, "", "tostao mail unsubscribe links", 32));

const macOf = (key: Buffer, t: UnsubscribeTarget) =>
  createHmac("sha256", key)
    .update(`unsubscribe\n${t.accountId}\n${t.mode}\n${t.address.toLowerCase()}`)
    .digest()
    .subarray(0, 16);

export function unsubscribeUrl(key: Buffer, baseUrl: string, t: UnsubscribeTarget): string {
  const q = new URLSearchParams({
    a: t.accountId,
    m: t.mode,
    e: t.address.toLowerCase(),
    t: macOf(key, t).toString("base64url"),
  });
  return `${baseUrl}/mail/unsubscribe?${q.toString()}`;
}

/** The target a link's query names, if its MAC is right (compared in constant time). */
export function verifyUnsubscribe(
  key: Buffer,
  q: { a?: unknown; m?: unknown; e?: unknown; t?: unknown },
): UnsubscribeTarget | undefined {
  if (typeof q.a !== "string" || typeof q.e !== "string" || typeof q.t !== "string") return;
  if (q.m !== "test" && q.m !== "live") return;
  const t = { accountId: q.a, mode: q.m, address: q.e };
  const given = Buffer.from(q.t, "base64url");
  const want = macOf(key, t);
  return given.length === want.length && timingSafeEqual(given, want) ? t : undefined;
}
