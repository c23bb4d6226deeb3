import { createHash } from "node:crypto";
import { billingLines } from "../domain/charge-lifecycle/billing-csv.ts";
import { readFlagFile } from "./failures.ts";
import { refusedBatch, unreachable, validServiceUrl } from "./import-failures.ts";

// `tostao charges import billing.csv --url URL --token-file F [--chunk N]`: bills a CSV of
// due-date charges through a running Tostão's POST /api/pix/charges/batch, as any API client
// would (the token decides the account and whether it is test or live money). The file goes in
// chunks (default 500 lines, at most 1,000) with a progress bar on stderr; each chunk's
// Idempotency-Key is derived from the file's content and the chunk's number, so running the same
// import again (after a network failure, a Ctrl-C) is answered as before: the service replays the
// chunk's first answer (Idempotent-Replayed: true), whose charges that earlier run created and
// this one counts as already billed. A file changed since (one refused line fixed) has new keys:
// its lines with an external_id already billed are not billed again (the API answers them
// `duplicate`, counted apart), so give every line one.

export type ImportOptions = {
  file: string;
  url: string;
  token: string;
  /** Where the token came from, for the line that says a refused one (main.ts: the flag). */
  tokenFrom?: string;
  chunk?: number;
  /** Where the progress bar goes (stderr; a test passes its own). */
  progress?: (done: number, total: number, failed: number) => void;
  fetchImpl?: typeof fetch;
};

export type ImportReport = {
  /** Charges this run created. */
  created: number;
  failed: number;
  /** Rows whose external_id was already billed: not created again, chargeId is that charge. */
  duplicates: number;
  /** Rows an earlier import of this same file created: their chunk's answer was replayed. */
  earlierImport: number;
  results: {
    row: number;
    chargeId?: string;
    duplicate?: true;
    earlierImport?: true;
    error?: string;
  }[];
};

type BatchAnswer = {
  success?: boolean;
  error?: string;
  data?: {
    results?: { chargeId?: string; duplicate?: boolean; error?: { message?: string } }[];
  };
};

export async function importCharges(o: ImportOptions): Promise<ImportReport> {
  const text = readFlagFile(o.file, "the CSV file").toString("utf8");
  const base = validServiceUrl(o.url);
  const lines = billingLines(text);
  const size = Math.min(Math.max(o.chunk ?? 500, 1), 1000);
  const fileHash = createHash("sha256").update(text).digest("hex").slice(0, 24);
  const doFetch = o.fetchImpl ?? fetch;
  const report: ImportReport = {
    created: 0,
    failed: 0,
    duplicates: 0,
    earlierImport: 0,
    results: [],
  };
  o.progress?.(0, lines.length, 0);
  for (let start = 0; start < lines.length; start += size) {
    const part = lines.slice(start, start + size);
    const chunk = { first: part[0]?.row ?? 0, last: part.at(-1)?.row ?? 0, sentBefore: start };
    let res: Response;
    try {
      res = await doFetch(`${base}/api/pix/charges/batch`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${o.token}`,
          "content-type": "application/json",
          "idempotency-key": `import-${fileHash}-${start / size}`,
        },
        body: JSON.stringify({ charges: part.map((p) => p.line) }),
        signal: AbortSignal.timeout(120_000),
      });
    } catch (err) {
      throw unreachable(base, err, chunk);
    }
    const body = (await res.json().catch(() => undefined)) as BatchAnswer | undefined;
    if (!res.ok || !body?.success || !body.data?.results) {
      throw refusedBatch(base, res.status, body, { ...chunk, tokenFrom: o.tokenFrom, size });
    }
    const replayed = res.headers.get("idempotent-replayed") === "true";
    body.data.results.forEach((r, i) => {
      const row = part[i]?.row ?? 0;
      if (r.chargeId && r.duplicate) {
        report.duplicates++;
        report.results.push({ row, chargeId: r.chargeId, duplicate: true });
      } else if (r.chargeId && replayed) {
        report.earlierImport++;
        report.results.push({ row, chargeId: r.chargeId, earlierImport: true });
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

/** The summary line: what this run created, and what it found billed already (and why). */
export function importSummary(r: ImportReport): string {
  const already = r.duplicates + r.earlierImport;
  const why = r.earlierImport ? ` (${r.earlierImport} by an earlier import of this file)` : "";
  return `created ${r.created}, refused ${r.failed}, already billed ${already}${why}`;
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
