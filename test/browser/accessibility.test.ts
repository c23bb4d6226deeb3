import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { after, before, test } from "node:test";
import type { Page } from "playwright-core";
import { addUser } from "../helpers/dashboard.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { browserSuite, PHONE, screenshot, signInHome } from "./harness.ts";

// axe-core over the pages a merchant and a payer use most, in Chromium: the dashboard home, the
// charge list (with its filters), a charge's page with webhook deliveries, the keys page and
// the payment page, a pay-what-you-want checkout (and the live unmatched payments page and day statement, a 404), at desktop
// and phone widths.
// Any violation of impact serious or critical fails, listed with its rule and the elements it
// names; so does a lesser one, since these pages have none left.

// axe ships one browser script; it is evaluated in the page through the DevTools protocol,
// which the pages' Content-Security-Policy (scripts from 'self' only) does not govern.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core"), "utf8");

type Violation = {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
};

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const { violations, passes } = (await page.evaluate(() => (globalThis as any).axe.run())) as {
    violations: Violation[];
    passes: unknown[];
  };
  // axe ran its rules (a page it could not read would pass nothing and find nothing).
  assert.ok(passes.length > 10, `axe checked ${passes.length} rules on ${page.url()}`);
  if (process.env.AXE_VERBOSE) {
    for (const v of violations)
      console.log(page.url(), v.id, v.impact, JSON.stringify(v.nodes.map((n) => n.target)));
  }
  return violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
before(async () => {
  receiver = await startReceiver();
});
after(() => receiver.close());

browserSuite(
  "accessibility (axe) of the dashboard and the payment page",
  { env: { TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1" } },
  (env) => {
    test("home, charges (filtered), a charge with deliveries, keys and the payment page: no serious or critical axe violation at desktop or phone width", async () => {
      const a = await env.svc.newAccount();
      await addUser(env.svc, a.accountId, "axe@loja.example");
      const call = async (path: string, body: unknown) => {
        const res = await env.svc.call("POST", path, { token: a.test, body });
        assert.equal(res.statusCode, 200, res.body);
        return res.json().data;
      };
      await call("/api/webhooks/create", { url: receiver.url, events: ["charge.approved"] });
      const { chargeId } = await call("/api/pix/charge/create", {
        value: 49.9,
        title: "Camiseta azul",
        external_id: "order-1",
        customer_name: "Maria Silva",
        customer_email: "maria@example.com",
      });
      await call("/api/pix/charge/create", { value: 10, title: "Caneca" });
      await call("/api/pix/charge/simulate-pay", { charge_id: chargeId });
      const { qrCodeId } = await call("/api/pix/qr-codes/create", { title: "Balcão", value: 5 });
      // A pay-what-you-want product's checkout: the suggested amounts and the amount field.
      const { id: openProductId } = await call("/api/products/create", {
        name: "Apoie o ateliê",
        open_amount: { min: 5, max: 500, suggested: [10, 25, 50] },
      });
      const counter = new URL((await call("/api/counter-links/create", { label: "Caixa 1" })).url)
        .pathname;
      const sold = await env.svc.app.inject({
        method: "POST",
        url: `${counter}/sale`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "amount=25,00",
      });
      assert.equal(sold.statusCode, 303, sold.body);

      const { page } = await env.newPage();
      await signInHome(page, "axe@loja.example");

      // The charge's page once its charge.approved delivery has an attempt to show.
      const t0 = Date.now();
      for (;;) {
        await page.goto(`/dashboard/charges/${chargeId}`);
        if ((await page.locator(".delivery tbody tr").count()) > 0) break;
        assert.ok(Date.now() - t0 < 20_000, "the delivery reached the charge's page");
        await new Promise((r) => setTimeout(r, 250));
      }

      const pages = [
        "/dashboard",
        "/dashboard/charges?status=approved&external_id=order-1",
        "/dashboard/charges",
        `/dashboard/charges/${chargeId}`,
        "/dashboard/keys",
        "/dashboard/audit",
        `/pay/${chargeId}`,
        `/poster/${qrCodeId}`,
        `/checkout/${openProductId}`,
        "/dashboard/counter",
        counter,
        String(sold.headers.location),
        "/dashboard/nope",
      ];
      const found: string[] = [];
      for (const path of pages) {
        await page.goto(path);
        for (const size of [{ width: 1280, height: 800 }, PHONE]) {
          await page.setViewportSize(size);
          for (const v of await axeViolations(page)) found.push(`${path} @${size.width}: ${v}`);
        }
      }
      // The live view: its navigation's unmatched payments page.
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto("/dashboard");
      await page.getByRole("button", { name: "Produção" }).click();
      await page.waitForURL(/\/dashboard$/);
      await page.getByRole("link", { name: "Pix sem cobrança" }).click();
      await page.waitForURL(/\/dashboard\/unmatched-payments$/);
      for (const v of await axeViolations(page)) found.push(`unmatched (live): ${v}`);
      // The live header, one link longer, keeps the navigation on one line at 1280 px and shows
      // the signed-in e-mail whole (issue 34: it was clipped to one letter to stay on one line);
      // the e-mail and sign-out move to a second line when they do not fit beside it.
      const bar = await page.locator("header.topbar").boundingBox();
      assert.ok(bar && bar.height < 100, `the live header is ${bar?.height} px tall`);
      const navBox = await page.locator(".topbar nav").boundingBox();
      assert.ok(navBox && navBox.height < 40, `the navigation is ${navBox?.height} px tall`);
      const who = await page
        .locator(".topbar .who")
        .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      assert.ok(who.scroll <= who.client, `the e-mail is clipped: ${JSON.stringify(who)}`);
      await screenshot(page, "unmatched-live");
      // The day's PSP statement, linked from there (no PSP here: its message; with a PSP and a
      // flagged Pix: test/browser/statement.test.ts runs axe over it).
      await page.getByRole("link", { name: "Extrato do dia no PSP" }).click();
      await page.waitForURL(/\/dashboard\/statement$/);
      for (const size of [{ width: 1280, height: 800 }, PHONE]) {
        await page.setViewportSize(size);
        for (const v of await axeViolations(page))
          found.push(`statement (live) @${size.width}: ${v}`);
      }
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole("button", { name: "Teste" }).click();
      await page.goto("/dashboard/charges?status=approved&external_id=order-1");
      await screenshot(page, "charges-filtered");
      // The bar is serious and critical; the lesser ones these pages had (a banner outside any
      // landmark, an empty table header, a page without <h1>) were fixed too and stay fixed.
      const serious = found.filter((v) => / \((serious|critical)\): /.test(v));
      assert.deepEqual(serious, [], serious.join("\n"));
      assert.deepEqual(found, [], found.join("\n"));
    });
  },
);
