import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { receiptField } from "../receipts/receipt-token.ts";
import { chargePage } from "./charge-page.ts";
import { chargeView, qrImageOf } from "./charge-view.ts";

import { loadCharge } from "./move-charge.ts";
import type { ListChargesQuery } from "./schemas.ts";

// The reads of PIX charges, one use case each, for every front door (the REST routes, the MCP
// tools, and next the dashboard): a charge's status, and the recent charges.

/**
 * A charge of the caller with its QR image (drawn from brCode, not stored), expired first if it
 * is overdue (never a stale read), and once paid the address of its receipt page.
 */
export async function pixChargeStatus(
  deps: { db: Db; clock: Clock; random: Random; receiptKey: Buffer },
  who: Principal,
  chargeId: string,
  baseUrl: string,
) {
  const row = await loadCharge(deps, who, chargeId);
  return {
    ...chargeView(row, deps.clock.now()),
    qrCodeImage: qrImageOf(row),
    ...receiptField(row, baseUrl, deps.receiptKey),
  };
}

/** The caller's PIX charges, newest first, a page at a time, filtered. */
export async function listPixCharges(
  deps: { db: Db; clock: Clock },
  who: Principal,
  input: ListChargesQuery,
) {
  const { rows, hasMore, asOf } = await chargePage(deps, who, "pix", input);
  // A due-date charge's amount due is today's (Brazil), the same for every row of the page.
  const now = deps.clock.now();
  return { charges: rows.map((r) => chargeView(r, now)), hasMore, asOf };
}
