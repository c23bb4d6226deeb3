import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { after, before, describe, test } from "node:test";
import { type Browser, chromium, type Page } from "playwright-core";
import { findChromium } from "../../scripts/find-chromium.mjs";
import { startTestService, type TestService } from "../helpers/service.ts";

// The API reference at /docs in Debian's Chromium (playwright-core drives it; no browser is
// downloaded): every operation and webhook of the served document is on the page, the page is
// Tostão's (issue 34: no framework logo, creating a charge first) and fits a 390 px phone,
// screenshots are saved under artifacts/screenshots/ (gitignored), and try-it with a pasted test
// token creates a sandbox charge on the running service. Without /usr/bin/chromium (or
// CHROMIUM_PATH) the suite is skipped with one line saying so.

// The same search as the test runner and the other browser tests (scripts/find-chromium.mjs).
const CHROMIUM = findChromium();
const SCREENSHOTS = resolve(import.meta.dirname, "../../artifacts/screenshots");
const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

const suite = CHROMIUM
  ? describe
  : (name: string, _fn: () => void) =>
      describe(name, {
        skip: "no Chromium found: install Debian's chromium or set CHROMIUM_PATH",
      }, () => {});

let svc: TestService;
let base: string;
let browser: Browser;
let page: Page;
const offsite: string[] = [];
// Console errors, a refused Content-Security-Policy directive among them.
const consoleErrors: string[] = [];

suite("the API reference page in Chromium", () => {
  before(async () => {
    svc = await startTestService();
    await svc.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(svc.app.server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on("console", (m) => {
      if (m.type() === "error") consoleErrors.push(m.text());
    });
    page.setDefaultTimeout(20_000);
    // Offline: any request to another origin is refused and recorded.
    await context.route(
      (url) => !url.href.startsWith(base),
      (route) => {
        offsite.push(route.request().url());
        return route.abort();
      },
    );
  });
  after(async () => {
    await browser?.close().catch(() => {});
    await svc?.close();
  });

  test("renders every operation and webhook of the document, from this service alone", async () => {
    const doc = JSON.parse((await svc.call("GET", "/api/openapi.json")).body);
    const expected = [
      ...Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>),
      ...Object.values(doc.webhooks as Record<string, Record<string, { operationId: string }>>),
    ].flatMap((item) => Object.values(item).map((op) => op.operationId));
    await page.goto(`${base}/docs`);
    await page.locator(".opblock").first().waitFor();
    const shown = await page.locator(".opblock-summary-operation-id").allTextContents();
    assert.deepEqual(
      expected.filter((id) => !shown.map((s) => s.trim()).includes(id)),
      [],
      "operations missing from the page",
    );
    assert.ok(await page.getByText("Webhooks", { exact: true }).count(), "a Webhooks section");
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, "docs-page.png"), fullPage: true });
    assert.deepEqual(offsite, [], "no request left this service");
    assert.deepEqual(consoleErrors, [], "no error in the console (CSP included)");
  });

  test("the page is Tostão's: its name and bar, no framework logo or favicon, creating a charge listed first", async () => {
    await page.goto(`${base}/docs`);
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
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await phone.route(
      (url) => !url.href.startsWith(base),
      (route) => {
        offsite.push(route.request().url());
        return route.abort();
      },
    );
    try {
      const small = await phone.newPage();
      await small.goto(`${base}/docs`);
      await small.locator(".opblock").first().waitFor();
      const width = () => small.locator("html").evaluate((el) => el.scrollWidth);
      assert.equal(await width(), 390, "the page is as wide as the phone");
      const op = small.locator("#operations-pix-createPixCharge");
      await op.locator(".opblock-summary").click();
      await op.locator(".responses-table").first().waitFor();
      assert.equal(await width(), 390, "an open operation too");
      mkdirSync(SCREENSHOTS, { recursive: true });
      await small.screenshot({ path: join(SCREENSHOTS, "docs-page-390.png") });
      await op.scrollIntoViewIfNeeded();
      await small.screenshot({ path: join(SCREENSHOTS, "docs-operation-390.png") });
    } finally {
      await phone.close();
    }
    assert.deepEqual(offsite, []);
  });

  test("try-it with a pasted test token creates a sandbox charge", async () => {
    const a = await svc.newAccount();
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
    await op.screenshot({ path: join(SCREENSHOTS, "docs-try-it.png") });

    const list = await svc.call("GET", "/api/pix/charges", { token: a.test });
    const charges = list.json().data.charges as Array<{ title: string; livemode: boolean }>;
    assert.deepEqual(
      charges.map((c) => [c.title, c.livemode]),
      [["Pelo try-it", false]],
    );
    assert.deepEqual(offsite, []);
    assert.deepEqual(consoleErrors, []);
  });
});
