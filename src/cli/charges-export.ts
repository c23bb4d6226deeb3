import { createWriteStream } from "node:fs";
import { Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { CliError } from "./failures.ts";
import { tokenHelp, validServiceUrl } from "./import-failures.ts";

// `tostao charges export --url URL --token-file F [--out FILE] [filters]`: the CSV export of a
// running Tostão (GET /api/pix/charges/export, or /api/crypto/charges/export with --bitcoin;
// docs/exports.md) as any API client would fetch it, streamed to stdout or a file as it arrives
// (the file is never held in memory). The filters are the list's, passed through: the service
// answers a bad one with its own 422, which is printed.

export type ExportOptions = {
  url: string;
  token: string;
  bitcoin?: boolean;
  /** Query parameters: status, created_from, created_to, external_id, customer_email, dialect. */
  query: Record<string, string | undefined>;
  out?: string;
  stdout: Writable;
  fetchImpl?: typeof fetch;
};

export function exportUrl(o: Pick<ExportOptions, "url" | "bitcoin" | "query">): string {
  const base = validServiceUrl(o.url);
  const u = new URL(`${base}/api/${o.bitcoin ? "crypto" : "pix"}/charges/export`);
  u.searchParams.set("format", "csv");
  for (const [k, v] of Object.entries(o.query)) if (v !== undefined) u.searchParams.set(k, v);
  return u.toString();
}

export async function exportCharges(o: ExportOptions): Promise<void> {
  const url = exportUrl(o);
  const res = await (o.fetchImpl ?? fetch)(url, {
    headers: { authorization: `Bearer ${o.token}` },
  }).catch((err: unknown) => {
    throw new CliError(`could not reach ${new URL(url).origin}: ${(err as Error).message}`);
  });
  if (!res.ok || !res.body) {
    const said = await res.text().catch(() => "");
    const error = (() => {
      try {
        return (JSON.parse(said) as { error?: string }).error ?? said;
      } catch {
        return said;
      }
    })();
    const fix = res.status === 401 || res.status === 403 ? `; ${tokenHelp(o.url)}` : "";
    throw new CliError(`the export was refused (${res.status}): ${error}${fix}`);
  }
  const body = Readable.fromWeb(res.body as import("node:stream/web").ReadableStream);
  await pipeline(body, o.out ? createWriteStream(o.out) : o.stdout);
}
