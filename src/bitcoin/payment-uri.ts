// BIP21/BIP321 `bitcoin:` payment URIs and BTC amount text. Amounts live as integer satoshis and
// are turned into decimal text by string manipulation, never by float formatting: Number#toString
// prints 0.0000001 as "1e-7", which BIP21's `*digit ["." *digit]` grammar does not allow, and float
// division can land one satoshi off.

export const SATS_PER_BTC = 100_000_000;
/** 21 million BTC: no valid amount can exceed the supply cap. */
export const MAX_SATS = 21_000_000 * SATS_PER_BTC;

export type PaymentUriInput = {
  /** Kept exactly as given: bech32 addresses are lowercase by spec (QR code makers may upcase). */
  address: string;
  /** Integer satoshis, 1..MAX_SATS. */
  amountSats?: number;
  label?: string;
  message?: string;
};

function checkSats(sats: number, min: number): void {
  if (!Number.isSafeInteger(sats) || sats < min || sats > MAX_SATS) {
    throw new RangeError(`satoshis must be an integer in ${min}..${MAX_SATS}, got ${sats}`);
  }
}

/** "0.00028571" for 28571: exactly 8 decimals, the fixed-width form for API fields. */
export function formatBtc(sats: number): string {
  checkSats(sats, 0);
  const digits = String(sats).padStart(9, "0");
  return `${digits.slice(0, -8)}.${digits.slice(-8)}`;
}

/** The shortest exact decimal: 100000000 -> "1", 150000000 -> "1.5", 28571 -> "0.00028571". */
export function formatBtcCompact(sats: number): string {
  return formatBtc(sats).replace(/\.?0+$/, "");
}

/**
 * Exact satoshis of a decimal BTC string ("0.00028571", "1", "1.", ".5"), or undefined for
 * anything else: signs, exponents, commas, a fraction finer than a satoshi, or over 21M BTC.
 */
export function parseBtcToSats(text: string): number | undefined {
  const m = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m) return undefined;
  const whole = (m[1] ?? "").replace(/^0+(?=\d)/, "");
  const frac = (m[2] ?? "").replace(/0+$/, "");
  if (whole === "" && (m[2] ?? "") === "") return undefined; // "" and "."
  if (frac.length > 8 || whole.length > 8) return undefined;
  // Both parts are at most 8 digits, so the sum stays far below 2^53 and is exact.
  const sats = Number(whole || "0") * SATS_PER_BTC + Number(frac.padEnd(8, "0"));
  return sats <= MAX_SATS ? sats : undefined;
}

// encodeURIComponent leaves !'()* alone; RFC 3986 reserves them, so a strict parser could split
// on them. Lone UTF-16 surrogates cannot be UTF-8 encoded (encodeURIComponent throws), so they
// become U+FFFD first.
function encodeValue(value: string): string {
  const wellFormed = value.replace(
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g,
    "\uFFFD",
  );
  return encodeURIComponent(wellFormed).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** `bitcoin:<address>?amount=<BTC>&label=...&message=...`, parameters only when given. */
export function buildPaymentUri(input: PaymentUriInput): string {
  if (!/^[0-9A-Za-z]{14,90}$/.test(input.address)) {
    throw new RangeError("address must be 14..90 alphanumeric characters");
  }
  const params: string[] = [];
  if (input.amountSats !== undefined) {
    checkSats(input.amountSats, 1);
    params.push(`amount=${formatBtcCompact(input.amountSats)}`);
  }
  if (input.label !== undefined && input.label !== "") {
    params.push(`label=${encodeValue(input.label)}`);
  }
  if (input.message !== undefined && input.message !== "") {
    params.push(`message=${encodeValue(input.message)}`);
  }
  return `bitcoin:${input.address}${params.length > 0 ? `?${params.join("&")}` : ""}`;
}
