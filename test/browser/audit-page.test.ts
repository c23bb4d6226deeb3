import assert from "node:assert/strict";
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { addUser, PASSWORD, signInAttempt } from "../helpers/dashboard.ts";
import { browserSuite, screenshot } from "./harness.ts";

// The dashboard's audit log page (docs/security.md): reached from the account page, it lists the
// sign-ins (the wrong password with its reason) and the key made, with who and from where, in
// pt-BR and English, on a phone and a desktop; screenshots also go to /tmp/shots/audit/ when
// AUDIT_SHOTS is set (for looking at them).

browserSuite("the audit log page", { env: { TOSTAO_WORKERS: "false" } }, (env) => {
  test("lists sign-ins and keys with actor, IP and changes, in both languages", async () => {
    const a = await env.svc.newAccount();
    await addUser(env.svc, a.accountId, "dona@loja.example");
    await signInAttempt(env.svc, "dona@loja.example", "not the password", "198.51.100.23");
    await env.svc.call("POST", "/api/auth/token/create", {
      token: a.live,
      body: { label: "ERP da loja", scopes: ["charges:read", "charges:write"] },
    });
    for (const locale of ["pt-BR", "en"]) {
      const { page } = await env.newPage({ locale });
      // The harness's sign-in reads the pt-BR labels; by field name in both languages.
      await page.goto("/dashboard/sign-in");
      await page.locator("input[name=email]").fill("dona@loja.example");
      await page.locator("input[name=password]").fill(PASSWORD);
      await page.locator("form[action='/dashboard/sign-in'] button[type=submit]").click();
      await page.waitForURL(/\/dashboard$/);
      await page.goto("/dashboard/account");
      await page.locator("a[href='/dashboard/audit']").click();
      await page.waitForURL(/\/dashboard\/audit$/);
      const text = await page.locator("main").innerText();
      for (const s of [
        "sign_in.failed",
        "wrong_password",
        "198.51.100.23",
        "key.created",
        "ERP da loja",
      ]) {
        assert.ok(text.includes(s), `${locale}: ${s} on the page`);
      }
      const paths = await screenshot(page, `audit-${locale}`);
      if (process.env.AUDIT_SHOTS) {
        mkdirSync(process.env.AUDIT_SHOTS, { recursive: true });
        for (const p of paths)
          copyFileSync(p, join(process.env.AUDIT_SHOTS, p.split("/").pop() ?? "x.png"));
      }
      await page.goto("/dashboard/audit?action=sign_in.failed");
      assert.equal(await page.locator("table.audit tbody tr").count(), 1);
    }
  });
});
