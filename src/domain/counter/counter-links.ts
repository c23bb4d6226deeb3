import type { z } from "zod";
import * as q from "../../db/queries/counter-links.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { notFound } from "../errors.ts";
import { newId } from "../ids.ts";
import { pageOf } from "../list-limit.ts";
import { sha256Hex } from "../sha256.ts";
import type { CounterLinkViewSchema, CreateCounterLink } from "./schemas.ts";

// Counter links (docs/counter.md, "The counter"): a URL for a cashier's phone that makes dynamic
// Pix charges in the account and mode of the token that made it, and reads only their status.
// Its secret is 32 random bytes (base64url), kept only as its SHA-256, as API tokens are: a
// stolen database opens no counter. It is shown once, in the create answer.

/** The counter's page of a secret. */
export const counterUrl = (baseUrl: string, secret: string) => `${baseUrl}/counter/${secret}`;

/** What the secret hashes to (the stored form, and the lookup key). */
export const counterSecretHash = (secret: string) => sha256Hex(secret);

export function counterLinkView(r: q.CounterLinkRow): z.infer<typeof CounterLinkViewSchema> {
  return {
    counterLinkId: r.id,
    label: r.label,
    livemode: r.mode === "live",
    createdAt: r.createdAt.toISOString(),
    revokedAt: r.revokedAt?.toISOString() ?? null,
  };
}

export async function createCounterLink(
  deps: { db: Db; clock: Clock; random: Random },
  who: Principal,
  input: CreateCounterLink,
  baseUrl: string,
) {
  const secret = deps.random.bytes(32).toString("base64url");
  const row = await q.insertCounterLink(deps.db, {
    id: newId("ctr", deps),
    accountId: who.accountId,
    mode: who.mode,
    label: input.label,
    secretHash: counterSecretHash(secret),
    createdAt: deps.clock.now(),
    revokedAt: null,
  });
  // The view's fields first, the url after: the answer's one secret.
  return { ...counterLinkView(row), url: counterUrl(baseUrl, secret) };
}

/** The caller's links, newest first, a page at a time (revoked ones too, marked). */
export async function listCounterLinks(
  deps: { db: Db },
  who: Principal,
  input: { limit: number; offset?: number },
) {
  const rows = await q.listCounterLinks(deps.db, {
    accountId: who.accountId,
    mode: who.mode,
    limit: input.limit + 1,
    offset: input.offset ?? 0,
  });
  const page = pageOf(rows, input.limit);
  return { counterLinks: page.items.map(counterLinkView), hasMore: page.hasMore };
}

/** Revokes a link: its pages answer 404 from now on. Revoking twice is 200, unchanged. */
export async function revokeCounterLink(
  deps: { db: Db; clock: Clock },
  who: Principal,
  id: string,
) {
  const row = await q.revokeCounterLink(deps.db, {
    accountId: who.accountId,
    mode: who.mode,
    id,
    at: deps.clock.now(),
  });
  if (!row) throw notFound(`counter_link_id: counter link ${id} not found`);
  return counterLinkView(row);
}
