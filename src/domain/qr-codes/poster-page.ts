import { findAccount } from "../../db/queries/accounts.ts";
import { findQrCodeById } from "../../db/queries/qr-codes.ts";
import type { Db } from "../../kernel/db.ts";
import { notFound } from "../errors.ts";
import { decodeBrCode } from "../pix/brcode.ts";

// What a reusable QR code's public poster (GET /poster/{id}) shows: the shop, what the code is
// for, its amount when fixed, the QR and the copy-and-paste code. Public by design: the code is
// printed for anyone to see, and it holds nothing the poster does not show. A disabled code has
// no poster (404, as an unknown one): it must not be printed again.

export async function posterPage(deps: { db: Db }, id: string) {
  const qr = await findQrCodeById(deps.db, id);
  if (!qr || qr.disabledAt !== null) throw notFound("not found");
  const account = await findAccount(deps.db, qr.accountId);
  const decoded = decodeBrCode(qr.brCode);
  return {
    qrCodeId: qr.id,
    // The display name the merchant chose, else the receiver the code names (field 59).
    shopName: account?.displayName ?? (decoded.ok ? decoded.value.merchantName : ""),
    title: qr.title,
    description: qr.description,
    valueCents: qr.valueCents,
    brCode: qr.brCode,
    livemode: qr.mode === "live",
  };
}
export type PosterPage = Awaited<ReturnType<typeof posterPage>>;
