import type { z } from "zod";
import * as q from "../../db/queries/qr-codes.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { qrPngDataUrl } from "../../qr/qr-png.ts";
import { notFound, unprocessable } from "../errors.ts";
import { newId } from "../ids.ts";
import { pageOf } from "../list-limit.ts";
import { LIVE_PSP_MISSING } from "../live-pix/live-create.ts";
import { brlToCents, centsToBrl, formatCents } from "../money.ts";
import { encodeBrCode, normalizeBrCodeText } from "../pix/brcode.ts";
import type { PixProviders } from "../sandbox-pix/pix-provider.ts";
import { SANDBOX_RECEIVER, sandboxEvpKey } from "../sandbox-pix/pix-provider.ts";
import type { CreateQrCode, QrCodeViewSchema } from "./schemas.ts";

// Reusable QR codes (docs/counter.md): a static BR Code (BACEN's static format, point of
// initiation 11) of the merchant's Pix key, printed once and paid by any number of payers. Its
// txid (62-05) is its own, so every payment to it names it; its amount (54) is there only when
// fixed. Each payment becomes an approved charge of its own (pay-qr-code.ts).

type Deps = { db: Db; clock: Clock; random: Random; pixProviders: PixProviders };

/** Where a code's printable poster is (public: the code is meant to be shown to anyone). */
export const posterUrl = (baseUrl: string, id: string) =>
  `${baseUrl}/poster/${encodeURIComponent(id)}`;

export function qrCodeView(r: q.QrCodeRow, baseUrl: string): z.infer<typeof QrCodeViewSchema> {
  return {
    qrCodeId: r.id,
    title: r.title,
    description: r.description,
    value: r.valueCents === null ? null : centsToBrl(r.valueCents),
    txid: r.txid,
    brCode: r.brCode,
    posterUrl: posterUrl(baseUrl, r.id),
    active: r.disabledAt === null,
    livemode: r.mode === "live",
    createdAt: r.createdAt.toISOString(),
    disabledAt: r.disabledAt?.toISOString() ?? null,
  };
}

/** The receiver a code names: the live connection's key and name, or the sandbox's. */
async function receiverOf(deps: Deps, who: Principal) {
  if (who.mode === "test") {
    return { key: sandboxEvpKey(who.accountId), ...SANDBOX_RECEIVER };
  }
  const live = await deps.pixProviders.live?.forAccount(deps.db, who.accountId);
  if (!live) throw unprocessable(LIVE_PSP_MISSING);
  return { key: live.row.pixKey, name: live.row.merchantName, city: live.row.merchantCity };
}

export async function createQrCode(
  deps: Deps & { maxChargeCents: number },
  who: Principal,
  input: CreateQrCode,
  baseUrl: string,
) {
  let valueCents: number | null = null;
  if (input.value !== undefined) {
    valueCents = brlToCents(input.value) ?? null;
    if (valueCents === null) throw unprocessable("value: must have at most 2 decimal places");
    if (valueCents > deps.maxChargeCents) {
      throw unprocessable(`value: must be at most ${formatCents(deps.maxChargeCents)}`);
    }
  }
  const id = newId("qr", deps);
  // 25 of the id's characters after "qr_" (time and randomness): alphanumeric, within a static
  // code's 25, and unlike a live cob's txids (26 to 35), so a payment carrying it is the code's.
  const txid = id.slice(3, 28);
  const receiver = await receiverOf(deps, who);
  // Field 26 holds at most 99: its GUI (18), the key (4 + its length), the text (4 + its length).
  const room = Math.min(72, 73 - receiver.key.length);
  const info = room > 0 ? normalizeBrCodeText(input.description ?? "", room) : "";
  const brCode = encodeBrCode({
    key: receiver.key,
    ...(info ? { description: info } : {}),
    merchantName: receiver.name,
    merchantCity: receiver.city,
    ...(valueCents === null ? {} : { amountCentavos: valueCents }),
    txid,
    pointOfInitiationMethod: "11",
  });
  const row = await q.insertQrCode(deps.db, {
    id,
    accountId: who.accountId,
    mode: who.mode,
    title: input.title,
    description: input.description ?? null,
    valueCents,
    txid,
    brCode,
    createdAt: deps.clock.now(),
    disabledAt: null,
  });
  return { ...qrCodeView(row, baseUrl), qrCodeImage: qrPngDataUrl(brCode) };
}

/** The caller's codes, newest first, a page at a time (disabled ones on request). */
export async function listQrCodes(
  deps: { db: Db },
  who: Principal,
  input: { limit: number; offset?: number; include_disabled: "true" | "false" },
  baseUrl: string,
) {
  const rows = await q.listQrCodes(deps.db, {
    accountId: who.accountId,
    mode: who.mode,
    includeDisabled: input.include_disabled === "true",
    limit: input.limit + 1,
    offset: input.offset ?? 0,
  });
  const page = pageOf(rows, input.limit);
  return { qrCodes: page.items.map((r) => qrCodeView(r, baseUrl)), hasMore: page.hasMore };
}

/** A code of the caller, or 404 naming qr_code_id. */
export async function loadQrCode(deps: { db: Db }, who: Principal, id: string) {
  const row = await q.findQrCode(deps.db, { accountId: who.accountId, mode: who.mode, id });
  if (!row) throw notFound(`qr_code_id: QR code ${id} not found`);
  return row;
}

/** Disables a code: payments to it make no more charges. Disabling twice is 200, unchanged. */
export async function disableQrCode(
  deps: { db: Db; clock: Clock },
  who: Principal,
  id: string,
  baseUrl: string,
) {
  const row = await q.disableQrCode(deps.db, {
    accountId: who.accountId,
    mode: who.mode,
    id,
    at: deps.clock.now(),
  });
  if (!row) throw notFound(`qr_code_id: QR code ${id} not found`);
  return qrCodeView(row, baseUrl);
}
