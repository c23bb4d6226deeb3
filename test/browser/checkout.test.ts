import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, test } from "node:test";
import jsqr from "jsqr";
import type { Page } from "playwright-core";
import { PNG } from "pngjs";
import { createAccount } from "../../src/domain/accounts/create-account.ts";
import { decodeBrCode } from "../../src/domain/pix/brcode.ts";
import { issueToken } from "../../src/domain/tokens/manage-tokens.ts";
import { startFakeEsplora } from "../helpers/fake-chain.ts";
import { browserSuite, PHONE, screenshot } from "./harness.ts";

// The payer's side in a real Chromium: a product's checkout link opened on a phone, the charge's
// payment page with a QR that a camera (here jsQR, on the screenshot) reads as the charge's
// code, and the page turning to paid by itself when the payment lands, then going on to the
// merchant's success_url. Also without JavaScript, for Bitcoin through the local chain
// stand-in, and for an expired charge.

const chain = await startFakeEsplora();
// The merchant's "thank you" page, where success_url points.
const shop = createServer((_req, res) => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
  res.end("<!doctype html><title>Obrigado</title><h1>Obrigado pela compra</h1>");
});
await new Promise<void>((r) => shop.listen(0, "127.0.0.1", r));
const shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/obrigado`;
after(async () => {
  await chain.close();
  await new Promise((r) => shop.close(r));
});

// Real time plus an offset the expiry test moves forward (a frozen clock would also freeze the
// chain checks' pacing, which the Bitcoin test needs).
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };

/** The first QR code jsQR finds in a full-page screenshot of `page`. */
async function readQrOnScreen(page: Page): Promise<string | undefined> {
  const png = PNG.sync.read(await page.screenshot({ fullPage: true }));
  return jsqr.default(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

const CUSTOMER = {
  name: "Joana Pagadora",
  email: "joana.pagadora@example.com",
  cpf: "529.982.247-25",
};

browserSuite(
  "the checkout and payment pages in Chromium",
  { env: { TOSTAO_ESPLORA_URL_TESTNET: chain.url }, clock },
  (env) => {
    // A merchant with a shop's name, which the pages show as who is paid.
    const shopAccount = async () => {
      const account = await createAccount(env.svc.deps, { name: "Ateliê da Ana" });
      const t = await issueToken(env.svc.deps, { accountId: account.id, label: "t", mode: "test" });
      return { test: t.token };
    };
    const product = async (body: Record<string, unknown>, token: string) => {
      const res = await env.svc.call("POST", "/api/products/create", { token, body });
      assert.equal(res.statusCode, 200, res.body);
      return res.json().data.id as string;
    };
    const ownerStatus = async (token: string, id: string) => {
      const route = id.startsWith("BTC-") ? "crypto" : "pix";
      const res = await env.svc.call("GET", `/api/${route}/charge/status?charge_id=${id}`, {
        token,
      });
      assert.equal(res.statusCode, 200, res.body);
      return res.json().data;
    };

    test("phone: product checkout -> PIX -> the QR on screen is the product's brCode -> paid within 3 s without reload -> success_url", async () => {
      const a = await shopAccount();
      const id = await product(
        {
          name: "Camiseta azul",
          value: 49.9,
          description: "Algodão orgânico, tamanho M",
          success_url: shopUrl,
        },
        a.test,
      );
      const { context, page } = await env.newPage();
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.setViewportSize(PHONE);
      await page.goto(`/checkout/${id}`);
      assert.equal(await page.locator("h1").textContent(), "Camiseta azul");
      assert.match((await page.locator(".pay-amount").textContent()) ?? "", /R\$\s49,90/);
      assert.equal(
        (await page.locator(".banner-test").textContent())?.trim(),
        "Ambiente de testes: nenhum dinheiro real",
      );
      assert.equal(await page.locator("input[name=method][value=pix]").isChecked(), true);
      await page.getByLabel("Nome").fill(CUSTOMER.name);
      await page.getByLabel("E-mail").fill(CUSTOMER.email);
      await page.getByLabel("CPF").fill(CUSTOMER.cpf);
      await screenshot(page, "checkout");
      await page.getByRole("button", { name: /Pagar R\$\s49,90/ }).click();
      await page.waitForURL(/\/pay\/pix_/);

      const chargeId = new URL(page.url()).pathname.split("/").pop() as string;
      const owner = await ownerStatus(a.test, chargeId);
      assert.equal(owner.customer_name, CUSTOMER.name, "the merchant has the payer's details");
      const onScreen = await readQrOnScreen(page);
      assert.equal(onScreen, owner.brCode, "the QR on the screen is the charge's brCode");
      const decoded = decodeBrCode(onScreen ?? "");
      assert.ok(decoded.ok);
      assert.equal(decoded.value.amountCentavos, 4990, "of the product's amount");
      assert.equal(await page.locator("#pay-code").inputValue(), owner.brCode);
      const text = (await page.content()).toLowerCase();
      for (const secret of [CUSTOMER.name, CUSTOMER.email, "52998224725", CUSTOMER.cpf]) {
        assert.ok(!text.includes(secret.toLowerCase()), `the page shows no ${secret}`);
      }
      assert.match(
        (await page.locator(".countdown").textContent()) ?? "",
        /^Tempo restante: (\d+:)?\d{2}:\d{2}$/,
      );
      await page.setViewportSize(PHONE);
      await screenshot(page, "pay-pix");
      // The copy button puts the code on the clipboard and says so.
      await page.getByRole("button", { name: "Copiar" }).click();
      await page.getByRole("button", { name: "Copiado!" }).waitFor();
      assert.equal(await page.evaluate("navigator.clipboard.readText()"), owner.brCode);

      // A marker that a reload would wipe: the page must change in place.
      await page.evaluate("window.__notReloaded = true");
      const sim = await env.svc.call("POST", "/api/pix/charge/simulate-pay", {
        token: a.test,
        body: { charge_id: chargeId },
      });
      assert.equal(sim.statusCode, 200, sim.body);
      const paidFrom = Date.now();
      await page.locator("#pay-status[data-status=approved]").waitFor({ timeout: 3000 });
      assert.ok(Date.now() - paidFrom <= 3000);
      assert.equal(await page.locator("#pay-status").textContent(), "Pagamento confirmado");
      assert.equal(await page.evaluate("window.__notReloaded"), true, "no reload");
      assert.equal(await page.locator("#pay-code").isVisible(), false, "the code is gone");
      await page.waitForURL(shopUrl, { timeout: 6000 });
      assert.equal(await page.locator("h1").textContent(), "Obrigado pela compra");
    });

    test("Bitcoin: the address and BIP21 QR; a payment seen by the chain stand-in turns the page to paid", async () => {
      const a = await shopAccount();
      const id = await product({ name: "Curso de fotografia", value: 197 }, a.test);
      const { page } = await env.newPage();
      await page.setViewportSize(PHONE);
      await page.goto(`/checkout/${id}`);
      await page.getByText("Bitcoin", { exact: true }).click();
      await page.getByRole("button", { name: /Pagar/ }).click();
      await page.waitForURL(/\/pay\/BTC-/);
      const chargeId = new URL(page.url()).pathname.split("/").pop() as string;
      const owner = await ownerStatus(a.test, chargeId);
      assert.equal(await page.locator("#pay-code").inputValue(), owner.address);
      assert.match(
        (await page.locator(".pay-amount").textContent()) ?? "",
        /R\$\s197,00\s+0\.\d{8} BTC/,
      );
      assert.equal(await readQrOnScreen(page), owner.payUri, "the QR is the BIP21 payment URI");
      assert.match(owner.payUri, /^bitcoin:tb1q\w+\?amount=0\.\d+/);
      assert.equal(
        await page.getByRole("link", { name: "Abrir na carteira" }).getAttribute("href"),
        owner.payUri,
      );
      await screenshot(page, "pay-bitcoin");

      const sats = Math.round(Number(owner.amountCrypto) * 1e8);
      chain.pay(owner.address, sats);
      // The feed asks the chain at most every 5 s per charge; the page polls every 2 s.
      await page.locator("#pay-status[data-status=approved]").waitFor({ timeout: 12_000 });
      assert.equal(await page.locator("#pay-status").textContent(), "Pagamento confirmado");
      assert.equal((await ownerStatus(a.test, chargeId)).statusCode, "approved");
      await screenshot(page, "pay-bitcoin-paid");
    });

    test("JavaScript off: the checkout form, the QR and the code work, and the refresh link shows paid", async () => {
      const a = await shopAccount();
      const id = await product({ name: "Ebook de receitas", value: 19.9 }, a.test);
      const context = await env.browser.newContext({
        viewport: PHONE,
        locale: "pt-BR",
        baseURL: env.base,
        javaScriptEnabled: false,
      });
      try {
        const page = await context.newPage();
        await page.goto(`/checkout/${id}`);
        await page.getByRole("button", { name: /Pagar/ }).click();
        await page.waitForURL(/\/pay\/pix_/);
        const chargeId = new URL(page.url()).pathname.split("/").pop() as string;
        const owner = await ownerStatus(a.test, chargeId);
        assert.equal(await readQrOnScreen(page), owner.brCode);
        assert.equal(await page.locator("#pay-code").inputValue(), owner.brCode);
        assert.equal(await page.locator("html").getAttribute("class"), null, "no script ran");
        assert.equal(
          await page.locator("noscript").first().innerHTML(),
          '<meta http-equiv="refresh" content="5">',
          "the page refreshes itself",
        );
        await screenshot(page, "pay-pix-nojs");
        await env.svc.call("POST", "/api/pix/charge/simulate-pay", {
          token: a.test,
          body: { charge_id: chargeId },
        });
        await page.getByRole("link", { name: "Atualizar" }).click();
        await page.locator("#pay-status[data-status=approved]").waitFor();
        assert.equal(await page.locator("#pay-status").textContent(), "Pagamento confirmado");
        assert.equal(await page.locator("#pay-code").count(), 0);
        await screenshot(page, "pay-paid-nojs");

        // The test mode's simulate button is a plain form: it works without script too, and the
        // paid page then follows the product's success_url (a <meta refresh>).
        const withSuccess = await product(
          { name: "Ebook de receitas", value: 19.9, success_url: shopUrl },
          a.test,
        );
        await page.goto(`/checkout/${withSuccess}`);
        await page.getByRole("button", { name: /Pagar/ }).click();
        await page.waitForURL(/\/pay\/pix_/);
        await page.getByRole("button", { name: "Simular pagamento" }).click();
        await page.locator("#pay-status[data-status=approved]").waitFor();
        await page.waitForURL(shopUrl, { timeout: 6000 });
      } finally {
        await context.close();
      }
    });

    test("the public routes keep the API's rules: 401 without token and product, 404 for another mode's product", async () => {
      const a = await env.svc.newAccount();
      const live = await product({ name: "Produto live", value: 10 }, a.live);
      const { page } = await env.newPage();
      for (const url of ["/api/pix/charge/create", "/api/crypto/charge/create"]) {
        const anonymous = await page.request.post(url, { data: { value: 10 } });
        assert.equal(anonymous.status(), 401, url);
        const otherMode = await page.request.post(url, {
          data: { product_id: live },
          headers: { authorization: `Bearer ${a.test}` },
        });
        assert.equal(otherMode.status(), 404, url);
      }
      // The live product's own checkout is live: no test banner, and nothing enabled to pay with.
      await page.goto(`/checkout/${live}`);
      assert.equal(await page.locator(".banner-test").count(), 0);
      assert.equal(await page.locator("input[name=method]").count(), 0);
    });

    test("English from the catalogue, and an expired charge's page says so", async () => {
      const a = await shopAccount();
      const id = await product({ name: "Caneca", value: 35 }, a.test);
      const res = await env.svc.call("POST", "/api/pix/charge/create", {
        token: a.test,
        body: { product_id: id, expires_in: 60 },
      });
      const charge = res.json().data;
      const { page } = await env.newPage({ locale: "en-US" });
      await page.setViewportSize(PHONE);
      await page.goto(new URL(charge.paymentUrl).pathname);
      assert.equal(await page.locator("#pay-status").textContent(), "Waiting for payment");
      assert.equal(
        (await page.locator(".banner-test").textContent())?.trim(),
        "Test environment: no real money",
      );
      offsetMs += 2 * 60_000;
      try {
        // The open page learns it from the feed (which expires an overdue charge as it reads it).
        await page.locator("#pay-status[data-status=expired]").waitFor({ timeout: 4000 });
        assert.equal(await page.locator("#pay-status").textContent(), "This charge has expired");
        assert.equal(await page.locator(".pay-open").isVisible(), false);
        await page.reload();
        assert.equal(await page.locator("#pay-status").textContent(), "This charge has expired");
        assert.equal(
          await page.locator("svg").count(),
          0,
          "no QR for a charge that cannot be paid",
        );
        assert.equal(
          await page.getByRole("link", { name: "Start a new charge" }).getAttribute("href"),
          `/checkout/${id}`,
        );
        await screenshot(page, "pay-expired");
      } finally {
        offsetMs -= 2 * 60_000;
      }
    });
  },
);
