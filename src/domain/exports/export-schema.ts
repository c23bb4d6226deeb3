import { z } from "zod";
import { ChargeFilters } from "../charges/schemas.ts";
import { DIALECTS } from "./csv-cells.ts";

// The query of the charge exports (PIX and Bitcoin): the list's filters, the same words and the
// same 422s, without its page (an export is every matching row) and without as_of (an export is
// read in one pass, newest first, by keyset: rows created meanwhile are after its first).

const { as_of: _asOf, ...filters } = ChargeFilters;

export const ExportChargesQuerySchema = z.strictObject({
  format: z
    .enum(["csv"], "format: must be csv (the only export format)")
    .default("csv")
    .describe("The file's format: csv (RFC 4180, UTF-8, a header row)."),
  dialect: z
    .enum(DIALECTS)
    .default("rfc4180")
    .describe(
      "rfc4180: commas and a decimal dot; excel-br: semicolons, a decimal comma and a UTF-8 BOM, for a spreadsheet set to Portuguese (Brazil).",
    ),
  ...filters,
});
export type ExportChargesQuery = z.output<typeof ExportChargesQuerySchema>;
