import { encodeBrCode, normalizeBrCodeText } from "../pix/brcode.ts";
import { crc16 } from "../pix/crc16.ts";

// The authorisation's BR Code of Pix Automático (API Pix 2.7.0+, shared/reference/pix.md §1.2,
// field 80): the recorrência's location in the unreserved template 80 (00 = br.gov.bcb.pix,
// 25 = URL without scheme). Two journeys:
// - recurrence alone: the merchant account template 26 holds only its GUI, the location is in 80
//   (the shape of pix-utils' createRecurrencePix, which its parser reads back);
// - an immediate charge plus recurrence: the cob's location in 26-25 and the rec's in 80, one QR
//   that pays now and authorises the recurrence (the file's rec.dadosQR.pixCopiaECola example).

const GUI = "br.gov.bcb.pix";

const tlv = (id: string, v: string) => {
  if (v.length > 99) throw new RangeError(`field ${id}: ${v.length} characters (max 99)`);
  return `${id}${String(v.length).padStart(2, "0")}${v}`;
};

function withCrc(body: string): string {
  const code = `${body}6304`;
  return code + crc16(code);
}

export function composeRecurrenceBrCode(input: {
  /** The rec's location, without scheme (≤ 77 characters). */
  recUrl: string;
  merchantName: string;
  merchantCity: string;
  /** The journey's immediate charge's (cob) location, without scheme. */
  cobUrl?: string;
}): string {
  if (/^[a-z]+:\/\//i.test(input.recUrl) || input.recUrl.length > 77) {
    throw new RangeError("recUrl: a location has no scheme and at most 77 characters");
  }
  const rec = tlv("80", tlv("00", GUI) + tlv("25", input.recUrl));
  if (input.cobUrl !== undefined) {
    const cob = encodeBrCode({
      url: input.cobUrl,
      merchantName: input.merchantName,
      merchantCity: input.merchantCity,
      pointOfInitiationMethod: "12",
    });
    // The cob's code less its CRC field ("6304" and 4 hex), then 80, then a new CRC.
    return withCrc(cob.slice(0, -8) + rec);
  }
  const name = normalizeBrCodeText(input.merchantName, 25);
  const city = normalizeBrCodeText(input.merchantCity, 15);
  return withCrc(
    `000201${tlv("26", tlv("00", GUI))}520400005303986${`5802BR${tlv("59", name)}${tlv("60", city)}`}${tlv("62", tlv("05", "***"))}${rec}`,
  );
}
