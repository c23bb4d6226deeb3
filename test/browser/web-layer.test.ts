import assert from "node:assert/strict";
import { test } from "node:test";
import { browserSuite, screenshot } from "./harness.ts";

browserSuite("the web layer in Chromium", {}, (env) => {
  test("a page loads its stylesheet and script under the CSP, with no violation, in both languages", async () => {
    const { page } = await env.newPage();
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(m.text());
    });
    page.on("pageerror", (e) => problems.push(e.message));
    await page.goto("/dashboard/sign-in");
    assert.equal(await page.locator("h1").textContent(), "Entrar");
    // The script ran (it marks <html class="js">) and the stylesheet applied (body background).
    assert.equal(await page.evaluate("document.documentElement.className"), "js");
    const bg = await page.evaluate("getComputedStyle(document.body).backgroundColor");
    assert.equal(bg, "rgb(246, 247, 249)");
    await page.click("a[hreflang=en]");
    assert.equal(await page.locator("h1").textContent(), "Sign in");
    await page.goto("/dashboard/sign-in");
    assert.equal(await page.locator("h1").textContent(), "Sign in", "the choice is remembered");
    await screenshot(page, "sign-in");
    assert.deepEqual(problems, []);
  });
});
