import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { browserSuite, DESKTOP, PHONE, SCREENSHOT_DIR } from "./harness.ts";

// The receipt page in Chromium, as a payer opens it from the link: at a phone's and a desktop's
// width in both languages, no wider than the screen and the amount on one line, for a PIX charge
// with a long title and a Bitcoin charge paid over Lightning (a 64-character payment hash); the
// print button calls window.print(), and printed, the page drops the button and the language
// links and is black on white. With VISUAL_SHOTS=1 each view is saved under
// artifacts/screenshots/visual/receipt-*.png.

const SHOTS = process.env.VISUAL_SHOTS ? join(SCREENSHOT_DIR, "visual") : "";

/** The page's width and its amount's lines (the page has no test helpers: written as text). */
const MEASURE = `(() => {
  const amount = document.querySelector(".receipt-amount .brl");
  const rects = [...amount.getClientRects()].filter((r) => r.width > 0);
  return {
    width: document.documentElement.scrollWidth,
    amountLines: new Set(rects.map((r) => Math.round(r.top))).size,
    amount: amount.textContent,
  };
})()`;

const text = (s: string) => s.replace(/\s+/g, " ");

browserSuite("the receipt page in Chromium", {}, (env) => {
  test("phone and desktop, pt-BR and English: within the screen, the amount on one line, the facts shown", async () => {
    const a = await env.svc.newAccount();
    const named = await env.svc.call("POST", "/api/account/update", {
      token: a.live,
      body: { display_name: "Ateliê da Ana" },
    });
    assert.equal(named.statusCode, 200, named.body);
    const pay = async (create: string, body: unknown, method?: string) => {
      const c = await env.svc.call("POST", create, { token: a.test, body });
      assert.equal(c.statusCode, 200, c.body);
      const id = c.json().data.chargeId as string;
      const p = await env.svc.call("POST", "/api/pix/charge/simulate-pay", {
        token: a.test,
        body: { charge_id: id, ...(method ? { method } : {}) },
      });
      assert.equal(p.statusCode, 200, p.body);
      const kind = create.includes("crypto") ? "crypto" : "pix";
      const st = await env.svc.call("GET", `/api/${kind}/charge/status?charge_id=${id}`, {
        token: a.test,
      });
      return new URL(st.json().data.receiptUrl as string).pathname;
    };
    const pix = await pay("/api/pix/charge/create", {
      value: 98765.43,
      title: "Vestido de noiva sob medida, com bordado à mão e três provas no ateliê",
      description: "Sinal de 50% da encomenda",
    });
    const lightning = await pay(
      "/api/crypto/charge/create",
      { value: 250, product_name: "Curso de costura" },
      "lightning",
    );

    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    const failures: string[] = [];
    for (const locale of ["pt-BR", "en"]) {
      const { page } = await env.newPage({ locale });
      for (const [name, path] of [
        ["pix", pix],
        ["lightning", lightning],
      ] as const) {
        // No cookie, no token: a fresh context opens the link as the payer would.
        const res = await page.goto(path);
        assert.equal(res?.status(), 200, `${locale} ${name}`);
        const body = text(await page.locator("main").innerText());
        assert.match(body, locale === "en" ? /Payment receipt/ : /Comprovante de pagamento/);
        assert.match(body, /Ateliê da Ana/);
        if (name === "pix") {
          assert.match(body, locale === "en" ? /R\$ ?98,765\.43/ : /R\$ 98\.765,43/);
          assert.match(body, /Vestido de noiva/);
        } else {
          assert.match(
            body,
            locale === "en" ? /Lightning payment hash/ : /Hash do pagamento Lightning/,
          );
          assert.match(body, /[0-9a-f]{64}/);
        }
        for (const size of [PHONE, DESKTOP]) {
          await page.setViewportSize(size);
          const m = (await page.evaluate(MEASURE)) as {
            width: number;
            amountLines: number;
            amount: string;
          };
          const at = `${locale} ${name} @${size.width}`;
          if (m.width > size.width) failures.push(`${at}: ${m.width} px wide`);
          if (m.amountLines !== 1) failures.push(`${at}: "${m.amount}" on ${m.amountLines} lines`);
          if (SHOTS) {
            await page.screenshot({
              path: join(SHOTS, `receipt-${locale}-${name}-${size.width}.png`),
              fullPage: true,
            });
          }
        }
      }
    }
    assert.deepEqual(failures, []);
  });

  test("the print button prints; printed, no button, no language links, black on white", async () => {
    const a = await env.svc.newAccount();
    const c = await env.svc.call("POST", "/api/pix/charge/create", {
      token: a.test,
      body: { value: 42, title: "Pão de queijo" },
    });
    const id = c.json().data.chargeId as string;
    await env.svc.call("POST", "/api/pix/charge/simulate-pay", {
      token: a.test,
      body: { charge_id: id },
    });
    const st = await env.svc.call("GET", `/api/pix/charge/status?charge_id=${id}`, {
      token: a.test,
    });
    const path = new URL(st.json().data.receiptUrl as string).pathname;

    const { page } = await env.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(path);
    const button = page.getByRole("button", { name: "Imprimir" });
    assert.equal(await button.isVisible(), true, "on screen, with script, the button is there");
    // window.print() would open the print dialog: counted instead.
    await page.evaluate(`window.__printed = 0; window.print = () => { window.__printed++; }`);
    await button.click();
    assert.equal(await page.evaluate("window.__printed"), 1);

    await page.emulateMedia({ media: "print" });
    assert.equal(await page.locator("[data-print]").isVisible(), false, "no button on paper");
    assert.equal(await page.locator("footer").isVisible(), false, "no language links on paper");
    assert.equal(await page.locator(".receipt-amount").isVisible(), true);
    const colours = (await page.evaluate(`(() => {
      const s = (sel) => getComputedStyle(document.querySelector(sel));
      return {
        body: s("body").backgroundColor,
        card: s(".receipt-card").backgroundColor,
        bar: s(".paybar").backgroundColor,
        ink: s(".receipt-amount .brl").color,
        status: s(".pay-status").backgroundColor,
      };
    })()`)) as Record<string, string>;
    assert.deepEqual(colours, {
      body: "rgb(255, 255, 255)",
      card: "rgb(255, 255, 255)",
      bar: "rgb(255, 255, 255)",
      ink: "rgb(0, 0, 0)",
      status: "rgb(255, 255, 255)",
    });
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, "receipt-print-390.png"), fullPage: true });
    }
    await page.emulateMedia({ media: "screen" });
    assert.equal(await button.isVisible(), true, "back on screen, the button again");
  });
});
