// The cells of a CSV export (RFC 4180): CRLF lines, a cell quoted when it holds the separator, a
// quote or a line break (its quotes doubled), and every cell that a spreadsheet would read as a
// formula neutralised (OWASP "CSV injection": a cell beginning with =, +, -, @, a tab or a CR is
// prefixed with a single quote). Two dialects: "rfc4180" (commas, a decimal dot) and "excel-br"
// (semicolons, a decimal comma and a UTF-8 byte-order mark), for the spreadsheet most Brazilian
// accountants open, which reads a comma file as one column and 12.34 as a date or a thousand.

export const DIALECTS = ["rfc4180", "excel-br"] as const;
export type Dialect = (typeof DIALECTS)[number];

export type CsvStyle = { separator: string; decimal: string; bom: string };

export const styleOf = (dialect: Dialect): CsvStyle =>
  dialect === "excel-br"
    ? { separator: ";", decimal: ",", bom: "\uFEFF" }
    : { separator: ",", decimal: ".", bom: "" };

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /["\r\n]/;

/** One cell, neutralised and quoted as needed (it holds the separator, a quote or a break). */
export function csvCell(value: string, separator = ","): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) || safe.includes(separator)
    ? `"${safe.replaceAll('"', '""')}"`
    : safe;
}

/** One line, CRLF-terminated. */
export const csvLine = (cells: readonly string[], style: CsvStyle): string =>
  `${cells.map((c) => csvCell(c, style.separator)).join(style.separator)}\r\n`;

/**
 * An amount in integer centavos as reais, by integer arithmetic only: 1234 -> "12.34" ("12,34"
 * in the excel-br dialect), never through a float.
 */
export function reais(cents: number, decimal: string): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`not an amount in centavos: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  const units = (abs - (abs % 100)) / 100;
  return `${sign}${units}${decimal}${String(abs % 100).padStart(2, "0")}`;
}
