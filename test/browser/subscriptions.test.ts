import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { test } from "node:test";
import jsqr from "jsqr";
import type { Page } from "playwright-core";
import { PNG } from "pngjs";
import { createAccount } from "../../src/domain/accounts/create-account.ts";
import { issueToken } from "../../src/domain/tokens/manage-tokens.ts";
import { addUser } from "../helpers/dashboard.ts";
import { browserSuite, PHONE, screenshot, signInHome } from "./harness.ts";

// Subscriptions on a phone in a real Chromium: the payer's authorisation page (terms, QR that a
// camera reads as the subscription's BR Code, the sandbox's approve button, in Portuguese and
// English), and the merchant's dashboard (the list, a subscription's page with its periods'
// charges and events, cancel, and the home page's count of active subscriptions).

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core"), "utf8");

/** axe-core's violations on the page (as the accessibility test runs it): none expected. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const { violations, passes } = (await page.evaluate("axe.run()")) as {
    violations: Array<{ id: string; help: string; nodes: { target: unknown[] }[] }>;
    passes: unknown[];
  };
  assert.ok(passes.length > 10, `axe checked ${passes.length} rules on ${page.url()}`);
  return violations.map(
    (v) => `${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

async function readQrOnScreen(page: Page): Promise<string | undefined> {
  const png = PNG.sync.read(await page.screenshot({ fullPage: true }));
  return jsqr.default(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

browserSuite("subscriptions in Chromium, on a phone", {}, (env) => {
  const merchant = async () => {
    const account = await createAccount(env.svc.deps, {
      name: "Academia Forte",
      displayName: "Academia Forte",
    });
    const t = await issueToken(env.svc.deps, { accountId: account.id, label: "t", mode: "test" });
    return { accountId: account.id, token: t.token };
  };
  const create = async (token: string, body: Record<string, unknown>) => {
    const res = await env.svc.call("POST", "/api/pix/subscriptions/create", {
      token,
      body: {
        title: "Plano mensal da academia",
        customer_name: "Maria Silva",
        customer_cpf: "529.982.247-25",
        periodicity: "monthly",
        start_date: new Date(Date.now() + 15 * 86_400_000).toISOString().slice(0, 10),
        ...body,
      },
    });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data as { subscriptionId: string; brCode: string; paymentUrl: string };
  };

  test("the authorisation page shows the terms and a QR of the BR Code, and the sandbox approve button authorises", async () => {
    const { token } = await merchant();
    const s = await create(token, { max_value: 120, end_date: "2030-01-31" });
    const { page } = await env.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(new URL(s.paymentUrl).pathname);
    const text = (await page.locator("main").innerText()).replace(/\s+/g, " ");
    for (const want of [
      "Plano mensal da academia",
      "Até R$ 120,00 por cobrança",
      "Todo mês",
      "Primeira cobrança",
      "31 de jan. de 2030",
    ]) {
      assert.ok(text.includes(want), `page shows ${want}: ${text}`);
    }
    assert.match(await page.locator("header").innerText(), /Pix Automático para Academia Forte/);
    assert.equal(await readQrOnScreen(page), s.brCode);
    // No horizontal scroll on a phone.
    const overflow = await page.evaluate(
      "document.documentElement.scrollWidth - window.innerWidth",
    );
    assert.ok(Number(overflow) <= 0, `page wider than the phone by ${overflow}px`);
    await screenshot(page, "subscription-authorize");
    assert.deepEqual(await axeViolations(page), [], "axe on the authorisation page");
    await page.getByRole("button", { name: "Simular autorização" }).click();
    await page.waitForURL(/\/subscribe\//);
    assert.match(await page.locator("#pay-status").innerText(), /Autorizado/);
    await screenshot(page, "subscription-authorized");
    const status = await env.svc.call(
      "GET",
      `/api/pix/subscriptions/status?subscription_id=${s.subscriptionId}`,
      { token },
    );
    assert.equal(status.json().data.statusCode, "approved");
  });

  test("the authorisation page in English, with a payment now", async () => {
    const { token } = await merchant();
    const s = await create(token, { value: 89.9, first_payment_value: 30 });
    const { page } = await env.newPage({ locale: "en" });
    await page.setViewportSize(PHONE);
    await page.goto(`${new URL(s.paymentUrl).pathname}?lang=en`);
    const text = (await page.locator("main").innerText()).replace(/\s+/g, " ");
    for (const want of [
      "R$89.90",
      "Every month",
      "No end date",
      "Paid now",
      "you pay R$30.00 now",
    ]) {
      assert.ok(text.includes(want), `page shows ${want}: ${text}`);
    }
    await screenshot(page, "subscription-authorize-en");
  });

  test("the dashboard lists subscriptions, shows one with its periods' charges and events, cancels it, and the home page counts the active ones", async () => {
    const { accountId, token } = await merchant();
    const s = await create(token, { value: 49.9 });
    await env.svc.call("POST", "/api/pix/subscriptions/simulate-authorize", {
      token,
      body: { subscription_id: s.subscriptionId },
    });
    await env.svc.call("POST", "/api/pix/subscriptions/test-clock/advance", {
      token,
      body: { days: 20 },
    });
    await addUser(env.svc, accountId, "dona@academia.example");
    const { page } = await env.newPage();
    await page.setViewportSize(PHONE);
    await signInHome(page, "dona@academia.example");
    // The sandbox is the session's first mode: one active subscription.
    const stat = page.locator(".stat", { hasText: "Assinaturas ativas" });
    assert.equal((await stat.locator(".n").innerText()).trim(), "1");
    await screenshot(page, "dashboard-home-subscriptions");
    // Reached from the charges page (the navigation bar is full).
    await page.goto("/dashboard/charges");
    await page.getByRole("link", { name: /Assinaturas \(Pix Automático\)/ }).click();
    await page.waitForURL(/\/dashboard\/subscriptions$/);
    await page.getByRole("link", { name: "Plano mensal da academia" }).click();
    await page.waitForURL(/\/dashboard\/subscriptions\/sub_/);
    const detail = await page.locator("main").innerText();
    assert.match(detail, /Ativa/);
    assert.match(detail, /subscription\.approved/);
    // The first period (15 days after creation) was debited on its date: an approved charge.
    assert.match(detail, /Aprovada/);
    await screenshot(page, "dashboard-subscription");
    assert.deepEqual(await axeViolations(page), [], "axe on the subscription's page");
    await page.locator("summary", { hasText: "Cancelar assinatura" }).click();
    await page.getByRole("button", { name: "Cancelar assinatura" }).click();
    await page.waitForLoadState();
    const after = await page.locator("main").innerText();
    assert.match(after, /Cancelada/);
    assert.match(after, /subscription\.canceled/);
    await screenshot(page, "dashboard-subscription-canceled");
    await page.goto("/dashboard/subscriptions");
    await screenshot(page, "dashboard-subscriptions");
    assert.deepEqual(await axeViolations(page), [], "axe on the subscription list");
  });
});
