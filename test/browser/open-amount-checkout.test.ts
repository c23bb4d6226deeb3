import assert from "node:assert/strict";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { createAccount } from "../../src/domain/accounts/create-account.ts";
import { issueToken } from "../../src/domain/tokens/manage-tokens.ts";
import { browserSuite, PHONE, screenshot } from "./harness.ts";

// Pay what you want in a real Chromium on a 390 px phone: the payer types an amount below the
// product's minimum and is told the bounds with no charge made (the API and the database have
// none), then types 12,34 and pays 1234 centavos; a suggested amount works as a button with and
// without JavaScript, and the English page takes the dot form.

// BRL on the wire, like value (R$ 5,00 to R$ 500,00; buttons of 10, 25 and 50).
const OPEN = { min: 5, max: 500, suggested: [10, 25, 50] };

browserSuite("pay what you want in Chromium", {}, (env) => {
  const merchant = async () => {
    const account = await createAccount(env.svc.deps, { name: "Ateliê da Ana" });
    const t = await issueToken(env.svc.deps, { accountId: account.id, label: "t", mode: "test" });
    const res = await env.svc.call("POST", "/api/products/create", {
      token: t.token,
      body: { name: "Apoie o ateliê", description: "Você escolhe quanto", open_amount: OPEN },
    });
    assert.equal(res.statusCode, 200, res.body);
    return { token: t.token, productId: res.json().data.id as string };
  };
  /** The product's charges as the database holds them: id and centavos. */
  const storedCharges = (productId: string) =>
    env.svc.deps.db.query<{ id: string; valueCents: number }>(
      `SELECT id, value_cents AS "valueCents" FROM charges WHERE product_id = $1 ORDER BY created_at`,
      [productId],
    );
  const apiCharges = async (token: string) => {
    const res = await env.svc.call("GET", "/api/pix/charges", { token });
    assert.equal(res.statusCode, 200, res.body);
    return res.json().data.charges as { chargeId: string; value: number }[];
  };
  const noSideScroll = async (page: Page) => {
    const w = Number(await page.evaluate("document.documentElement.scrollWidth"));
    assert.ok(w <= PHONE.width, `the page is ${w} px wide on a ${PHONE.width} px phone`);
  };

  test("phone, pt-BR: 2,00 below a minimum of 5,00 is refused with the bounds named and no charge; 12,34 is charged as 1234 centavos", async () => {
    const m = await merchant();
    const { page } = await env.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`/checkout/${m.productId}`);
    await noSideScroll(page);
    await page.getByText("Você escolhe o valor, de R$ 5,00 a R$ 500,00.").waitFor();
    for (const s of ["R$ 10,00", "R$ 25,00", "R$ 50,00"]) {
      await page.locator("label.amount-chip", { hasText: s }).waitFor();
    }
    await screenshot(page, "open-amount-checkout");
    await page.setViewportSize(PHONE);

    const field = page.getByLabel("Ou digite outro valor (R$)");
    await field.fill("2,00");
    await page.getByRole("button", { name: "Pagar" }).click();
    const message = page.locator("#err-amount");
    await message.waitFor();
    // Intl writes "R$" and the amount with a no-break space between them.
    assert.equal(
      (await message.textContent())?.replace(/\u00a0/g, " "),
      "Escolha um valor entre R$ 5,00 e R$ 500,00.",
    );
    assert.match(page.url(), /\/checkout\//, "still on the checkout");
    assert.equal(await field.getAttribute("aria-invalid"), "true");
    assert.equal(await field.inputValue(), "2,00", "the typed amount is kept");
    assert.deepEqual(await apiCharges(m.token), [], "no charge in the API");
    assert.deepEqual(await storedCharges(m.productId), [], "no charge in the database");
    await noSideScroll(page);
    await screenshot(page, "open-amount-refused");
    await page.setViewportSize(PHONE);

    await field.fill("12,34");
    await page.getByRole("button", { name: "Pagar" }).click();
    await page.waitForURL(/\/pay\/pix_/);
    const chargeId = new URL(page.url()).pathname.split("/").pop() as string;
    assert.deepEqual(await storedCharges(m.productId), [{ id: chargeId, valueCents: 1234 }]);
    const [listed] = await apiCharges(m.token);
    assert.equal(listed?.value, 12.34);
    await page.locator(".pay-amount .brl", { hasText: "R$ 12,34" }).waitFor();
  });

  test("phone: a suggested amount is a button (JavaScript names it on the submit button), and works without JavaScript too", async () => {
    const m = await merchant();
    const { page } = await env.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`/checkout/${m.productId}`);
    const field = page.getByLabel("Ou digite outro valor (R$)");
    await field.fill("7");
    await page.locator("label.amount-chip", { hasText: "R$ 25,00" }).click();
    assert.equal(await field.inputValue(), "", "choosing a suggestion empties the field");
    await page.getByRole("button", { name: "Pagar R$ 25,00" }).waitFor();
    await field.fill("8");
    assert.equal(await page.getByRole("radio", { checked: true, name: /R\$/ }).count(), 0);
    await page.locator("label.amount-chip", { hasText: "R$ 50,00" }).click();
    await page.getByRole("button", { name: "Pagar R$ 50,00" }).click();
    await page.waitForURL(/\/pay\/pix_/);

    const context = await env.browser.newContext({
      viewport: PHONE,
      locale: "pt-BR",
      baseURL: env.base,
      javaScriptEnabled: false,
    });
    try {
      const plain = await context.newPage();
      await plain.goto(`/checkout/${m.productId}`);
      await plain.locator("label.amount-chip", { hasText: "R$ 10,00" }).click();
      await plain.getByRole("button", { name: "Pagar" }).click();
      await plain.waitForURL(/\/pay\/pix_/);
      assert.equal(await plain.locator("html").getAttribute("class"), null, "no script ran");
    } finally {
      await context.close();
    }
    const cents = (await storedCharges(m.productId)).map((c) => c.valueCents);
    assert.deepEqual(cents, [5000, 1000]);
  });

  test("English: the bounds in English, 2.00 refused, 12.34 (the dot form) charged", async () => {
    const m = await merchant();
    const { page } = await env.newPage({ locale: "en" });
    await page.setViewportSize(PHONE);
    await page.goto(`/checkout/${m.productId}?lang=en`);
    await page.getByText("You choose the amount, from R$5.00 to R$500.00.").waitFor();
    await screenshot(page, "open-amount-checkout-en");
    await page.setViewportSize(PHONE);
    const field = page.getByLabel("Or type another amount (R$)");
    await field.fill("2.00");
    await page.getByRole("button", { name: "Pay" }).click();
    await page.locator("#err-amount").waitFor();
    assert.equal(
      await page.locator("#err-amount").textContent(),
      "Choose an amount between R$5.00 and R$500.00.",
    );
    assert.deepEqual(await storedCharges(m.productId), []);
    await screenshot(page, "open-amount-refused-en");
    await page.setViewportSize(PHONE);
    await field.fill("12.34");
    await page.getByRole("button", { name: "Pay" }).click();
    await page.waitForURL(/\/pay\/pix_/);
    assert.deepEqual(
      (await storedCharges(m.productId)).map((c) => c.valueCents),
      [1234],
    );
  });
});
