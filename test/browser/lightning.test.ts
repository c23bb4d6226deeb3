import assert from "node:assert/strict";
import { after, test } from "node:test";
import jsqr from "jsqr";
import type { Page } from "playwright-core";
import { PNG } from "pngjs";
import { createAccount } from "../../src/domain/accounts/create-account.ts";
import { issueToken } from "../../src/domain/tokens/manage-tokens.ts";
import { startLndPeer } from "../helpers/ln-peer/index.ts";
import { browserSuite, PHONE, screenshot } from "./harness.ts";

// The payer's side of a unified Bitcoin charge on a phone: one QR holding the BIP21 URI with
// the Lightning invoice, a copy button for the invoice and one for the address, and the page
// turning to paid by itself seconds after the node (the LND peer) settles the invoice.

const lnd = await startLndPeer({ network: "regtest" });
after(() => lnd.close());

async function readQrOnScreen(page: Page): Promise<string | undefined> {
  const png = PNG.sync.read(await page.screenshot({ fullPage: true }));
  return jsqr.default(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

browserSuite(
  "the unified Bitcoin + Lightning payment page in Chromium",
  { env: { TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1", TOSTAO_LIGHTNING_CHECK_SECONDS: "1" } },
  (env) => {
    test("phone: one QR (BIP21 with lightning=), invoice and address copy buttons, paid within seconds of the settlement", async () => {
      const account = await createAccount(env.svc.deps, { name: "Café do Porto" });
      const { token } = await issueToken(env.svc.deps, {
        accountId: account.id,
        label: "t",
        mode: "test",
      });
      const call = (method: "GET" | "POST", url: string, body?: unknown) =>
        env.svc.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${token}` },
          ...(body ? { payload: body as object } : {}),
        });
      const saved = await call("POST", "/api/crypto/lightning", {
        backend: "lnd",
        url: lnd.url,
        macaroon: lnd.macaroon,
        tls_certificate: lnd.certificate,
      });
      assert.equal(saved.statusCode, 200, saved.body);
      await env.svc.lightningWorker.runOnce();
      const c = (
        await call("POST", "/api/crypto/charge/create", { value: 35, product_name: "Espresso" })
      ).json().data;
      assert.equal(c.lightning, "included");

      const { page } = await env.newPage();
      await page.setViewportSize(PHONE);
      await page.goto(`/pay/${c.chargeId}`);
      assert.equal(await page.locator("#pay-invoice").inputValue(), c.lightningInvoice);
      assert.equal(await page.locator("#pay-code").inputValue(), c.address);
      await page.getByRole("button", { name: "Copiar fatura" }).waitFor();
      assert.equal(await page.locator("figure.pay-qr").count(), 1, "one QR");
      assert.equal(await readQrOnScreen(page), c.payUri, "the QR is the unified URI");
      await screenshot(page, "pay-lightning");

      for (let i = 0; i < 50 && lnd.streamCount() === 0; i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      const hash = lnd.book.byInvoice(c.lightningInvoice)?.paymentHash ?? "";
      const t0 = Date.now();
      lnd.settle(hash);
      // The page polls every 2 s; the stream approves at once.
      await page.locator("#pay-status[data-status=approved]").waitFor({ timeout: 6_000 });
      const seconds = (Date.now() - t0) / 1000;
      assert.ok(seconds < 5, `${seconds} s`);
      await screenshot(page, "pay-lightning-paid");
    });
  },
);
