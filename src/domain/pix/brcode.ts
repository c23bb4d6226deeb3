// Pix BR Code (EMV QRCPS-MPM) encoder and strict decoder, per shared/reference/pix.md §1: TLV
// with 2-digit IDs and character-counted 2-digit lengths, CRC-16/CCITT-FALSE over UTF-8 in 63.
// We only emit printable ASCII so that characters and bytes coincide. The decoder is strict about
// structure, CRC and fixed values, but tolerates the real-world deviations the reference lists
// (uppercase GUI, accented city, dynamic codes carrying 54 or a 62-05 value, no 62-05 at all).
import { crc16 } from "./crc16.ts";

// INVALID_INPUT: encoder input we cannot represent. FIELD_TOO_LONG: a TLV value over 99 chars.
// INVALID_CRC: field 63 absent, misplaced or not 4 uppercase hex. INVALID_FIELD: a value that
// breaks its Pix rule. The others name structural faults of the code as a whole.
export type BrCodeErrorCode =
  | "INVALID_INPUT"
  | "FIELD_TOO_LONG"
  | "CODE_TOO_LONG"
  | "INVALID_CHARACTERS"
  | "MALFORMED_TLV"
  | "DUPLICATE_FIELD"
  | "INVALID_CRC"
  | "CRC_MISMATCH"
  | "MISSING_FIELD"
  | "INVALID_FIELD";

export class BrCodeError extends Error {
  override readonly name = "BrCodeError";
  constructor(
    readonly code: BrCodeErrorCode,
    message: string,
    readonly field?: string,
  ) {
    super(field === undefined ? message : `field ${field}: ${message}`);
  }
}

export interface BrCodeMerchantAccount {
  gui: string;
  key?: string;
  description?: string;
  fss?: string;
  url?: string;
}

export interface DecodedBrCode {
  payloadFormatIndicator: "01";
  pointOfInitiationMethod?: "11" | "12";
  merchantAccount: BrCodeMerchantAccount;
  merchantCategoryCode: string;
  currency: "986";
  amountCentavos?: number;
  countryCode: "BR";
  merchantName: string;
  merchantCity: string;
  postalCode?: string;
  txid?: string;
  /** Pix Automático location from an unreserved template (80-99) of a composed QR. */
  recurrenceUrl?: string;
  crc: string;
}

export type BrCodeResult = { ok: true; value: DecodedBrCode } | { ok: false; error: BrCodeError };

interface BrCodeCommonInput {
  merchantName: string;
  merchantCity: string;
  /** Integer centavos, 1..999_999_999_999 (field 54 holds at most 13 characters). */
  amountCentavos?: number;
  /** CEP, 8 digits; "01310-100" is accepted and the hyphen removed. */
  postalCode?: string;
  /** `***` (default) or 1–25 [A-Za-z0-9]; dynamic codes only allow `***`. */
  txid?: string;
  pointOfInitiationMethod?: "11" | "12";
}
/** Static codes carry the key (and optional description); dynamic ones only the location URL. */
export type BrCodeInput =
  | (BrCodeCommonInput & { key: string; description?: string; url?: never })
  | (BrCodeCommonInput & { url: string; key?: never; description?: never });

const PIX_GUI = "br.gov.bcb.pix";
const MAX_CODE = 512;
// Value rules keyed by field path, shared by encoder and decoder so both agree on validity.
// Keys and URLs are ≤ 77 (DICT Key.maxLength, API `location`); a URL never has a scheme because
// the payer's PSP prepends https:// itself; 72 is Stone's cap for 26-02. Names and cities may be
// accented when decoding (Stone's BRASÍLIA vector) but must not be blank.
const RULES: Record<string, readonly [RegExp, string]> = {
  "00": [/^01$/, "must be 01"],
  "01": [/^1[12]$/, "must be 11 or 12"],
  "26-01": [/^[\x21-\x7E]{1,77}$/, "key must be 1-77 printable ASCII, no spaces"],
  "26-02": [/^(?=.*\S).{1,72}$/, "description must be 1-72 characters, not blank"],
  "26-03": [/^\d{8}$/, "FSS must be an 8-digit ISPB"],
  "26-25": [/^(?!.*:\/\/)[\x21-\x7E]{1,77}$/, "URL must be 1-77 printable ASCII, no scheme"],
  "52": [/^\d{4}$/, "MCC must be 4 digits"],
  "53": [/^986$/, "currency must be 986"],
  "54": [/^(?=.{1,13}$)(?:\d+\.\d{1,2}|[1-9]\d*\.?|\.\d{2})$/, "amount must be d+.dd, ≤ 13 chars"],
  "58": [/^BR$/, "country must be BR"],
  "59": [/^(?=.*\S).{1,25}$/, "merchant name must be 1-25 characters, not blank"],
  "60": [/^(?=.*\S).{1,15}$/, "merchant city must be 1-15 characters, not blank"],
  "61": [/^\d{8}$/, "postal code must be 8 digits"],
  "62-05": [/^(?:\*\*\*|[A-Za-z0-9]{1,25})$/, "txid must be *** or 1-25 [A-Za-z0-9]"],
};
const ACCOUNT_FIELDS = { "01": "key", "02": "description", "03": "fss", "25": "url" } as const;
// Printable ASCII plus BMP characters from U+00A0, minus surrogates: lengths count characters,
// and excluding astral code points keeps JS string indices equal to characters.
const CODE_CHARS = /^[\x20-\x7E\u00A0-\uD7FF\uE000-\uFFFD]*$/;

function fail(code: BrCodeErrorCode, message: string, field?: string): never {
  throw new BrCodeError(code, message, field);
}

function check(value: string, field: string, code: BrCodeErrorCode, rule = field): string {
  const [re, requirement] = RULES[rule] ?? [];
  if (re !== undefined && !re.test(value)) fail(code, `${requirement}, got "${value}"`, field);
  return value;
}

/**
 * ASCII form for names, cities and descriptions: NFD-strips diacritics, turns whitespace runs into
 * one space, drops anything outside printable ASCII, trims, and caps the result at `max` chars.
 */
export function normalizeBrCodeText(s: string, max: number): string {
  const ascii = s
    .normalize("NFD")
    .replace(/\s+/g, " ")
    .replace(/[^\x20-\x7E]/g, "");
  // Dropping characters can leave double spaces, and truncation can expose a trailing one.
  return ascii.replace(/ {2,}/g, " ").trim().slice(0, max).trimEnd();
}

function tlv(id: string, value: string, field = id): string {
  if (value.length > 99) fail("FIELD_TOO_LONG", `${value.length} characters (max 99)`, field);
  return `${id}${value.length < 10 ? "0" : ""}${value.length}${value}`;
}

// Centavos to `d+.dd` by slicing the digit string, so binary floating point never touches money.
function formatCentavos(centavos: number): string {
  if (!Number.isSafeInteger(centavos) || centavos <= 0)
    fail("INVALID_INPUT", "amount must be a positive integer of centavos", "54");
  const digits = centavos.toString().padStart(3, "0");
  return check(`${digits.slice(0, -2)}.${digits.slice(-2)}`, "54", "INVALID_INPUT");
}

export function encodeBrCode(input: BrCodeInput): string {
  const { key, url, txid = "***", pointOfInitiationMethod: pim } = input;
  if ((key === undefined) === (url === undefined))
    fail("INVALID_INPUT", "give exactly one of key (static) or url (dynamic)", "26");
  let mai = tlv("00", PIX_GUI);
  if (key !== undefined) {
    mai += tlv("01", check(key, "26-01", "INVALID_INPUT"));
    const info = normalizeBrCodeText(input.description ?? "", Number.POSITIVE_INFINITY);
    if (info !== "") mai += tlv("02", check(info, "26-02", "INVALID_INPUT"), "26-02");
  } else {
    mai += tlv("25", check(url ?? "", "26-25", "INVALID_INPUT"));
    // A dynamic code's amount and txid live in the JWS payload; 54 "should be omitted" and
    // putting the txid in 62-05 "está errado" (reference §1.2).
    if (input.amountCentavos !== undefined)
      fail("INVALID_INPUT", "dynamic codes take the amount from the payload", "54");
    if (txid !== "***") fail("INVALID_INPUT", "dynamic codes must carry ***", "62-05");
  }
  let code = `000201${pim === undefined ? "" : tlv("01", check(pim, "01", "INVALID_INPUT"))}`;
  code += `${tlv("26", mai)}520400005303986`;
  if (input.amountCentavos !== undefined) code += tlv("54", formatCentavos(input.amountCentavos));
  const name = normalizeBrCodeText(input.merchantName, 25);
  const city = normalizeBrCodeText(input.merchantCity, 15);
  code += `5802BR${tlv("59", check(name, "59", "INVALID_INPUT"))}`;
  code += tlv("60", check(city, "60", "INVALID_INPUT"));
  if (input.postalCode !== undefined) {
    const cep = input.postalCode.replace(/^(\d{5})-(\d{3})$/, "$1$2");
    code += tlv("61", check(cep, "61", "INVALID_INPUT"));
  }
  code += `${tlv("62", tlv("05", check(txid, "62-05", "INVALID_INPUT")))}6304`;
  if (code.length + 4 > MAX_CODE) fail("CODE_TOO_LONG", `over ${MAX_CODE} characters`);
  return code + crc16(code);
}

// Walks one TLV level. Every object needs two ASCII digits of ID and two of length 01-99, its
// whole value present, a unique ID, and the level must be consumed exactly.
function parseTlv(s: string, where: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (let i = 0; i < s.length; ) {
    const head = s.slice(i, i + 4);
    if (!/^\d{4}$/.test(head)) fail("MALFORMED_TLV", `bad ID/length at offset ${i}`, where);
    const id = head.slice(0, 2);
    const end = i + 4 + Number(head.slice(2));
    if (end === i + 4 || end > s.length) fail("MALFORMED_TLV", `bad length of ID ${id}`, where);
    if (fields.has(id)) fail("DUPLICATE_FIELD", `ID ${id} appears twice`, where);
    fields.set(id, s.slice(i + 4, end));
    i = end;
  }
  return fields;
}

// Every template we descend into has a mandatory 00 in EMV (a GUI; the language for 64).
function parseTemplate(value: string, where: string): Map<string, string> {
  const sub = parseTlv(value, where);
  if (!sub.has("00")) fail("MISSING_FIELD", "template without GUI (00)", where);
  return sub;
}

function need(fields: Map<string, string>, id: string, path = id): string {
  const value = fields.get(id) ?? fail("MISSING_FIELD", "mandatory field absent", path);
  return check(value, path, "INVALID_FIELD");
}

function decodeOrThrow(code: string): DecodedBrCode {
  if (typeof code !== "string") fail("INVALID_INPUT", "code must be a string");
  if (!CODE_CHARS.test(code)) fail("INVALID_CHARACTERS", "control or non-BMP character");
  if (Buffer.byteLength(code, "utf8") > MAX_CODE) fail("CODE_TOO_LONG", `over ${MAX_CODE} bytes`);
  // The CRC is checked before any length is trusted, so transport corruption is caught up front.
  // Uppercase only: the manual specifies uppercase and a strict decoder need not excuse others.
  const crc = code.slice(-4);
  if (code.slice(-8, -4) !== "6304" || !/^[0-9A-F]{4}$/.test(crc))
    fail("INVALID_CRC", "code must end with 6304 and 4 uppercase hex digits", "63");
  const computed = crc16(code.slice(0, -4));
  if (crc !== computed) fail("CRC_MISMATCH", `CRC is ${crc}, computed ${computed}`, "63");

  const root = parseTlv(code, "root");
  const ids = [...root.keys()];
  if (ids[0] !== "00") fail("INVALID_FIELD", "payload format indicator must come first", "00");
  if (ids[ids.length - 1] !== "63") fail("INVALID_CRC", "CRC must be the last field", "63");
  let pix: Map<string, string> | undefined;
  let recurrenceUrl: string | undefined;
  for (const [id, value] of root) {
    const n = Number(id);
    if ((n >= 26 && n <= 51) || n === 64 || n >= 80) {
      const t = parseTemplate(value, id);
      if (t.get("00")?.toLowerCase() !== PIX_GUI) continue;
      if (n <= 51 && pix !== undefined) fail("DUPLICATE_FIELD", "two Pix account templates", id);
      if (n <= 51) pix = t;
      const rec = n >= 80 ? t.get("25") : undefined;
      if (rec !== undefined) recurrenceUrl = check(rec, `${id}-25`, "INVALID_FIELD", "26-25");
    }
  }
  if (pix === undefined) return fail("MISSING_FIELD", "no br.gov.bcb.pix account template", "26");
  const account: BrCodeMerchantAccount = { gui: need(pix, "00", "26-00") };
  for (const [id, name] of Object.entries(ACCOUNT_FIELDS)) {
    if (pix.has(id)) account[name] = need(pix, id, `26-${id}`);
  }
  // Static codes carry 01 (+02/03); dynamic ones only 25 (Stone rejects URL plus info).
  const staticOnly = account.key ?? account.description ?? account.fss;
  if (account.url === undefined ? account.key === undefined : staticOnly !== undefined)
    fail("INVALID_FIELD", "needs either a key (01) or only a URL (25)", "26");

  const out: DecodedBrCode = {
    payloadFormatIndicator: "01",
    merchantAccount: account,
    merchantCategoryCode: need(root, "52"),
    currency: "986",
    countryCode: "BR",
    merchantName: need(root, "59"),
    merchantCity: need(root, "60"),
    crc,
  };
  for (const id of ["00", "53", "58"]) need(root, id);
  // The regex admitted only "11" or "12", so the cast restates a checked fact.
  if (root.has("01")) out.pointOfInitiationMethod = need(root, "01") as "11" | "12";
  // Accepts Stone's amount spellings ("10.00", "10.5", "10", "10.", ".10") but converts by
  // concatenating digit strings, never through floats; a zero amount is meaningless.
  if (root.has("54")) {
    const [whole = "", frac = ""] = need(root, "54").split(".");
    out.amountCentavos = Number((whole || "0") + frac.padEnd(2, "0"));
    if (out.amountCentavos === 0) fail("INVALID_FIELD", "amount must be positive", "54");
  }
  if (root.has("61")) out.postalCode = need(root, "61");
  // 62 is mandatory; 62-05 too per the manual, but real codes (Itaú homologation) omit it.
  const additional = parseTlv(need(root, "62"), "62");
  for (const [id, v] of additional) if (id >= "50") parseTemplate(v, `62-${id}`);
  if (additional.has("05")) out.txid = need(additional, "05", "62-05");
  if (recurrenceUrl !== undefined) out.recurrenceUrl = recurrenceUrl;
  return out;
}

/** Strictly decodes a BR Code; bad input yields `{ ok: false, error }`, never a throw. */
export function decodeBrCode(code: string): BrCodeResult {
  try {
    return { ok: true, value: decodeOrThrow(code) };
  } catch (error) {
    if (error instanceof BrCodeError) return { ok: false, error };
    throw error;
  }
}
