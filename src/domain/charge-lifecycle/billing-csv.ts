// A billing CSV (`tostao charges import billing.csv`, and the dashboard's "Bill many" upload):
// the file's rows as lines of POST /api/pix/charges/batch.
// A header row names the columns, which are the API's own field names (docs/due-date.md,
// "Batch"); nested fields are flattened: fine_mode + fine_value, interest_mode +
// interest_value, abatement_mode + abatement_value, discount_mode with discount_value (per-day
// modes) or discount_1_date + discount_1_value … discount_3_* (dated tiers). Empty cells are
// absent fields. The API validates every line and answers each one's error: this file only
// splits and shapes, so a CSV line and a JSON line are judged by the same rules.

/** RFC 4180: commas (or semicolons, the Brazilian spreadsheet default), quotes, CRLF or LF. */
export function parseCsv(text: string): string[][] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const firstLine = body.slice(0, body.search(/\r?\n|$/));
  const sep = firstLine.split(";").length > firstLine.split(",").length ? ";" : ",";
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i] as string;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"' && cell === "") quoted = true;
    else if (ch === sep) {
      row.push(cell);
      cell = "";
    } else if (ch === "\n" || ch === "\r") {
      if (ch === "\r" && body[i + 1] === "\n") i++;
      row.push(cell);
      if (row.some((c) => c !== "")) rows.push(row);
      row = [];
      cell = "";
    } else cell += ch;
  }
  row.push(cell);
  if (row.some((c) => c !== "")) rows.push(row);
  return rows;
}

const NUMBER_FIELDS = new Set(["value", "days_after_due"]);
const TEXT_FIELDS = [
  "due_date",
  "title",
  "description",
  "external_id",
  "customer_name",
  "customer_cpf",
  "customer_cnpj",
  "customer_email",
] as const;

/**
 * "10.50", "10,50" (a decimal comma), "1.234,56" (a Brazilian spreadsheet's thousands) -> a
 * number; anything else stays text for the API to refuse.
 */
function num(text: string): number | string {
  const t = text.trim();
  const plain = /^\d{1,3}(\.\d{3})+,\d+$/.test(t) ? t.replaceAll(".", "") : t;
  const dotted = /^\d+,\d{1,}$/.test(plain) ? plain.replace(",", ".") : plain;
  return /^-?\d+(\.\d+)?$/.test(dotted) ? Number(dotted) : t;
}

/** One CSV row (with its header) as a batch line. */
export function lineOf(
  header: readonly string[],
  cells: readonly string[],
): Record<string, unknown> {
  const get = (name: string): string | undefined => {
    const i = header.indexOf(name);
    const v = i >= 0 ? cells[i]?.trim() : undefined;
    return v === undefined || v === "" ? undefined : v;
  };
  const line: Record<string, unknown> = {};
  for (const f of NUMBER_FIELDS) {
    const v = get(f);
    if (v !== undefined) line[f] = num(v);
  }
  for (const f of TEXT_FIELDS) {
    const v = get(f);
    if (v !== undefined) line[f] = v;
  }
  for (const part of ["fine", "interest", "abatement"] as const) {
    const mode = get(`${part}_mode`);
    const value = get(`${part}_value`);
    if (mode !== undefined || value !== undefined) {
      line[part] = { mode, value: value === undefined ? undefined : num(value) };
    }
  }
  const mode = get("discount_mode");
  if (mode !== undefined) {
    const tiers = [1, 2, 3].flatMap((n) => {
      const date = get(`discount_${n}_date`);
      const value = get(`discount_${n}_value`);
      return date === undefined && value === undefined
        ? []
        : [{ date, value: value === undefined ? undefined : num(value) }];
    });
    const value = get("discount_value");
    line.discounts =
      tiers.length > 0
        ? { mode, tiers }
        : { mode, value: value === undefined ? undefined : num(value) };
  }
  return line;
}

/** The file's lines (after the header), each with its line number in the file for the report. */
export function billingLines(text: string): { row: number; line: Record<string, unknown> }[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  const names = header.map((h) => h.trim().toLowerCase());
  return rows.map((cells, i) => ({ row: i + 2, line: lineOf(names, cells) }));
}
