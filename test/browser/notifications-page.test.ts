import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { addUser, PASSWORD } from "../helpers/dashboard.ts";
import { browserSuite, PHONE, SCREENSHOT_DIR } from "./harness.ts";

// The payers' mail on a phone (issue 35 item 5): the notifications page (relay warning, settings
// form, the bill's preview in its sandboxed frame, the log) and a charge's page with its mails
// and "send again", in pt-BR and English at 390 px, no wider than the screen. With
// VISUAL_SHOTS=1 each is saved under artifacts/screenshots/visual/notifications-*.png.

const SHOTS = process.env.VISUAL_SHOTS ? join(SCREENSHOT_DIR, "visual") : "";
const EMAIL = "mail-phone@example.com";

browserSuite("the payers' mail in the dashboard, on a phone", {}, (env) => {
  test("the notifications page and a charge's mails fit 390 px in both languages, send again adds a mail", async () => {
    const a = await env.svc.newAccount();
    await addUser(env.svc, a.accountId, EMAIL);
    const made = await env.svc.call("POST", "/api/pix/charge/create", {
      token: a.test,
      body: {
        value: 98765.43,
        title: "Vestido de noiva sob medida, com bordado à mão",
        customer_email: "maria.aparecida.dos.santos.oliveira@exemplo-de-dominio-longo.com.br",
      },
    });
    assert.equal(made.statusCode, 200, made.body);
    const id = made.json().data.chargeId as string;
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });

    const failures: string[] = [];
    for (const locale of ["pt-BR", "en"]) {
      const pt = locale === "pt-BR";
      const { page } = await env.newPage({ locale });
      await page.setViewportSize(PHONE);
      await page.goto("/dashboard/sign-in");
      await page.getByLabel("E-mail").fill(EMAIL);
      await page.getByLabel(pt ? "Senha" : "Password").fill(PASSWORD);
      await page.getByRole("button", { name: pt ? "Entrar" : "Sign in", exact: true }).click();
      await page.waitForURL(/\/dashboard$/);
      const check = async (name: string) => {
        const width = (await page.evaluate("document.documentElement.scrollWidth")) as number;
        if (width > PHONE.width) failures.push(`${locale} ${name}: ${width} px wide`);
        if (SHOTS)
          await page.screenshot({
            path: join(SHOTS, `notifications-${locale}-${name}-390.png`),
            fullPage: true,
          });
      };

      await page.goto("/dashboard/notifications");
      const relay = await page.locator("#relay-status").innerText();
      assert.match(relay, pt ? /Os pagadores não recebem e-mail/ : /Payers get no mail/);
      assert.equal(await page.locator("iframe.mail-preview").isVisible(), true);
      const frame = page.frameLocator("iframe.mail-preview");
      assert.match(await frame.locator("body").innerText(), /R\$\s?150[,.]00/);
      await check("page");

      await page.goto(`/dashboard/charges/${id}`);
      const mails = page.locator("#mails tbody tr");
      const before = await mails.count();
      assert.ok(before >= 1, "the bill planned at creation");
      await page
        .getByRole("button", { name: pt ? "Reenviar cobrança" : "Send the bill again" })
        .click();
      await page.waitForURL(/done=resent/);
      assert.equal(await mails.count(), before + 1);
      await page.locator("#mails").scrollIntoViewIfNeeded();
      await check("charge");
    }
    assert.deepEqual(failures, []);
  });
});
