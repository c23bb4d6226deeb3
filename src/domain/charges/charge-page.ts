import { searchCharges } from "../../db/queries/charge-search.ts";
import type { ChargeRow } from "../../db/queries/charges.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { pageOf } from "../list-limit.ts";
import type { ListChargesQuery } from "./schemas.ts";

// A page of charges for the API's lists (PIX, Bitcoin): newest first, filtered, at an offset.
// Offsets alone shift while charges are created (each new one pushes the rest down a place), so
// the answer carries `asOf`, the first row of the first page; later pages sent with it as
// `as_of` list only that row and those after it, and repeat or skip nothing.

/** A charge's place in the order (creation time, id), as text: "<epoch ms>.<id>". */
export const cursorOf = (r: Pick<ChargeRow, "createdAt" | "id">): string =>
  `${r.createdAt.getTime()}.${r.id}`;

export function parseCursor(text: string | undefined): { createdAt: Date; id: string } | undefined {
  const m = text ? /^(\d{1,15})\.([\w-]{1,64})$/.exec(text) : null;
  if (!m?.[1] || !m[2]) return undefined;
  return { createdAt: new Date(Number(m[1])), id: m[2] };
}

export async function chargePage(
  deps: { db: Db },
  who: Principal,
  method: "pix" | "crypto",
  q: ListChargesQuery,
): Promise<{ rows: ChargeRow[]; hasMore: boolean; asOf: string | null }> {
  const rows = await searchCharges(deps.db, {
    accountId: who.accountId,
    mode: who.mode,
    method,
    status: q.status,
    from: q.created_from ? new Date(q.created_from) : undefined,
    to: q.created_to ? new Date(q.created_to) : undefined,
    externalId: q.external_id,
    customerEmail: q.customer_email,
    qrCodeId: q.qr_code_id,
    atOrBefore: parseCursor(q.as_of),
    limit: q.limit + 1,
    offset: q.offset,
  });
  const page = pageOf(rows, q.limit);
  const first = page.items[0];
  const asOf = q.as_of ?? (q.offset === 0 && first ? cursorOf(first) : null);
  return { rows: page.items, hasMore: page.hasMore, asOf };
}
