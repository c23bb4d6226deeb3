import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { billingLines } from "../domain/charge-lifecycle/billing-csv.ts";

// `tostao charges import billing.csv --url URL --token-file F [--chunk N]`: bills a CSV of
// due-date charges through a running Tostão's POST /api/pix/charges/batch, as any API client
// would (the token decides the account and whether it is test or live money). The file goes in
// chunks (default 500 lines, at most 1,000) with a progress bar on stderr; each chunk's
// Idempotency-Key is derived from the file's content and the chunk's number, so running the same
// import again (after a network failure, a Ctrl-C) is answered as before. A file changed since
// (one refused line fixed) has new keys: its lines with an external_id already billed are not
// billed again (the API answers them `duplicate`, counted apart), so give every line one.

export type ImportOptions = {
  file: string;
  url: string;
  token: string;
  chunk?: number;
  /** Where the progress bar goes (stderr; a test passes its own). */
  progress?: (done: number, total: number, failed: number) => void;
  fetchImpl?: typeof fetch;
};

export type ImportReport = {
  created: number;
  failed: number;
  /** Rows whose external_id was already billed: not created again, chargeId is that charge. */
  duplicates: number;
  results: { row: number; chargeId?: string; duplicate?: true; error?: string }[];
};

export async function importCharges(o: ImportOptions): Promise<ImportReport> {
  const text = readFileSync(o.file, "utf8");
  const lines = billingLines(text);
  const size = Math.min(Math.max(o.chunk ?? 500, 1), 1000);
  const fileHash = createHash("sha256").update(text).digest("hex").slice(0, 24);
  const doFetch = o.fetchImpl ?? fetch;
  const report: ImportReport = { created: 0, failed: 0, duplicates: 0, results: [] };
  o.progress?.(0, lines.length, 0);
  for (let start = 0; start < lines.length; start += size) {
    const part = lines.slice(start, start + size);
    const res = await doFetch(`${o.url.replace(/\/+$/, "")}/api/pix/charges/batch`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${o.token}`,
        "content-type": "application/json",
        "idempotency-key": `import-${fileHash}-${start / size}`,
      },
      body: JSON.stringify({ charges: part.map((p) => p.line) }),
      signal: AbortSignal.timeout(120_000),
    });
    const body = (await res.json().catch(() => ({}))) as {
      success?: boolean;
      error?: string;
      data?: {
        results?: { chargeId?: string; duplicate?: boolean; error?: { message?: string } }[];
      };
    };
    if (!res.ok || !body.success || !body.data?.results) {
      throw new Error(
        `the batch of rows ${part[0]?.row}-${part.at(-1)?.row} was refused (HTTP ${res.status}): ${body.error ?? "no answer"}; rows before it were created, run the same import again to go on`,
      );
    }
    body.data.results.forEach((r, i) => {
      const row = part[i]?.row ?? 0;
      if (r.chargeId && r.duplicate) {
        report.duplicates++;
        report.results.push({ row, chargeId: r.chargeId, duplicate: true });
      } else if (r.chargeId) {
        report.created++;
        report.results.push({ row, chargeId: r.chargeId });
      } else {
        report.failed++;
        report.results.push({ row, error: r.error?.message ?? "refused" });
      }
    });
    o.progress?.(Math.min(start + size, lines.length), lines.length, report.failed);
  }
  return report;
}

/** A one-line bar, redrawn in place on a terminal, a line per step otherwise. */
export function progressBar(write: (s: string) => void, tty: boolean) {
  return (done: number, total: number, failed: number) => {
    const width = 30;
    const filled = total === 0 ? width : Math.round((done / total) * width);
    const bar = `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} lines${failed ? `, ${failed} refused` : ""}`;
    write(tty ? `\r${bar}${done === total ? "\n" : ""}` : `${bar}\n`);
  };
}
