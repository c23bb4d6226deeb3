import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { test } from "node:test";
import type { BrowserContext, Page } from "playwright-core";
import { manualClock } from "../../src/kernel/clock.ts";
import { addUser } from "../helpers/dashboard.ts";
import { browserSuite, DESKTOP, PHONE, signIn } from "./harness.ts";

// Passkeys in Chromium with CDP's virtual authenticator (a platform authenticator with resident
// keys and user verification, as a phone or a laptop with a fingerprint reader is): one added
// and named on the Security page, the user signed out and back in with the passkey alone (no
// e-mail or password typed), then a live key past the sudo window confirmed with the passkey,
// the kept form going through. The browser talks to http://localhost: a relying party id cannot
// be an IP address, and TOSTAO_BASE_URL names that host.

const SHOTS = resolve(import.meta.dirname, "../../shots");
const clock = manualClock(new Date("2026-11-22T10:00:15.000Z"));

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const [label, size] of [
    ["1280", DESKTOP],
    ["390", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}

async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  return addAuthenticator(cdp);
}

type Cdp = Awaited<ReturnType<BrowserContext["newCDPSession"]>>;

async function addAuthenticator(cdp: Cdp) {
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    /** Another device: this one gone, a new one in its place. */
    replace: async () => {
      await cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId });
      return addAuthenticator(cdp);
    },
    credentials: async () =>
      (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  };
}

browserSuite(
  "passkeys in Chromium",
  { clock, selfBaseUrl: true, host: "localhost", env: { TOSTAO_SUDO_SECONDS: "60" } },
  (env) => {
    test("add a passkey on the Security page -> sign out -> sign in with the passkey alone -> it confirms a live key after the sudo window", async () => {
      const email = "chave@loja.example";
      const a = await env.svc.newAccount();
      await addUser(env.svc, a.accountId, email);
      const { context, page } = await env.newPage();
      const authenticator = await virtualAuthenticator(context, page);
      await signIn(page, email);
      await page.waitForURL(/\/dashboard$/);

      await page.goto("/dashboard/security");
      const card = page.locator("[data-passkeys]");
      await card.getByLabel("Nome da nova passkey").fill("Notebook do escritório");
      await card.getByRole("button", { name: "Adicionar passkey" }).click();
      await page.locator(".flash.ok").waitFor();
      assert.match((await page.locator(".flash.ok").textContent()) ?? "", /Notebook do escritório/);
      const stored = await authenticator.credentials();
      assert.equal(stored.length, 1);
      assert.equal(stored[0]?.isResidentCredential, true, "a discoverable credential");
      assert.equal(stored[0]?.rpId, "localhost");
      // The same device again is refused by the browser (its credential is excluded).
      await card.getByLabel("Nome da nova passkey").fill("De novo");
      await card.getByRole("button", { name: "Adicionar passkey" }).click();
      await card
        .locator("[data-passkey-error].flash.error[role=alert]")
        .waitFor({ state: "visible" });
      assert.match((await card.locator("[data-passkey-error]").textContent()) ?? "", /já tem/);
      // A second device.
      clock.advance(5_000);
      const phone = await authenticator.replace();
      await card.getByLabel("Nome da nova passkey").fill("Celular");
      await card.getByRole("button", { name: "Adicionar passkey" }).click();
      // The first add's notice is still on the page until the second one's page replaces it.
      await page.locator(".flash.ok", { hasText: "Celular" }).waitFor();
      assert.equal((await phone.credentials()).length, 1);
      assert.equal(await page.locator("tr[data-passkey-row]").count(), 2);
      assert.equal(await page.locator("[data-passkey-unsupported]").isVisible(), false);

      // Sign out; the passkey alone signs in, no field typed.
      await page.locator(".topbar").getByRole("button", { name: "Sair" }).click();
      await page.waitForURL(/done=signed-out/);
      await shot(page, "sign-in-pt-BR");
      await page.getByRole("button", { name: "Entrar com passkey" }).click();
      await page.waitForURL(/\/dashboard$/);
      assert.equal(await page.locator("input[name=password]").count(), 0);
      const [signedIn] = await env.svc.deps.db.query<{ changes: { factor: { after: string } } }>(
        `SELECT changes FROM audit_log WHERE account_id = $1 AND action = 'sign_in.succeeded'
           ORDER BY seq DESC LIMIT 1`,
        [a.accountId],
      );
      assert.equal(signedIn?.changes.factor.after, "passkey");
      await page.goto("/dashboard/security");
      assert.match(
        (await page.locator("tr[data-passkey-row]").last().textContent()) ?? "",
        /Celular[\s\S]*\d{2}:\d{2}/,
        "the passkey used shows when",
      );
      await shot(page, "security-passkeys-pt-BR");
      await page.goto("/dashboard/security?lang=en");
      await shot(page, "security-passkeys-en");
      await page.goto("/dashboard/security?lang=pt-BR");

      // Past the sudo window a live key asks for a factor; the passkey gives it.
      clock.advance(61_000);
      await page.goto("/dashboard/keys");
      await page.getByLabel("Nome").fill("repasses");
      await page.getByLabel("Modo").selectOption("live");
      await page.getByRole("button", { name: "Criar chave" }).click();
      await page.locator("form[data-sudo-passkey]").waitFor({ state: "visible" });
      await shot(page, "sudo-passkey-pt-BR");
      await page.getByRole("button", { name: "Confirmar com passkey" }).click();
      const token = (await page.locator("#new-key").textContent())?.trim() ?? "";
      assert.match(token, /^svc_prod_/);
      assert.match((await page.locator(".flash.warn").textContent()) ?? "", /repasses/);
    });
  },
);
