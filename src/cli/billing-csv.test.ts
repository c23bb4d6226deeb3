import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { billingLines, parseCsv } from "../domain/charge-lifecycle/billing-csv.ts";
import { importCharges } from "./charges-import.ts";

const CSV = [
  "value;due_date;customer_name;customer_cpf;fine_mode;fine_value;interest_mode;interest_value;discount_mode;discount_1_date;discount_1_value;title",
  '1000,00;2026-12-10;"Silva; Maria";12345678909;percent;2;percent_per_month_calendar_days;1;fixed_until_date;2026-12-05;50;"Mensalidade ""dezembro"""',
  "250.5;2026-12-10;Empresa;;;;;;;;;",
].join("\r\n");

test("a spreadsheet's CSV (semicolons, decimal commas, quotes) becomes the API's batch lines", () => {
  assert.equal(parseCsv(CSV)[1]?.[2], "Silva; Maria");
  const lines = billingLines(CSV);
  assert.deepEqual(lines[0], {
    row: 2,
    line: {
      value: 1000,
      due_date: "2026-12-10",
      title: 'Mensalidade "dezembro"',
      customer_name: "Silva; Maria",
      customer_cpf: "12345678909",
      fine: { mode: "percent", value: 2 },
      interest: { mode: "percent_per_month_calendar_days", value: 1 },
      discounts: { mode: "fixed_until_date", tiers: [{ date: "2026-12-05", value: 50 }] },
    },
  });
  assert.deepEqual(lines[1]?.line, {
    value: 250.5,
    due_date: "2026-12-10",
    customer_name: "Empresa",
  });
  // A Brazilian spreadsheet's thousands separator; a malformed amount stays text for the API.
  const amounts = billingLines("value;due_date\n1.234,56;2026-12-10\n1.23,4;2026-12-10");
  assert.equal(amounts[0]?.line.value, 1234.56);
  assert.equal(amounts[1]?.line.value, "1.23,4");
});

test("an import goes in chunks under keys derived from the file, and reports each row", async () => {
  const dir = mkdtempSync(join(tmpdir(), "tostao-import-"));
  const file = join(dir, "billing.csv");
  const rows = ["value,due_date,customer_name,customer_cpf"];
  for (let i = 0; i < 5; i++) rows.push(`${10 + i},2026-12-10,Cliente ${i},12345678909`);
  writeFileSync(file, rows.join("\n"));
  const seen: { key: string; n: number }[] = [];
  const fake = (async (_url: string, init: RequestInit) => {
    const body = JSON.parse(String(init.body)) as { charges: { value: number }[] };
    seen.push({
      key: (init.headers as Record<string, string>)["idempotency-key"] ?? "",
      n: body.charges.length,
    });
    const results = body.charges.map((c) =>
      c.value === 12
        ? { error: { code: "UNPROCESSABLE", message: "customer_cpf: bad" } }
        : { chargeId: `pix_${c.value}` },
    );
    return new Response(JSON.stringify({ success: true, data: { results } }), { status: 200 });
  }) as unknown as typeof fetch;
  const steps: number[] = [];
  const report = await importCharges({
    file,
    url: "http://x",
    token: "t",
    chunk: 2,
    fetchImpl: fake,
    progress: (d) => steps.push(d),
  });
  assert.deepEqual(
    seen.map((s) => s.n),
    [2, 2, 1],
  );
  assert.equal(new Set(seen.map((s) => s.key)).size, 3);
  assert.deepEqual(steps, [0, 2, 4, 5]);
  assert.equal(report.created, 4);
  assert.deepEqual(report.results[2], { row: 4, error: "customer_cpf: bad" });
  const firstKeys = seen.map((s) => s.key);
  const again: string[] = [];
  await importCharges({
    file,
    url: "http://x",
    token: "t",
    chunk: 2,
    fetchImpl: (async (u: string, i: RequestInit) => {
      again.push((i.headers as Record<string, string>)["idempotency-key"] ?? "");
      return fake(u, i);
    }) as unknown as typeof fetch,
  });
  assert.deepEqual(again, firstKeys);
});
