import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import { after, test } from "node:test";
import { Secret, TOTP } from "otpauth";
import type { Page } from "playwright-core";
import { manualClock } from "../../src/kernel/clock.ts";
import { addUser, PASSWORD } from "../helpers/dashboard.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";
import { until } from "../helpers/until.ts";
import { browserSuite, DESKTOP, PHONE, signIn } from "./harness.ts";

// Two-factor sign-in in Chromium, as a merchant meets it (issue 36): set up the app from the
// Security page (the secret read off the page, codes computed here with otpauth), the recovery
// codes shown once, the code step after the password (wrong, right, replayed, recovery code
// once), and a live key after the sudo window asking for a fresh code. The service's clock is
// injected, so the 30-second steps are moved by hand. The live relay is a local SMTP server, so
// the owner's alert of the new live key is read as the owner would get it.

const SHOTS = "/tmp/shots/totp";
const STEP = 30_000;
const clock = manualClock(new Date("2026-11-22T10:00:15.000Z"));
// Started before the suite so its URL is in the service's environment; closed after the file.
const relay = await startSmtpSink();
after(() => relay.close());

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

browserSuite(
  "two-factor sign-in in Chromium",
  {
    clock,
    env: {
      TOSTAO_SUDO_SECONDS: "60",
      TOSTAO_SMTP_URL: relay.url,
      TOSTAO_MAIL_FROM: "alertas@tostao.example",
    },
  },
  (env) => {
    test("enrol -> 10 recovery codes -> sign in with a code (wrong refused, replay refused, recovery once) -> live key asks for a fresh code -> the owner is mailed of it", async () => {
      const email = "duas@loja.example";
      const a = await env.svc.newAccount();
      await addUser(env.svc, a.accountId, email);
      const { page } = await env.newPage();
      await signIn(page, email);
      await page.waitForURL(/\/dashboard$/);

      await page.goto("/dashboard/account");
      await page.getByRole("link", { name: "Abrir a página de segurança" }).click();
      await page.waitForURL(/\/dashboard\/security$/);
      await shot(page, "security-off-pt-BR");
      await page.getByRole("button", { name: "Configurar aplicativo autenticador" }).click();
      const secret = (await page.locator("#totp-secret").getAttribute("data-secret")) ?? "";
      const shown = (await page.locator("#totp-secret").textContent()) ?? "";
      assert.equal(shown.replace(/ /g, ""), secret, "the grouped text is the secret");
      assert.match(secret, /^[A-Z2-7]{32}$/);
      assert.equal(await page.locator(".totp-qr svg").count(), 1, "a QR code");
      await shot(page, "security-setup-pt-BR");
      const totp = new TOTP({ secret: Secret.fromBase32(secret) });
      const code = () => totp.generate({ timestamp: clock.now().getTime() });

      await page.locator("input[name=code]").fill(code());
      await page.getByRole("button", { name: "Ativar" }).click();
      const codes = await page.locator("[data-recovery-codes] li").allTextContents();
      assert.equal(codes.length, 10);
      for (const c of codes) assert.match(c.trim(), /^[0-9a-z]{5}-[0-9a-z]{5}$/);
      await shot(page, "security-recovery-codes-pt-BR");
      await page.reload();
      assert.equal(await page.locator("[data-recovery-codes]").count(), 0, "shown once");
      assert.equal(await page.locator("[data-totp=on]").count(), 1);
      await shot(page, "security-on-pt-BR");

      // Sign out, then the password leads to the code step, not the dashboard.
      await page.locator(".topbar").getByRole("button", { name: "Sair" }).click();
      await page.waitForURL(/done=signed-out/);
      await signIn(page, email);
      await page.waitForURL(/\/dashboard\/sign-in\/code/);
      await shot(page, "code-step-pt-BR");
      assert.equal((await page.goto("/dashboard/charges"))?.url().includes("/sign-in"), true);
      await page.goBack();
      await page.goto("/dashboard/sign-in/code");
      await page.locator("input[name=code]").fill("000000");
      await page.getByRole("button", { name: "Confirmar" }).click();
      assert.match((await page.locator(".flash.error").textContent()) ?? "", /Código incorreto/);
      await shot(page, "code-step-wrong-pt-BR");
      clock.advance(STEP);
      const used = code();
      await page.locator("input[name=code]").fill(used);
      await page.getByRole("button", { name: "Confirmar" }).click();
      await page.waitForURL(/\/dashboard$/);

      // The same code on another browser's sign-in is refused: its step is spent.
      const other = (await env.newPage()).page;
      await signIn(other, email);
      await other.waitForURL(/\/sign-in\/code/);
      await other.locator("input[name=code]").fill(used);
      await other.getByRole("button", { name: "Confirmar" }).click();
      assert.match((await other.locator(".flash.error").textContent()) ?? "", /já usado/);
      // A recovery code works, once.
      const recovery = codes[0]?.trim() ?? "";
      await other.locator("input[name=code]").fill(recovery);
      await other.getByRole("button", { name: "Confirmar" }).click();
      await other.waitForURL(/\/dashboard$/);
      const third = (await env.newPage()).page;
      await signIn(third, email);
      await third.waitForURL(/\/sign-in\/code/);
      await third.locator("input[name=code]").fill(recovery);
      await third.getByRole("button", { name: "Confirmar" }).click();
      assert.equal(await third.locator(".flash.error").count(), 1, "a recovery code works once");

      // Past the sudo window a live key asks for a fresh code, then is made without retyping.
      clock.advance(61_000);
      await page.goto("/dashboard/keys");
      await page.getByLabel("Nome").fill("repasses");
      await page.getByLabel("Modo").selectOption("live");
      await page.getByRole("button", { name: "Criar chave" }).click();
      await page.locator("form[data-sudo]").waitFor();
      assert.equal(await page.locator("#new-key").count(), 0);
      await shot(page, "sudo-pt-BR");
      await page.locator("input[name=sudo_answer]").fill(code());
      await page.getByRole("button", { name: "Confirmar e continuar" }).click();
      const token = (await page.locator("#new-key").textContent())?.trim() ?? "";
      assert.match(token, /^svc_prod_/);
      assert.match((await page.locator(".flash.warn").textContent()) ?? "", /repasses/);

      // The owner's alert of that key, through the live relay: what, who, where from, no secret.
      const alert = await until(
        "the owner's alert mail",
        async () => relay.received.find((m) => /API/.test(m.parsed.subject ?? "")),
        15_000,
      );
      assert.deepEqual(alert.to, [email]);
      const text = alert.parsed.text ?? "";
      assert.ok(text.includes(email), "by whom");
      assert.ok(text.includes("127.0.0.1"), "from which IP");
      assert.match(text, /\/dashboard\/security/, "what to do if it was not them");
      assert.ok(!text.includes(token) && !String(alert.parsed.html).includes(token), "no key");

      // The sessions: three browsers signed in; this one signs the others out.
      await page.goto("/dashboard/security");
      assert.equal(await page.locator("tr[data-session]").count(), 2);
      await page.getByRole("button", { name: "Encerrar todas as outras" }).click();
      assert.equal(await page.locator("tr[data-session]").count(), 1);
      await other.goto("/dashboard");
      assert.match(other.url(), /\/sign-in/, "the other browser is signed out");
    });

    test("the security page and the code step in English", async () => {
      const email = "two@shop.example";
      const a = await env.svc.newAccount();
      await addUser(env.svc, a.accountId, email);
      const { page } = await env.newPage({ locale: "en" });
      const signInEn = async () => {
        await page.goto("/dashboard/sign-in");
        await page.locator("input[name=email]").fill(email);
        await page.locator("input[name=password]").fill(PASSWORD);
        await page.locator("form[action='/dashboard/sign-in'] button[type=submit]").click();
      };
      await signInEn();
      await page.waitForURL(/\/dashboard$/);
      await page.goto("/dashboard/security");
      await shot(page, "security-off-en");
      await page.getByRole("button", { name: "Set up an authenticator app" }).click();
      const secret = (await page.locator("#totp-secret").getAttribute("data-secret")) ?? "";
      await shot(page, "security-setup-en");
      const totp = new TOTP({ secret: Secret.fromBase32(secret) });
      clock.advance(STEP);
      await page
        .locator("input[name=code]")
        .fill(totp.generate({ timestamp: clock.now().getTime() }));
      await page.getByRole("button", { name: "Turn on" }).click();
      await page.locator("[data-recovery-codes]").waitFor();
      await shot(page, "security-recovery-codes-en");
      await page.locator(".topbar form[action='/dashboard/sign-out'] button").click();
      await page.waitForURL(/done=signed-out/);
      await signInEn();
      await page.waitForURL(/\/sign-in\/code/);
      await shot(page, "code-step-en");
    });
  },
);
