import { sha256Hex } from "../sha256.ts";

// The chain's arithmetic. An entry's hash is sha256 over a canonical encoding of every field
// that says what happened (its account, seq, id, instant, mode, actor, origin, action, target,
// changes) plus the previous entry's hash: editing any of them, deleting an entry, or moving one
// to another seq makes the recomputed hash or the next entry's prev_hash disagree.

/** The prev_hash of an account's first entry. */
export const GENESIS_HASH = "0".repeat(64);

export type Json = string | number | boolean | null | Json[] | { [k: string]: Json };

export type HashedFields = {
  accountId: string;
  seq: number;
  id: string;
  at: Date;
  mode: string | null;
  actorKind: string;
  actor: string;
  ip: string | null;
  userAgent: string | null;
  action: string;
  target: string | null;
  changes: Json | null;
  prevHash: string;
};

/** JSON with object keys sorted at every depth: one text per value, whatever the key order. */
export function canonicalJson(v: Json | undefined): string {
  if (v === undefined || v === null) return "null";
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(",")}]`;
  if (typeof v === "object") {
    const keys = Object.keys(v).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(v[k])}`).join(",")}}`;
  }
  return JSON.stringify(v);
}

/** The entry's hash: fields in a fixed order, as one canonical JSON array. */
export function entryHash(e: HashedFields): string {
  return sha256Hex(
    canonicalJson([
      "tostao-audit-v1",
      e.accountId,
      e.seq,
      e.id,
      e.at.toISOString(),
      e.mode,
      e.actorKind,
      e.actor,
      e.ip,
      e.userAgent,
      e.action,
      e.target,
      e.changes,
      e.prevHash,
    ]),
  );
}
