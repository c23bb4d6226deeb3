import assert from "node:assert/strict";
import { test } from "node:test";
import { manualClock } from "../../src/kernel/clock.ts";
import { addUser } from "../helpers/dashboard.ts";
import { browserSuite, PHONE, screenshot, signIn } from "./harness.ts";

// The dashboard's "Bill many (CSV)" page on a phone, in Chromium: from the charges page to the
// upload form, a spreadsheet's CSV (semicolons, decimal commas, one bad CPF) chosen with the
// file input and sent, and the report per line: two charges linked to their pages, the bad
// line's error in Portuguese.

const clock = manualClock(new Date("2026-11-29T15:00:00.000Z"));

const CSV = [
  "value;due_date;title;customer_name;customer_cpf;fine_mode;fine_value;interest_mode;interest_value",
  "150,00;2026-12-10;Mensalidade dezembro;Maria Silva;529.982.247-25;percent;2;percent_per_month_calendar_days;1",
  "99,90;2026-12-15;Mensalidade dezembro;João Souza;123.456.789-00;;;;",
  "1.234,56;2026-12-20;Condomínio dezembro;Ana Lima;529.982.247-25;;;;",
].join("\r\n");

const text = (s: string) => s.replace(/\s+/g, " ");

browserSuite("billing many charges from a CSV in the dashboard", { clock }, (env) => {
  test("phone: upload a CSV from the charges page and read the report per line", async () => {
    const a = await env.svc.newAccount();
    await addUser(env.svc, a.accountId, "lote@loja.example");
    const { page } = await env.newPage();
    await page.setViewportSize(PHONE);
    await signIn(page, "lote@loja.example");
    await page.goto("/dashboard/charges");
    await page.getByRole("link", { name: /Cobrar vários \(CSV\)/ }).click();
    await page.waitForURL("**/dashboard/charges/batch");
    await screenshot(page, "charge-batch-form");

    await page.getByLabel("Arquivo CSV").setInputFiles({
      name: "cobrancas.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(CSV),
    });
    await page.getByRole("button", { name: "Enviar e criar cobranças" }).click();
    await page.locator(".batch-report").waitFor();
    const body = text(await page.locator("main").innerText());
    assert.match(body, /2 cobrança\(s\) criada\(s\), 1 linha\(s\) com erro\./);
    assert.match(body, /3 Erro: CPF: deve ser um CPF válido/);
    assert.match(body, /4 pix_\S+ Vencimento 20 de dez\. de 2026 · R\$ 1\.234,56/);
    const links = page.locator(".batch-report a[href^='/dashboard/charges/pix_']");
    assert.equal(await links.count(), 2);
    // The report fits the phone: its table needs no sideways scrolling.
    const overflow = await page
      .locator(".batch-report .table-wrap")
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    assert.ok(overflow <= 0, `the report is ${overflow}px wider than the phone`);
    await screenshot(page, "charge-batch-report");

    await links.first().click();
    await page.waitForURL(/\/dashboard\/charges\/pix_/);
    assert.match(text(await page.locator("main").innerText()), /Mensalidade dezembro/);
  });
});
