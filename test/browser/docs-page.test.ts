import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { after, before, describe, test } from "node:test";
import { type Browser, chromium, type Page } from "playwright-core";
import { findChromium } from "../../scripts/find-chromium.mjs";
import { startTestService, type TestService } from "../helpers/service.ts";

// The API reference at /docs in Debian's Chromium (playwright-core drives it; no browser is
// downloaded): every operation and webhook of the served document is on the page, a screenshot
// is saved under artifacts/screenshots/ (gitignored), and try-it with a pasted test token
// creates a sandbox charge on the running service. Without /usr/bin/chromium (or
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
