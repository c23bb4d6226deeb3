import type { ChargeRow } from "../../src/db/queries/charges.ts";
import type { ChargeWrite } from "../../src/db/queries/insert-charges.ts";
import { chargeEvent } from "../../src/domain/charges/charge-events.ts";
import { newId } from "../../src/domain/ids.ts";
import { cryptoRandom, systemClock } from "../../src/kernel/clock.ts";

/**
 * A pending sandbox PIX charge as the create path writes it, with its two events and, given a
 * key, its Idempotency-Key row (route /api/pix/charge/create). Text fields carry quotes,
 * backslashes and accents, so the JSON path is exercised.
 */
export function chargeWrite(opts: {
  accountId: string;
  n: number;
  at: Date;
  key?: string;
}): ChargeWrite {
  const { accountId, n, at } = opts;
  const deps = { clock: { now: () => at }, random: cryptoRandom };
  const id = newId("pix", { clock: systemClock, random: cryptoRandom });
  const row: ChargeRow = {
    id,
    accountId,
    mode: "test",
    method: "pix",
    status: "pending",
    valueCents: 100 + n,
    title: `Pedido "${n}" \\ café`,
    description: null,
    productId: null,
    externalId: `ext-${n}`,
    details: { customer_name: "Maria", address: { city: "São Paulo" } },
    provider: "sandbox",
    txid: id.slice(4, 29),
    brCode: `br-${n}`,
    simulated: false,
    expiresAt: new Date(at.getTime() + 3_600_000),
    createdAt: at,
    updatedAt: at,
    approvedAt: null,
    crypto: null,
    receivedSats: 0,
    receivedCents: 0,
    paidLate: false,
  };
  const events = [
    chargeEvent(deps, "charge.created", row),
    chargeEvent(deps, "charge.pending", row),
  ];
  if (!opts.key) return { row, events };
  const key = {
    accountId,
    mode: "test" as const,
    route: "/api/pix/charge/create",
    key: opts.key,
    fingerprint: `fp-${opts.key}`,
    tokenId: null,
    responseStatus: 200,
    responseBody: JSON.stringify({ success: true, data: { chargeId: id, n } }),
    createdAt: at,
  };
  return { row, events, key };
}
