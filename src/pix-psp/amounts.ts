/**
 * The API Pix writes money as decimal strings ("37.00", pattern \d{1,10}\.\d{2}); Tostão keeps
 * integer centavos. Both directions are integer arithmetic on the digits: a float would turn
 * "0.29" into 28 centavos one day.
 */

const MAX_CENTS = 9_999_999_999_99; // \d{1,10}\.\d{2}

/** 1234 -> "12.34". Throws on a non-integer, negative or out-of-range amount. */
export function centsToValor(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0 || cents > MAX_CENTS) {
    throw new RangeError(`not an amount in centavos: ${cents}`);
  }
  const s = String(cents).padStart(3, "0");
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

/**
 * "12.34" -> 1234. Lenient with what PSPs are seen to send ("12.3", "12", "0012.30") but never
 * with more than two decimals or anything that is not digits; returns undefined then.
 */
export function valorToCents(valor: unknown): number | undefined {
  if (typeof valor !== "string") return undefined;
  const m = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(valor.trim());
  if (!m) return undefined;
  const whole = m[1] ?? "0";
  const frac = (m[2] ?? "").padEnd(2, "0");
  const cents = Number(whole) * 100 + Number(frac);
  return Number.isSafeInteger(cents) ? cents : undefined;
}
