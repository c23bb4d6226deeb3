import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { before, test } from "node:test";
import type { BrowserContext, Page } from "playwright-core";
import { browserSuite, SCREENSHOT_DIR } from "./harness.ts";

// The API reference at /docs in Debian's Chromium (playwright-core drives it; no browser is
// downloaded): every operation and webhook of the served document is on the page, the page is
// Tostão's (issue 34: no framework logo, creating a charge first) and fits a 390 px phone,
// screenshots are saved under artifacts/screenshots/ (gitignored), and try-it with a pasted test
// token creates a sandbox charge on the running service. Without /usr/bin/chromium (or
// CHROMIUM_PATH) the suite is skipped with one line saying so.

let page: Page;
const offsite: string[] = [];
// Console errors, a refused Content-Security-Policy directive among them.
const consoleErrors: string[] = [];
/** Refuses any request to another origin than the service's, and records it. */
const offline = (context: BrowserContext, base: string) =>
  context.route(
    (url) => !url.href.startsWith(base),
    (route) => {
      offsite.push(route.request().url());
      return route.abort();
    },
  );

browserSuite("the API reference page in Chromium", {}, (env) => {
  before(async () => {
    // The browser's own locale (the harness's pages default to pt-BR; this page is English).
    const opened = await env.newPage({ locale: "en-US" });
    page = opened.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    page.on("console", (m) => {
      if (m.type() === "error") consoleErrors.push(m.text());
    });
    page.setDefaultTimeout(20_000);
    await offline(opened.context, env.base);
  });

  test("renders every operation and webhook of the document, from this service alone", async () => {
    const doc = JSON.parse((await env.svc.call("GET", "/api/openapi.json")).body);
    const expected = [
      ...Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>),
      ...Object.values(doc.webhooks as Record<string, Record<string, { operationId: string }>>),
    ].flatMap((item) => Object.values(item).map((op) => op.operationId));
    await page.goto(`${env.base}/docs`);
    await page.locator(".opblock").first().waitFor();
    const shown = await page.locator(".opblock-summary-operation-id").allTextContents();
    assert.deepEqual(
      expected.filter((id) => !shown.map((s) => s.trim()).includes(id)),
      [],
      "operations missing from the page",
    );
    assert.ok(await page.getByText("Webhooks", { exact: true }).count(), "a Webhooks section");
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOT_DIR, "docs-page.png"), fullPage: true });
    assert.deepEqual(offsite, [], "no request left this service");
    assert.deepEqual(consoleErrors, [], "no error in the console (CSP included)");
  });

  test("the page is Tostão's: its name and bar, no framework logo or favicon, creating a charge listed first", async () => {
    await page.goto(`${env.base}/docs`);
    await page.locator(".opblock").first().waitFor();
    assert.equal(await page.title(), "Tostão API reference");
    assert.equal((await page.locator("header.tostao-bar .brand").textContent())?.trim(), "Tostão");
    assert.equal(await page.locator(".swagger-ui .topbar").count(), 0, "no Swagger top bar");
    const icons = await page
      .locator('link[rel~="icon"]')
      .evaluateAll((links) => links.map((l) => l.getAttribute("href")));
    assert.deepEqual(icons, ["data:,"], "no Swagger favicon (the dashboard's pages have none)");
    const ids = (await page.locator(".opblock-summary-operation-id").allTextContents()).map((s) =>
      s.trim(),
    );
    assert.deepEqual(ids.slice(0, 3), ["createPixCharge", "getPixChargeStatus", "listPixCharges"]);
  });

  test("on a 390 px phone nothing scrolls sideways, an operation opened included", async () => {
    const phone = await env.browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await offline(phone, env.base);
    try {
      const small = await phone.newPage();
      await small.goto(`${env.base}/docs`);
      await small.locator(".opblock").first().waitFor();
      const width = () => small.locator("html").evaluate((el) => el.scrollWidth);
      assert.equal(await width(), 390, "the page is as wide as the phone");
      const op = small.locator("#operations-pix-createPixCharge");
      await op.locator(".opblock-summary").click();
      await op.locator(".responses-table").first().waitFor();
      assert.equal(await width(), 390, "an open operation too");
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      await small.screenshot({ path: join(SCREENSHOT_DIR, "docs-page-390.png") });
      await op.scrollIntoViewIfNeeded();
      await small.screenshot({ path: join(SCREENSHOT_DIR, "docs-operation-390.png") });
    } finally {
      await phone.close();
    }
    assert.deepEqual(offsite, []);
  });

  test("try-it with a pasted test token creates a sandbox charge", async () => {
    const a = await env.svc.newAccount();
    await page.locator(".auth-wrapper .authorize").click();
    const dialog = page.locator(".modal-ux");
    const bearer = dialog
      .locator(".auth-container")
      .filter({ has: page.locator("h4", { hasText: /^bearer/ }) });
    await bearer.locator("input").fill(a.test);
    await bearer.locator(".auth-btn-wrapper .authorize").click();
    await bearer.locator(".btn-done").click();

    const op = page.locator("#operations-pix-createPixCharge");
    await op.locator(".opblock-summary").click();
    // The request example is shown, and is what we edit.
    const body = op.locator("textarea.body-param__text");
    await body.waitFor();
    assert.match(await body.inputValue(), /"title": "Camiseta"/, "the schema's example");
    await body.fill(JSON.stringify({ value: 12.5, title: "Pelo try-it" }));
    await op.locator("button.execute").click();
    const status = op.locator(".live-responses-table tbody .response-col_status").first();
    await status.waitFor();
    assert.equal((await status.textContent())?.trim(), "200");
    await op.screenshot({ path: join(SCREENSHOT_DIR, "docs-try-it.png") });

    const list = await env.svc.call("GET", "/api/pix/charges", { token: a.test });
    const charges = list.json().data.charges as Array<{ title: string; livemode: boolean }>;
    assert.deepEqual(
      charges.map((c) => [c.title, c.livemode]),
      [["Pelo try-it", false]],
    );
    assert.deepEqual(offsite, []);
    assert.deepEqual(consoleErrors, []);
  });
});
