import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { test } from "node:test";
import type { Page } from "playwright-core";
import { listTokens } from "../../src/domain/tokens/manage-tokens.ts";
import { addUser, PASSWORD } from "../helpers/dashboard.ts";
import { browserSuite, DESKTOP, PHONE, signInHome } from "./harness.ts";

// Roles in Chromium (issue 36): an owner invites a viewer with that role from the members
// table; the viewer signs in through the link, reads charges, finds no "make a key" control,
// and a forged POST of the key form (the page's own CSRF token) is refused with 403 and makes
// nothing. Then the owner requires two factors and the viewer is sent to enrolment. The members
// table is photographed at 390 and 1280 px in both languages (shots/, not committed).

const SHOTS = resolve(import.meta.dirname, "../../shots");

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const [label, size] of [
    ["1280", DESKTOP],
    ["390", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.locator("#members").screenshot({ path: `${SHOTS}/${name}-${label}.png` });
  }
  await page.setViewportSize(DESKTOP);
}

browserSuite("roles in Chromium", {}, (env) => {
  test("invited as viewer: reads charges, no key control, a forged key POST is 403; required two factors send them to enrolment", async () => {
    const a = await env.svc.newAccount();
    await addUser(env.svc, a.accountId, "dona@loja.example");
    await addUser(env.svc, a.accountId, "dev@loja.example", PASSWORD, "developer");
    const owner = await env.newPage();
    await signInHome(owner.page, "dona@loja.example");
    await owner.page.goto("/dashboard/account");
    await owner.page.getByLabel("Convidar como").selectOption("viewer");
    await owner.page.getByRole("button", { name: "Criar link de convite" }).click();
    const link = (await owner.page.locator("#invite-link").textContent())?.trim() ?? "";
    assert.match(link, /\/dashboard\/setup\?code=/);

    const viewer = await env.newPage();
    await viewer.page.goto(link);
    await viewer.page.getByLabel("E-mail").fill("leitor@loja.example");
    await viewer.page.getByLabel("Nova senha (mínimo 10 caracteres)").fill(PASSWORD);
    await viewer.page.getByLabel("Repita a senha").fill(PASSWORD);
    await viewer.page.locator("form button[type=submit]").click();
    await viewer.page.waitForURL(/\/dashboard\?done=welcome/);
    await viewer.page.goto("/dashboard/charges");
    assert.equal(await viewer.page.locator("h1").textContent(), "Cobranças");

    await viewer.page.goto("/dashboard/keys");
    assert.equal(await viewer.page.getByRole("button", { name: "Criar chave" }).count(), 0);
    assert.equal(await viewer.page.locator('form[action="/dashboard/keys"]').count(), 0);
    const before = (await listTokens(env.svc.deps, { accountId: a.accountId })).tokens.length;
    const csrf = await viewer.page.locator("input[name=_csrf]").first().inputValue();
    const forged = await viewer.page.evaluate(async (token) => {
      const body = new URLSearchParams({ _csrf: token, label: "forjada", mode: "test" });
      const res = await fetch("/dashboard/keys", { method: "POST", body });
      return { status: res.status, text: await res.text() };
    }, csrf);
    assert.equal(forged.status, 403);
    assert.match(forged.text, /papel leitor não permite isto/);
    const after = (await listTokens(env.svc.deps, { accountId: a.accountId })).tokens.length;
    assert.equal(after, before, "no key was made");

    // Where the money goes reads, without the forms a viewer could only be refused by.
    await viewer.page.goto("/dashboard/wallet");
    assert.equal(await viewer.page.locator('form[action="/dashboard/wallet/preview"]').count(), 0);
    assert.equal(
      await viewer.page.locator('form[action="/dashboard/wallet/lightning"]').count(),
      0,
    );
    assert.equal(await viewer.page.locator("#read-only").isVisible(), true);
    await viewer.page.screenshot({ path: `${SHOTS}/wallet-viewer-pt-BR-1280.png`, fullPage: true });
    await viewer.page.goto("/dashboard/notifications");
    assert.equal(await viewer.page.locator("#mail-settings form").count(), 0);
    await viewer.page.setViewportSize(PHONE);
    await viewer.page.screenshot({
      path: `${SHOTS}/notifications-viewer-pt-BR-390.png`,
      fullPage: true,
    });
    await viewer.page.setViewportSize(DESKTOP);

    await owner.page.goto("/dashboard/account");
    const row = owner.page.locator('tr[data-member="leitor@loja.example"]');
    assert.equal(await row.locator("select[name=role]").inputValue(), "viewer");
    await shot(owner.page, "members-pt-BR");
    const en = await env.newPage({ locale: "en" });
    await en.page.goto("/dashboard/sign-in");
    await en.page.getByLabel("E-mail").fill("dona@loja.example");
    await en.page.getByLabel("Password").fill(PASSWORD);
    await en.page.getByRole("button", { name: "Sign in", exact: true }).click();
    await en.page.waitForURL(/\/dashboard$/);
    await en.page.goto("/dashboard/account");
    await shot(en.page, "members-en");
    const dev = await env.newPage();
    await signInHome(dev.page, "dev@loja.example");
    await dev.page.goto("/dashboard/account");
    await shot(dev.page, "members-developer-pt-BR");

    await owner.page.getByRole("button", { name: "Exigir dois fatores" }).click();
    await owner.page.locator(".flash.ok").waitFor();
    await viewer.page.goto("/dashboard/charges");
    await viewer.page.waitForURL(/\/dashboard\/security\?enrol=1/);
    assert.match(
      (await viewer.page.locator(".flash.warn").textContent()) ?? "",
      /Esta conta exige dois fatores/,
    );
    await viewer.page.screenshot({ path: `${SHOTS}/enrol-required-pt-BR-390.png`, fullPage: true });
  });
});
