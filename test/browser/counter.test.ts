import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { addUser } from "../helpers/dashboard.ts";
import { browserSuite, DESKTOP, PHONE, signInHome } from "./harness.ts";

// The counter (docs/counter.md, "The counter") in Chromium on a 390 px phone: the cashier types
// 2, 5, 0, 0 on the keypad ("25,00"), Cobrar shows the sale's QR and code, the sandbox pays it
// through the API, and the page reads "Pago" within 3 s without being touched, "Nova venda"
// offered; revoked, the link's page is 404. Screenshots at 390 and 1280 px in pt-BR and English
// go to shots/ (SHOTS_DIR), not committed.

const SHOTS = process.env.SHOTS_DIR ?? join(import.meta.dirname, "../../shots");
const WIDTH = "document.documentElement.scrollWidth";

browserSuite("the counter on a cashier's phone", {}, (env) => {
  test("type 25,00, Cobrar shows a QR, paid by the sandbox the page reads Pago within 3 s, Nova venda offered; revoked, 404", async () => {
    mkdirSync(SHOTS, { recursive: true });
    const a = await env.svc.newAccount();
    const made = await env.svc.call("POST", "/api/counter-links/create", {
      token: a.test,
      body: { label: "Caixa 1" },
    });
    assert.equal(made.statusCode, 200, made.body);
    const link = made.json().data;
    const path = new URL(link.url).pathname;

    const { page } = await env.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(path);
    for (const key of ["2", "5", "0", "0"]) {
      await page.locator(`.keypad [data-key="${key}"]`).click();
    }
    assert.equal(await page.locator("#counter-amount").inputValue(), "25,00");
    assert.ok(Number(await page.evaluate(WIDTH)) <= PHONE.width, "no horizontal scroll at 390 px");
    await page.screenshot({ path: join(SHOTS, "counter-keypad-pt-390.png"), fullPage: true });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: join(SHOTS, "counter-keypad-pt-1280.png"), fullPage: true });
    await page.setViewportSize(PHONE);

    await page.getByRole("button", { name: "Cobrar" }).click();
    await page.waitForURL(/\/sale\/pix_/);
    const chargeId = page.url().split("/").pop() ?? "";
    assert.ok(await page.locator(".pay-qr svg").isVisible(), "the QR is on the screen");
    const code = await page.locator("#pay-code").inputValue();
    assert.match(code, /^000201/, "and the copy-and-paste code");
    assert.match(await page.locator(".pay-amount").innerText(), /25,00/);
    assert.ok(Number(await page.evaluate(WIDTH)) <= PHONE.width);
    await page.screenshot({ path: join(SHOTS, "counter-sale-pt-390.png"), fullPage: true });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: join(SHOTS, "counter-sale-pt-1280.png"), fullPage: true });
    await page.setViewportSize(PHONE);

    const paid = await env.svc.call("POST", "/api/pix/charge/simulate-pay", {
      token: a.test,
      body: { charge_id: chargeId },
    });
    assert.equal(paid.statusCode, 200, paid.body);
    const t0 = Date.now();
    await page.locator("#pay-status", { hasText: "Pago" }).waitFor({ timeout: 3000 });
    assert.ok(Date.now() - t0 < 3000, `Pago after ${Date.now() - t0} ms`);
    assert.equal(await page.locator(".pay-qr").isVisible(), false, "the QR leaves once paid");
    assert.ok(await page.getByRole("link", { name: "Nova venda" }).isVisible());
    assert.match(
      await page.locator(`.counter-list [data-sale="${chargeId}"]`).innerText(),
      /Pago/,
      "the day's list below follows",
    );
    await page.screenshot({ path: join(SHOTS, "counter-paid-pt-390.png"), fullPage: true });

    await page.getByRole("link", { name: "Nova venda" }).click();
    await page.waitForURL((u) => u.pathname === path);
    assert.equal(await page.locator("#counter-amount").inputValue(), "");
    assert.match(await page.locator(".counter-sales").innerText(), /Recebido hoje: R\$\s25,00/);
    assert.match(await page.locator(".counter-sales").innerText(), /25,00[\s\S]*Pago/);

    // English, by the language switch: the keypad's separator is a point.
    const { page: en } = await env.newPage({ locale: "en-US" });
    await en.setViewportSize(PHONE);
    await en.goto(`${path}?lang=en`);
    for (const key of ["1", "2", "3", "4"]) await en.locator(`.keypad [data-key="${key}"]`).click();
    await en.locator('.keypad [data-key="back"]').click();
    assert.equal(await en.locator("#counter-amount").inputValue(), "1.23");
    assert.ok(await en.getByRole("button", { name: "Charge" }).isVisible());
    assert.ok(Number(await en.evaluate(WIDTH)) <= PHONE.width);
    await en.screenshot({ path: join(SHOTS, "counter-keypad-en-390.png"), fullPage: true });
    await en.setViewportSize(DESKTOP);
    await en.screenshot({ path: join(SHOTS, "counter-keypad-en-1280.png"), fullPage: true });
    await en.setViewportSize(PHONE);
    await en.getByRole("button", { name: "Charge" }).click();
    await en.waitForURL(/\/sale\/pix_/);
    assert.match(await en.locator("#pay-status").innerText(), /Waiting for payment/);
    await en.screenshot({ path: join(SHOTS, "counter-sale-en-390.png"), fullPage: true });
    await en.setViewportSize(DESKTOP);
    await en.screenshot({ path: join(SHOTS, "counter-sale-en-1280.png"), fullPage: true });

    // The dashboard's page lists the link; revoked there, the counter is 404.
    await addUser(env.svc, a.accountId, "caixa@loja.example");
    const { page: dash } = await env.newPage();
    await signInHome(dash, "caixa@loja.example");
    await dash.goto("/dashboard/counter");
    await dash.getByLabel("Nome").fill("Caixa 2");
    await dash.getByRole("button", { name: "Criar link" }).click();
    assert.ok(await dash.locator(".counter-created svg").isVisible(), "the new link's QR");
    assert.match(await dash.locator("#new-counter-link").innerText(), /\/counter\/[\w-]{43}$/);
    await dash.screenshot({ path: join(SHOTS, "dashboard-counter-pt-1280.png"), fullPage: true });
    await dash.setViewportSize(PHONE);
    assert.ok(Number(await dash.evaluate(WIDTH)) <= PHONE.width);
    await dash.screenshot({ path: join(SHOTS, "dashboard-counter-pt-390.png"), fullPage: true });
    await dash.setViewportSize(DESKTOP);
    const row = dash.locator(`[data-counter-link="${link.counterLinkId}"]`);
    await row.locator("summary").click();
    await row.locator("button.danger").click();
    await dash.locator(".flash.ok").waitFor();
    const gone = await page.goto(path);
    assert.equal(gone?.status(), 404);
  });
});
