import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { PASSWORD } from "../helpers/dashboard.ts";
import { browserSuite, PHONE, screenshot } from "./harness.ts";

// In a real Chromium: a double click makes one product, one key and (on the payer's
// checkout) one charge; the first start's setup names the shop, which the payer's pages show,
// and "Default account" appears on no page after it; and the small things a person meets
// (brand on sign-in, a way back from 404 and 429, the header on one line at 1280 px, the copy
// button on a phone's first screen, where a live key went, "1 aprovada", a test charge opened in
// live mode).

const SHOP = "Ateliê da Dona";

/**
 * The same rendered form sent twice at once from the page, as a browser retry or a double
 * submit that beats the first navigation sends it: same fields, same key, this page's Origin.
 * (Chromium folds a fast double click into one request when the first has not left yet;
 * this is the case where both reach the service.) Returns the two statuses.
 */
async function doubleSubmit(page: Page, selector: string): Promise<number[]> {
  // Written as text: the test runner's compiler would add helpers the page does not have.
  return page.evaluate(`(async () => {
    const f = document.querySelector(${JSON.stringify(selector)});
    const body = new URLSearchParams();
    for (const el of f.querySelectorAll("input, select, textarea")) {
      if (!el.name || ((el.type === "radio" || el.type === "checkbox") && !el.checked)) continue;
      body.append(el.name, el.value);
    }
    return Promise.all([1, 2].map(() =>
      fetch(f.action, { method: "POST", body, redirect: "manual" })
        .then((r) => (r.type === "opaqueredirect" ? 303 : r.status))));
  })()`);
}

browserSuite("a form sent twice", { env: { TOSTAO_CHECKOUT_PER_IP_PER_MINUTE: "2" } }, (env) => {
  const count = async (sql: string) =>
    Number((await env.svc.deps.db.query<{ n: number }>(sql))[0]?.n ?? 0);
  const noDefaultName = async (page: Page, url: string) => {
    await page.goto(url);
    assert.ok(!(await page.content()).includes("Default account"), `"Default account" on ${url}`);
  };

  test("double clicks make one product, one key and one charge; payers see the shop's name", async () => {
    const { page } = await env.newPage();
    // The sign-in page carries the brand.
    await page.goto("/dashboard/sign-in");
    assert.equal(await page.locator(".topbar .brand").textContent(), "Tostão");

    await page.goto(`/dashboard/setup?code=${env.svc.bootstrapSetupCode}`);
    await page.getByLabel("Nome da loja").fill(SHOP);
    await page.getByLabel("E-mail").fill("dona@loja.example");
    await page.getByLabel("Nova senha").fill(PASSWORD);
    await page.getByLabel("Repita a senha").fill(PASSWORD);
    await page.getByRole("button", { name: "Criar usuário" }).click();
    await page.waitForURL(/\/dashboard\?done=welcome/);

    // The header fits one line at 1280 px: the navigation sits beside the brand.
    const brand = await page.locator(".topbar .brand").boundingBox();
    const nav = await page.locator(".topbar nav").boundingBox();
    const who = await page.locator(".topbar .who").boundingBox();
    assert.ok(brand && nav && who);
    assert.ok(Math.abs(nav.y - brand.y) < 12 && Math.abs(who.y - brand.y) < 12, "one line");
    await screenshot(page, "i22-home-header");

    await page.goto("/dashboard/products");
    await page.getByLabel("Nome").fill("Caneca");
    await page.getByLabel("Valor").fill("25,00");
    await page.getByRole("button", { name: "Criar produto" }).dblclick();
    await page.locator(".flash.ok").waitFor();
    assert.equal(await count("SELECT count(*) AS n FROM products"), 1, "one product");
    await page.getByLabel("Nome").fill("Caneca");
    await page.getByLabel("Valor").fill("25,00");
    assert.deepEqual(await doubleSubmit(page, 'form[action="/dashboard/products"]'), [200, 200]);
    assert.equal(await count("SELECT count(*) AS n FROM products"), 2, "one more product");

    await page.goto("/dashboard/keys");
    // The first start's key reads in the page's language.
    assert.match(await page.content(), /Chave de teste \(criada na primeira inicialização\)/);
    await page.getByLabel("Nome").fill("loja-backend");
    await page.getByLabel("Modo").selectOption("live");
    await page.getByRole("button", { name: "Criar chave" }).dblclick();
    await page.locator("#new-key").waitFor();
    assert.equal(
      await count("SELECT count(*) AS n FROM api_tokens WHERE label = 'loja-backend'"),
      1,
      "one key",
    );
    await page.getByLabel("Nome").fill("loja-retry");
    assert.deepEqual(await doubleSubmit(page, 'form[action="/dashboard/keys"]'), [200, 200]);
    assert.equal(
      await count("SELECT count(*) AS n FROM api_tokens WHERE label = 'loja-retry'"),
      1,
      "one key for the form sent twice",
    );
    // Made from the test view, the live key says where it went.
    assert.match((await page.locator(".key-elsewhere").textContent()) ?? "", /Produção/);
    await screenshot(page, "i22-key-elsewhere");

    const [product] = await env.svc.deps.db.query<{ id: string }>(
      "SELECT id FROM products ORDER BY created_at LIMIT 1",
    );
    assert.ok(product);
    // The checkout budget counts in wall-clock minute windows (src/ratelimit): its part starts
    // with at least 30 s left in the minute, or on a slow machine the window could turn between
    // the second charge and the third checkout, which would then not be refused.
    const leftMs = 60_000 - (Date.now() % 60_000);
    if (leftMs < 30_000) await new Promise((resolve) => setTimeout(resolve, leftMs + 50));
    const { page: payer } = await env.newPage();
    await payer.setViewportSize(PHONE);
    await payer.goto(`/checkout/${product.id}`);
    assert.equal(await payer.locator(".paybar .merchant").textContent(), `Pagamento para ${SHOP}`);
    await payer.getByRole("button", { name: /Pagar/ }).dblclick();
    await payer.waitForURL(/\/pay\//);
    assert.equal(
      await count(`SELECT count(*) AS n FROM charges WHERE product_id = '${product.id}'`),
      1,
      "one charge",
    );
    assert.equal(await payer.locator(".paybar .merchant").textContent(), `Pagamento para ${SHOP}`);
    // On a phone the copy-and-paste button is on the first screen.
    const copy = await payer.locator("button.copy-wide").boundingBox();
    assert.ok(copy && copy.y + copy.height <= PHONE.height, `copy button at ${copy?.y}`);
    await payer.screenshot({ path: "artifacts/screenshots/i22-pay-phone-first-screen.png" });
    const chargeId = payer.url().split("/pay/")[1] ?? "";
    // The same checkout form sent twice: one more charge, and the budget (2 a minute) spent
    // once for it, not twice.
    await payer.goto(`/checkout/${product.id}`);
    assert.deepEqual(await doubleSubmit(payer, "form.stack"), [303, 303]);
    assert.equal(
      await count(`SELECT count(*) AS n FROM charges WHERE product_id = '${product.id}'`),
      2,
      "one more charge",
    );

    // The budget (2 a minute) is spent: a new checkout is a 429 page leading back to the product.
    await payer.goto(`/checkout/${product.id}`);
    await payer.getByRole("button", { name: /Pagar/ }).click();
    await payer.waitForLoadState();
    const back = payer.getByRole("link", { name: "Voltar ao produto" });
    assert.equal(await back.getAttribute("href"), `/checkout/${product.id}`);
    await screenshot(payer, "i22-checkout-429");

    await payer.goto(`/pay/${chargeId}`);
    await payer.getByRole("button", { name: "Simular pagamento" }).click();
    await page.goto("/dashboard");
    const stats = (await page.locator(".stats").textContent()) ?? "";
    // One payment is singular (the home counts today's payments received).
    assert.match(stats, /1\s*pagamento hoje/, stats);
    await screenshot(page, "i22-home-plural");

    // No page says "Default account" once the shop is named.
    for (const url of [
      "/dashboard",
      "/dashboard/charges",
      "/dashboard/products",
      "/dashboard/keys",
      "/dashboard/webhooks",
      "/dashboard/wallet",
      "/dashboard/pix-provider",
      "/dashboard/statement",
      "/dashboard/account",
      `/dashboard/charges/${chargeId}`,
      `/checkout/${product.id}`,
      `/pay/${chargeId}`,
    ]) {
      await noDefaultName(page, url);
    }

    // A 404 offers a way back.
    const missing = await page.goto("/dashboard/charges/pix_00000000000000000000000000000");
    assert.equal(missing?.status(), 404);
    assert.equal(
      await page.getByRole("link", { name: "Voltar" }).last().getAttribute("href"),
      "/dashboard",
    );

    // The test charge opened in live mode says to switch modes, and the button does.
    await page.goto("/dashboard");
    await page.getByRole("button", { name: "Produção" }).click();
    await page.waitForURL(/\/dashboard$/);
    const there = await page.goto(`/dashboard/charges/${chargeId}`);
    assert.equal(there?.status(), 404);
    assert.match((await page.locator(".flash.warn").textContent()) ?? "", /modo Teste/);
    await screenshot(page, "i22-other-mode");
    await page.getByRole("button", { name: "Ver no modo Teste" }).click();
    await page.waitForURL(new RegExp(`/dashboard/charges/${chargeId}$`));
    assert.match((await page.locator("h1").textContent()) ?? "", /Caneca/);

    // On a phone the charge list shows each charge's status and amount without scrolling sideways.
    await page.setViewportSize(PHONE);
    await page.goto("/dashboard/charges");
    const wrap = page.locator(".charge-list");
    const [scrollW, clientW] = await wrap.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    assert.ok((scrollW ?? 0) <= (clientW ?? 0) + 1, `table ${scrollW} wide in ${clientW}`);
    assert.ok(await wrap.locator("td .badge").first().isVisible());
    await screenshot(page, "i22-charges-phone");
  });
});
