import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { addUser, PASSWORD } from "../helpers/dashboard.ts";
import { browserSuite, DESKTOP, PHONE } from "./harness.ts";

// The charge page's refund form (issue 38): an amount typed with a pt-BR decimal comma refunds
// that much, the refunds made are listed, and the page fits a phone in both languages.

const EMAIL = "caixa@refunds.example.com.br";
const SHOTS = process.env.REFUND_SHOTS ?? "/tmp/shots/refunds";

browserSuite("the charge page's refund form in Chromium", {}, (env) => {
  test("a partial refund typed as 20,50 refunds R$ 20,50, is listed, and the charge stays approved; no page wider than the screen", async () => {
    const a = await env.svc.newAccount();
    await addUser(env.svc, a.accountId, EMAIL);
    const call = async (path: string, body: unknown) => {
      const res = await env.svc.call("POST", path, { token: a.test, body });
      assert.equal(res.statusCode, 200, `${path}: ${res.body}`);
      return res.json().data;
    };
    const pix = await call("/api/pix/charge/create", { value: 100, title: "Vestido de linho" });
    await call("/api/pix/charge/simulate-pay", { charge_id: pix.chargeId });
    await call("/api/pix/charge/refund", {
      charge_id: pix.chargeId,
      value: 30,
      reason: "Troca de tamanho",
    });
    mkdirSync(SHOTS, { recursive: true });
    for (const locale of ["pt-BR", "en"]) {
      const pt = locale === "pt-BR";
      const { page } = await env.newPage({ locale });
      await page.goto("/dashboard/sign-in");
      await page.getByLabel("E-mail").fill(EMAIL);
      await page.getByLabel(pt ? "Senha" : "Password").fill(PASSWORD);
      await page.getByRole("button", { name: pt ? "Entrar" : "Sign in", exact: true }).click();
      await page.waitForURL(/\/dashboard$/);
      await page.goto(`/dashboard/charges/${pix.chargeId}`);
      await page.locator("summary", { hasText: pt ? "Reembolsar" : "Refund" }).click();
      const value = page.locator("input[name=value]");
      assert.equal(await value.inputValue(), pt ? "70,00" : "49.50");
      for (const size of [PHONE, DESKTOP]) {
        await page.setViewportSize(size);
        const width = Number(await page.evaluate("document.documentElement.scrollWidth"));
        assert.ok(width <= size.width, `${locale} @${size.width}: ${width} px wide`);
        await page.screenshot({
          path: join(SHOTS, `${locale}-charge-refund-${size.width}.png`),
          fullPage: true,
        });
      }
      if (pt) {
        await value.fill("20,50");
        await page.locator("input[name=reason]").fill("Botão faltando");
        await page.getByRole("button", { name: "Sim, reembolsar" }).click();
        await page.waitForURL(/done=refund/);
        const text = await page.locator("#refunds").innerText();
        assert.match(text, /R\$\s20,50/);
        assert.match(text, /Botão faltando/);
        await page.setViewportSize(PHONE);
        await page.screenshot({
          path: join(SHOTS, "pt-BR-charge-refunded-390.png"),
          fullPage: true,
        });
      }
    }
    const status = await env.svc.call("GET", `/api/pix/charge/status?charge_id=${pix.chargeId}`, {
      token: a.test,
    });
    assert.equal(status.json().data.amountRefunded, 50.5);
    assert.equal(status.json().data.statusCode, "approved");
  });
});
