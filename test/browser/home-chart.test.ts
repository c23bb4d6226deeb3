import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { test } from "node:test";
import { createAccount } from "../../src/domain/accounts/create-account.ts";
import { issueToken } from "../../src/domain/tokens/manage-tokens.ts";
import { addUser } from "../helpers/dashboard.ts";
import { browserSuite, DESKTOP, PHONE, signInHome } from "./harness.ts";

// Issue 38 part 4 in a real Chromium: the home page's chart of the last 30 days, in Portuguese
// and English, at 390 and 1280 px. The chart fits the phone's width (no sideways scroll), its
// summary is the image's accessible name, and the day-by-day table opens from its <details>.
// Screenshots: /tmp/shots/chart/ (TOSTAO_SHOTS_DIR), to be looked at.

const SHOTS = process.env.TOSTAO_SHOTS_DIR ?? "/tmp/shots/chart";

browserSuite("the home page's chart of money received", {}, (env) => {
  test("the chart is drawn, named and fits a phone, in pt-BR and en", async () => {
    const account = await createAccount(env.svc.deps, { name: "Loja Gráfico" });
    const { token } = await issueToken(env.svc.deps, {
      accountId: account.id,
      label: "t",
      mode: "test",
    });
    const now = Date.now();
    const kinds = ["pix", "pix", "onchain", "lightning"] as const;
    for (let i = 0; i < 40; i++) {
      const kind = kinds[i % 4] as (typeof kinds)[number];
      const crypto = kind !== "pix";
      const value = (1000 + ((i * 7919) % 250_000)) / 100;
      const made = await env.svc.call(
        "POST",
        crypto ? "/api/crypto/charge/create" : "/api/pix/charge/create",
        { token, body: crypto ? { value, product_name: "x" } : { value, title: "x" } },
      );
      assert.equal(made.statusCode, 200, made.body);
      const id: string = made.json().data.chargeId;
      const pay = await env.svc.call("POST", "/api/pix/charge/simulate-pay", {
        token,
        body: crypto ? { charge_id: id, method: kind } : { charge_id: id },
      });
      assert.equal(pay.statusCode, 200, pay.body);
      // Spread over the 30 days, some days empty.
      const day = (i * 11) % 30;
      await env.svc.deps.db.query("UPDATE charges SET approved_at = $2 WHERE id = $1", [
        id,
        new Date(now - day * 86_400_000),
      ]);
    }
    await addUser(env.svc, account.id, "grafico@example.com");
    mkdirSync(SHOTS, { recursive: true });
    for (const [locale, name] of [
      ["pt-BR", /^Gráfico de barras: R\$\s[\d.]+,\d\d recebidos em 40 pagamentos/],
      ["en", /^Bar chart: R\$\s?[\d,]+\.\d\d received in 40 payments/],
    ] as const) {
      // Signed in through the Portuguese form; the language is then chosen with ?lang=.
      const { page } = await env.newPage();
      await signInHome(page, "grafico@example.com");
      await page.goto(`/dashboard?lang=${locale}`);
      const chart = page.getByRole("img", { name });
      assert.equal(await chart.count(), 1, `${locale}: the chart by its accessible name`);
      for (const [label, size] of [
        ["1280", DESKTOP],
        ["390", PHONE],
      ] as const) {
        await page.setViewportSize(size);
        const scroll = (await page.evaluate("document.documentElement.scrollWidth")) as number;
        assert.ok(scroll <= size.width, `${locale} ${label}: ${scroll} px wide`);
        const box = await chart.boundingBox();
        assert.ok(box && box.width > 300 && box.x >= 0 && box.x + box.width <= size.width);
        await page.screenshot({ path: `${SHOTS}/home-${locale}-${label}.png`, fullPage: true });
        await page
          .locator("section.receipts")
          .screenshot({ path: `${SHOTS}/chart-${locale}-${label}.png` });
      }
      await page
        .getByText(locale === "en" ? "See the figures day by day" : "Ver os valores dia a dia")
        .click();
      const rows = page.locator("table.receipts-table tbody tr");
      assert.equal(await rows.count(), 30);
      assert.ok(await rows.first().isVisible());
      await page.screenshot({ path: `${SHOTS}/home-${locale}-390-table.png`, fullPage: true });
    }
  });
});
