import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { recordUnmatched } from "../../src/db/queries/live-pix-records.ts";
import { addUser, PASSWORD } from "../helpers/dashboard.ts";
import { browserSuite, DESKTOP, PHONE, SCREENSHOT_DIR, signInHome } from "./harness.ts";

// Every dashboard page a merchant reads, in a real Chromium, at 390 px (a phone) and 1280 px,
// in Portuguese and English (issue 34): no page wider than the screen, no amount broken across
// lines, the signed-in e-mail never clipped in the header, and on Portuguese pages no English
// and no API or repository path in the text a merchant reads. One service, one browser, one
// page per language; each page is loaded once and measured at both widths. With
// VISUAL_SHOTS=1 every page is also saved as a PNG under artifacts/screenshots/visual/.

/** BIP84's published testnet account key (mnemonic "abandon … about"): a test wallet. */
const BIP84_VPUB =
  "vpub5Y6cjg78GGuNLsaPhmYsiw4gYX3HoQiRBiSwDaBXKUafCt9bNwWQiitDk5VZ5BVxYnQdwoTyXSs2JHRPAgjAvtbBrf8ZhDYe2jWAqvZVnsc";
/** Its mainnet sibling: refused in live mode as a published test key. */
const BIP84_ZPUB =
  "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs";
/** A long address to clip: the header must still show it whole at 1280 px. */
const EMAIL = "financeiro.atelie-da-dona@lojas-exemplo.com.br";
/** A webhook receiver that refuses connections (a failing delivery), with a long URL. */
const FAILING_URL =
  "http://127.0.0.1:9/webhooks/tostao/loja-da-dona/pedidos-aprovados-e-estornados";

/** Words that give an English sentence away on a Portuguese page (whole words, any case). */
const ENGLISH =
  /\b(the|with|and|must|should|please|save|any|follows|retry|shortly|invalid|required|only|cannot|your|see|before|after|today)\b/i;
/** API and repository paths a merchant should never be shown as instructions. */
const PATHS = /\/api\/|\bdocs\/|\.md\b/;

const day = (offset: number) =>
  new Date(Date.now() - 3 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

type Measure = {
  width: number;
  /** Elements wider than the viewport, for the failure message. */
  wide: string[];
  /** Amounts drawn on more than one line. */
  broken: string[];
  /** The header's e-mail: its full width and the width it was given. */
  who?: { scroll: number; client: number };
};

/** Measures the page as it is laid out now (written as text: the page has no test helpers). */
const MEASURE = `(() => {
  const vw = document.documentElement.clientWidth;
  const wide = [];
  for (const el of document.body.querySelectorAll("*")) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > vw + 1 && getComputedStyle(el).position !== "absolute") {
      let clipped = false;
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === "auto" || o === "hidden" || o === "scroll" || o === "clip") { clipped = true; break; }
      }
      if (!clipped) wide.push(el.tagName.toLowerCase() + (el.className ? "." + String(el.className).replace(/ /g, ".") : "") + " " + Math.round(r.right));
    }
  }
  const lines = (rects) => new Set([...rects].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  const broken = [];
  for (const el of document.querySelectorAll(".amount")) {
    if (el.offsetParent !== null && lines(el.getClientRects()) > 1) broken.push(el.textContent);
  }
  // Amounts in any markup: every "R$ 1.234,56" in the text, one line each.
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const money = /(?:R\\$|BRL)\\s?-?[\\d.,]*\\d/g;
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    for (const m of n.data.matchAll(money)) {
      const range = document.createRange();
      range.setStart(n, m.index);
      range.setEnd(n, m.index + m[0].length);
      if (lines(range.getClientRects()) > 1) broken.push(m[0]);
    }
  }
  const whoEl = document.querySelector(".topbar .who");
  return {
    width: document.documentElement.scrollWidth,
    wide: wide.slice(0, 5),
    broken,
    ...(whoEl ? { who: { scroll: whoEl.scrollWidth, client: whoEl.clientWidth } } : {}),
  };
})()`;

const SHOTS = process.env.VISUAL_SHOTS ? join(SCREENSHOT_DIR, "visual") : "";

browserSuite(
  "the dashboard in Chromium: every page at phone and desktop widths in both languages, busy forms, copy buttons",
  { env: { TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1" } },
  (env) => {
    test("no page wider than the screen, no amount broken, the e-mail whole, no English or API path in pt-BR", async () => {
      const a = await env.svc.newAccount();
      await addUser(env.svc, a.accountId, EMAIL);
      const call = async (path: string, body: unknown, token = a.test) => {
        const res = await env.svc.call("POST", path, { token, body });
        assert.equal(res.statusCode, 200, `${path}: ${res.body}`);
        return res.json().data;
      };
      await call("/api/webhooks/create", { url: FAILING_URL, events: ["charge.approved"] });
      const pix = await call("/api/pix/charge/create", {
        value: 99876.54,
        title: "Camiseta azul tamanho GG com estampa do ateliê",
        customer_name: "Maria Aparecida dos Santos Silva",
        customer_email: "maria.aparecida.santos@exemplo.com.br",
      });
      await call("/api/pix/charge/simulate-pay", { charge_id: pix.chargeId });
      const due = await call("/api/pix/charge/create", {
        value: 1234.56,
        title: "Mensalidade dezembro",
        customer_name: "Maria Silva",
        customer_cpf: "529.982.247-25",
        due_date: day(10),
        fine: { mode: "percent", value: 2 },
        interest: { mode: "percent_per_month_calendar_days", value: 1 },
        discounts: { mode: "percent_until_date", tiers: [{ date: day(5), value: 3 }] },
      });
      await call("/api/crypto/wallet", { key: BIP84_VPUB, network: "testnet" });
      const btc = await call("/api/crypto/charge/create", {
        value: 120,
        product_name: "Pedido em Bitcoin",
      });
      await call("/api/products/create", {
        name: "Caneca de cerâmica esmaltada feita à mão",
        value: 35,
      });
      await call("/api/pix/subscriptions/create", {
        title: "Plano mensal da academia",
        customer_name: "Maria Silva",
        customer_cpf: "529.982.247-25",
        periodicity: "monthly",
        start_date: day(15),
        max_value: 120,
      });
      await recordUnmatched(env.svc.deps.db, {
        id: `unm_${randomUUID()}`,
        accountId: a.accountId,
        e2eid: "E12345678202611281530abcdefghijk",
        txid: "7d9f0335ee1b4c8fa0c1b2d3e4f5a6b7c8",
        amountCents: 9876543,
        paidAt: new Date(),
        source: "notification",
        createdAt: new Date(),
      });

      const results: string[] = [];
      const widths: Record<string, number> = {};
      const failures: string[] = [];
      if (SHOTS) mkdirSync(SHOTS, { recursive: true });

      /** Measures the page now shown at both widths (and, in pt-BR, reads its text). */
      const check = async (page: Page, lang: string, name: string) => {
        for (const size of [PHONE, DESKTOP]) {
          await page.setViewportSize(size);
          const m = (await page.evaluate(MEASURE)) as Measure;
          const at = `${lang} ${name} @${size.width}`;
          results.push(`${at}: ${m.width}`);
          if (size === PHONE) widths[`${lang} ${name}`] = m.width;
          if (m.width > size.width)
            failures.push(`${at}: ${m.width} px wide (${m.wide.join(", ")})`);
          if (m.broken.length > 0) failures.push(`${at}: amounts broken: ${m.broken.join(" | ")}`);
          if (m.who && m.who.scroll > m.who.client)
            failures.push(`${at}: e-mail clipped (${m.who.client} of ${m.who.scroll} px)`);
          if (SHOTS)
            await page.screenshot({
              path: join(SHOTS, `${lang}-${name}-${size.width}.png`),
              fullPage: true,
            });
        }
        if (lang === "pt-BR") {
          const text = await page.locator("body").innerText();
          const english = text.split("\n").filter((l) => ENGLISH.test(l) || PATHS.test(l));
          for (const l of english) failures.push(`${lang} ${name}: "${l.trim().slice(0, 160)}"`);
        }
      };

      for (const locale of ["pt-BR", "en"]) {
        const { page } = await env.newPage({ locale });
        const pt = locale === "pt-BR";
        await page.goto("/dashboard/sign-in");
        await page.getByLabel("E-mail").fill(EMAIL);
        await page.getByLabel(pt ? "Senha" : "Password").fill(PASSWORD);
        await page.getByRole("button", { name: pt ? "Entrar" : "Sign in", exact: true }).click();
        await page.waitForURL(/\/dashboard$/);
        const visit = async (name: string, path: string) => {
          await page.goto(path);
          await check(page, locale, name);
        };
        await visit("home", "/dashboard");
        await visit("charges", "/dashboard/charges");
        await visit("charge", `/dashboard/charges/${pix.chargeId}`);
        await visit("charge-due", `/dashboard/charges/${due.chargeId}`);
        await visit("charge-bitcoin", `/dashboard/charges/${btc.chargeId}`);
        await page.goto("/dashboard/charges/batch");
        await page.locator("input[type=file]").setInputFiles({
          name: "cobrancas.csv",
          mimeType: "text/csv",
          buffer: Buffer.from(
            [
              "value;due_date;title;customer_name;customer_cpf",
              `150,00;${day(10)};Mensalidade dezembro;Maria Silva;529.982.247-25`,
              `99,90;${day(12)};Mensalidade dezembro;João Souza;123.456.789-00`,
              `98.765,43;${day(-40)};Condomínio atrasado;Ana Lima;529.982.247-25`,
            ].join("\r\n"),
          ),
        });
        await page.locator("form[enctype] button[type=submit]").click();
        await page.locator(".batch-report").waitFor();
        await check(page, locale, "batch-report");
        await visit("keys", "/dashboard/keys");
        await visit("counter-links", "/dashboard/counter");
        await visit("webhooks", "/dashboard/webhooks");
        const hook = page.locator("a", { hasText: "127.0.0.1:9" }).first();
        await page.goto((await hook.getAttribute("href")) ?? "/dashboard/webhooks");
        await check(page, locale, "webhook");
        await visit("notifications", "/dashboard/notifications");
        await visit("wallet", "/dashboard/wallet");
        await visit("products", "/dashboard/products");
        await visit("account", "/dashboard/account");
        await visit("audit", "/dashboard/audit");
        await visit("subscriptions", "/dashboard/subscriptions");
        await visit("psp-test", "/dashboard/pix-provider");
        // Live mode: the longer navigation, the unmatched payments, the PSP form, and the
        // wallet's refusal of a published test key.
        await page.locator(".modebar button[value=live]").click();
        await page.waitForURL(/\/dashboard\/pix-provider$/);
        await check(page, locale, "psp-live");
        await visit("home-live", "/dashboard");
        await visit("unmatched", "/dashboard/unmatched-payments");
        // Without a PSP connection: the message linking the PSP page (statement.test.ts has a PSP).
        await visit("statement-no-psp", "/dashboard/statement");
        await page.goto("/dashboard/wallet");
        await page.locator("textarea[name=key]").fill(BIP84_ZPUB);
        await page.locator("form[action='/dashboard/wallet/preview'] button").click();
        await page.locator("#preview").waitFor();
        await check(page, locale, "wallet-refused");
        await visit("charges-live", "/dashboard/charges");
        // Back to test mode for the next language's session (the mode is the session's).
        await page.locator(".modebar button[value=test]").click();
        await page.waitForURL(/\/dashboard\/charges$/);
      }
      if (process.env.VISUAL_REPORT) console.log(results.join("\n"));
      assert.deepEqual(failures, [], failures.join("\n"));
    });

    test("a form being sent shows it is busy (button disabled and spinning) and is itself again when the page comes back from the history", async () => {
      const a = await env.svc.newAccount();
      await addUser(env.svc, a.accountId, "ocupado@loja.example");
      const { page } = await env.newPage();
      await signInHome(page, "ocupado@loja.example");
      await page.goto("/dashboard/products");
      await page.getByLabel("Nome").fill("Caneca");
      await page.getByLabel("Valor").fill("25,00");
      // The page's script marks the form as it goes; this listener, added after the script's,
      // then keeps the page from leaving, so the form can be looked at while it "is sent".
      await page.evaluate(`document.addEventListener("submit", (e) => e.preventDefault())`);
      const state = async () =>
        JSON.parse(
          (await page.evaluate(`(() => {
            const b = document.querySelector("form[action='/dashboard/products'] button[type=submit]");
            return JSON.stringify({
              form: b.form.getAttribute("aria-busy"),
              busy: b.getAttribute("aria-busy"),
              disabled: b.disabled,
              spinner: getComputedStyle(b, "::before").animationName,
            });
          })()`)) as string,
        ) as { form: string | null; busy: string | null; disabled: boolean; spinner: string };
      await page.getByRole("button", { name: "Criar produto" }).click();
      await page.waitForFunction(
        `document.querySelector("form[action='/dashboard/products'] button[type=submit]").disabled`,
      );
      assert.deepEqual(await state(), {
        form: "true",
        busy: "true",
        disabled: true,
        spinner: "busy-spin",
      });
      // What the back button does to a page kept in the browser's memory: a pageshow event.
      await page.evaluate(
        `window.dispatchEvent(new PageTransitionEvent("pageshow", { persisted: true }))`,
      );
      assert.deepEqual(await state(), { form: null, busy: null, disabled: false, spinner: "none" });
      // Sent for real (pressed twice), the busy form still reaches the service: one product.
      await page.reload();
      await page.getByLabel("Nome").fill("Caneca");
      await page.getByLabel("Valor").fill("25,00");
      await page.getByRole("button", { name: "Criar produto" }).dblclick();
      await page.locator(".flash.ok").waitFor();
      const rows = await env.svc.deps.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM products WHERE account_id = $1",
        [a.accountId],
      );
      assert.equal(Number(rows[0]?.n), 1);
    });

    test("a copy button copies the element it names (#id) or the long value it carries", async () => {
      const a = await env.svc.newAccount();
      await addUser(env.svc, a.accountId, "copia@loja.example");
      const { context, page } = await env.newPage();
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await signInHome(page, "copia@loja.example");
      // The two shapes of the markup, as the pages write them.
      const url = `${FAILING_URL}?pedido=${"x".repeat(60)}`;
      await page.evaluate(
        `document.querySelector("main").insertAdjacentHTML("beforeend", '<p id="by-id">pix_by_id</p><button type="button" class="secondary" data-copy="#by-id">Copiar</button><table class="cards"><tbody><tr><td data-label="URL"><span class="long" title="${url}">${url}</span><button type="button" class="copy" data-copy="${url}">Copiar</button></td></tr></tbody></table>')`,
      );
      const clipboard = () => page.evaluate("navigator.clipboard.readText()");
      await page.locator("button[data-copy='#by-id']").click();
      assert.equal(await clipboard(), "pix_by_id");
      await page.locator("button.copy").click();
      assert.equal(await clipboard(), url);
      // On a phone the long value stays on one line inside its card, the button beside it.
      await page.setViewportSize(PHONE);
      const box = await page.locator("td .long").boundingBox();
      const btn = await page.locator("button.copy").boundingBox();
      assert.ok(box && btn && box.height < 30, `one line: ${box?.height}`);
      assert.ok(btn.x + btn.width <= PHONE.width, "the button is on the screen");
      assert.ok(Math.abs(btn.y - box.y) < 12, "the button beside the value");
      assert.ok(
        ((await page.evaluate(`document.documentElement.scrollWidth`)) as number) <= PHONE.width,
      );
    });
  },
);
