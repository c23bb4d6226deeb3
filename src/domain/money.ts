// BRL on the wire is a JSON number with at most 2 decimals; inside it is integer centavos. The
// conversion goes through the number's decimal text, never through float arithmetic, so 0.1 + 0.2
// style errors cannot creep into an amount.

const BRL_TEXT = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/** Integer centavos of a BRL amount, or undefined if it is not a plain decimal with <= 2 places. */
export function brlToCents(value: number): number | undefined {
  if (!Number.isFinite(value) || value < 0) return undefined;
  const m = BRL_TEXT.exec(String(value));
  if (!m?.[1]) return undefined;
  return Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
}

/** The JSON number for an amount of centavos (1050 -> 10.5). */
export function centsToBrl(cents: number): number {
  return Number(formatCents(cents));
}

/** "10.50" for 1050: the amount as decimal text with exactly two places. */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`bad centavos: ${cents}`);
  const s = String(cents).padStart(3, "0");
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}
