import assert from "node:assert/strict";
import { test } from "node:test";
import { brazilNoon, WORKED_BILL, workedExampleClock } from "../helpers/due-date.ts";
import { browserSuite, PHONE, screenshot } from "./harness.ts";

// The payer's page of a charge with a due date, on a phone, in Chromium: before the due date
// (the discount, today's amount, what comes after), three days late (fine and interest in
// today's amount) in pt-BR and English, and after its last payable day (it says it can no
// longer be paid). The amounts are the worked example of test/http/due-date-sandbox.test.ts.

const clock = workedExampleClock();

// Spaces as the page shows them (Intl puts a no-break space after R$).
const text = (s: string) => s.replace(/\s+/g, " ");

browserSuite("the payment page of a charge with a due date", { clock }, (env) => {
  test("phone: before the due date, three days late (pt-BR and English), after the last payable day", async () => {
    const { test: token } = await env.svc.newAccount();
    const res = await env.svc.call("POST", "/api/pix/charge/create", { token, body: WORKED_BILL });
    assert.equal(res.statusCode, 200, res.body);
    const id = res.json().data.chargeId as string;

    const { page } = await env.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`/pay/${id}`);
    let body = text(await page.locator("main").innerText());
    assert.match(body, /Vencimento 9 de dez\. de 2026/);
    assert.match(body, /Valor para pagar hoje R\$ 1\.197,52/);
    assert.match(body, /desconto de 3% pagando até 4 de dez\. de 2026/);
    assert.match(body, /Depois do vencimento: multa de 2%, juros de 1% ao mês/);
    assert.match(body, /Pode ser paga até 8 de jan\. de 2027/);
    await screenshot(page, "due-date-pay-before");

    clock.set(brazilNoon("2026-12-12"));
    await page.reload();
    body = text(await page.locator("main").innerText());
    assert.match(body, /Valor para pagar hoje R\$ 1\.260,48/);
    assert.match(body, /Vencida: multa e juros já estão no valor de hoje/);
    assert.doesNotMatch(body, /Antes do vencimento/);
    await screenshot(page, "due-date-pay-late");

    const en = await env.newPage({ locale: "en" });
    await en.page.setViewportSize(PHONE);
    await en.page.goto(`/pay/${id}`);
    const enBody = text(await en.page.locator("main").innerText());
    assert.match(enBody, /Due date Dec 9, 2026/);
    assert.match(enBody, /Amount to pay today R\$ ?1,260\.48/);
    assert.match(enBody, /After the due date: a 2% late fee, interest of 1% a month/);
    await screenshot(en.page, "due-date-pay-late-en");

    clock.set(brazilNoon("2027-01-09"));
    await page.reload();
    body = text(await page.locator("main").innerText());
    assert.match(body, /não pode mais ser paga: o último dia era 8 de jan\. de 2027/);
    assert.doesNotMatch(body, /Valor para pagar hoje/);
    assert.equal(await page.locator("#pay-code").count(), 0, "no code to copy any more");
    await screenshot(page, "due-date-pay-after");
  });
});
