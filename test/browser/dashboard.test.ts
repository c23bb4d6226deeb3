import assert from "node:assert/strict";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import type { Page } from "playwright-core";
import { addUser, PASSWORD } from "../helpers/dashboard.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { until } from "../helpers/until.ts";
import { browserSuite, screenshot, signIn } from "./harness.ts";

// The dashboard in a real Chromium, as a merchant uses it: every page is visited and
// photographed at desktop and phone widths (artifacts/screenshots/), and each of issue 13's
// "done when" lines is walked through.

// The BIP84 test vectors (mnemonic "abandon … about"): the mainnet account m/84'/0'/0' as a
// zpub with its first receive address, and the testnet account m/84'/1'/0' as a vpub with its
// first receive address.
const BIP84_ZPUB =
  "zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs";
const BIP84_FIRST = "bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu";
const BIP84_VPUB =
  "vpub5Y6cjg78GGuNLsaPhmYsiw4gYX3HoQiRBiSwDaBXKUafCt9bNwWQiitDk5VZ5BVxYnQdwoTyXSs2JHRPAgjAvtbBrf8ZhDYe2jWAqvZVnsc";
const BIP84_TESTNET_FIRST = "tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl";
/** An attempt row of a delivery card whose status-code cell says 200. */
const OK_ATTEMPT = 'tbody tr:has(td:nth-child(2):text-is("200"))';

let receiver: Awaited<ReturnType<typeof startReceiver>>;
before(async () => {
  receiver = await startReceiver();
});
after(() => receiver.close());

/** Clicks an action behind its confirmation (the <details> opens, then the real button). */
async function confirm(
  page: Page,
  label: string,
  confirmLabel: string,
  scope = page.locator("body"),
) {
  await scope.locator("summary", { hasText: label }).first().click();
  await scope.getByRole("button", { name: confirmLabel }).first().click();
}

browserSuite(
  "the dashboard in Chromium",
  { env: { TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1" } },
  (env) => {
    test("setup link -> first user -> sign in -> live key shown once -> it works -> revoked -> 401 within 1 s", async () => {
      const { page } = await env.newPage();
      const code = env.svc.bootstrapSetupCode;
      assert.ok(code, "the first start made a setup link");
      await page.goto(`/dashboard/setup?code=${code}`);
      await screenshot(page, "setup");
      await page.getByLabel("Nome da loja").fill("Ateliê da Dona");
      await page.getByLabel("E-mail").fill("dona@loja.example");
      await page.getByLabel("Nova senha").fill(PASSWORD);
      await page.getByLabel("Repita a senha").fill(PASSWORD);
      await page.getByRole("button", { name: "Criar usuário" }).click();
      // Setup signs the new user in.
      await page.waitForURL(/\/dashboard\?done=welcome/);
      await page.goto("/dashboard/sign-in");
      await screenshot(page, "sign-in");
      // The link worked once.
      const again = await page.goto(`/dashboard/setup?code=${code}`);
      assert.equal(again?.status(), 404);

      await signIn(page, "dona@loja.example");
      await page.waitForURL(/\/dashboard$/);
      assert.match((await page.locator(".banner-test").textContent()) ?? "", /Dados de teste/);
      await screenshot(page, "home");

      await page.goto("/dashboard/keys");
      await page.getByLabel("Nome").fill("loja-backend");
      await page.getByLabel("Modo").selectOption("live");
      await page.getByRole("button", { name: "Criar chave" }).click();
      const token = (await page.locator("#new-key").textContent())?.trim() ?? "";
      assert.match(token, /^svc_prod_/);
      await screenshot(page, "keys-created");
      const call = () =>
        fetch(`${env.base}/api/auth/tokens`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal((await call()).status, 200, "the new live key works");

      // Shown once: the list shows its prefix only, in live mode.
      await page.getByRole("button", { name: "Produção" }).click();
      await page.waitForURL(/\/dashboard\/keys$/);
      const html = await page.content();
      assert.ok(!html.includes(token), "the value is never shown again");
      const row = page.locator("tr", { hasText: "loja-backend" });
      assert.match((await row.textContent()) ?? "", new RegExp(token.slice(0, 12)));
      assert.equal(await page.locator(".banner-test").count(), 0, "no test banner in live mode");

      await confirm(page, "Revogar", "Revogar", row);
      await page.locator(".flash.ok").waitFor();
      const revokedAt = Date.now();
      const status = await until(
        "the key to be refused",
        async () => {
          const s = (await call()).status;
          return s === 401 ? s : undefined;
        },
        20_000,
        200,
      );
      assert.equal(status, 401);
      assert.ok(Date.now() - revokedAt < 1000, `refused after ${Date.now() - revokedAt} ms`);
      await screenshot(page, "keys-revoked");

      // The "charges only" preset: the list's Scopes column names exactly the two scopes.
      await page.getByLabel("Nome").fill("plugin-loja");
      await page.getByLabel("Modo").selectOption("live");
      await page.getByLabel("Permissões").selectOption("charges");
      await page.getByRole("button", { name: "Criar chave" }).click();
      const plugin = (await page.locator("#new-key").textContent())?.trim() ?? "";
      assert.match(plugin, /^svc_prod_/);
      const scopes = page.locator("tr", { hasText: "plugin-loja" }).locator("[data-scopes]");
      assert.equal((await scopes.textContent())?.trim(), "charges:read charges:write");
      const hook = await fetch(`${env.base}/api/webhooks/create`, {
        method: "POST",
        headers: { authorization: `Bearer ${plugin}`, "content-type": "application/json" },
        body: JSON.stringify({ url: "https://example.com/hook" }),
      });
      assert.equal(hook.status, 403, "the preset key cannot register a webhook");
    });

    test("test mode: webhook (secret once), charge, simulated payment from its page, charge.approved delivered with attempts, redelivered", async () => {
      const { page } = await env.newPage();
      await signIn(page, "dona@loja.example");
      await page.goto("/dashboard/webhooks");
      await page.getByLabel("URL").fill(receiver.url);
      await page.getByRole("button", { name: "Criar webhook" }).click();
      const secret = (await page.locator("#new-secret").textContent())?.trim() ?? "";
      assert.match(secret, /^whsec_/);
      await screenshot(page, "webhooks-created");
      await page.goto("/dashboard/webhooks");
      assert.ok(!(await page.content()).includes(secret), "the secret is shown once");

      await page.goto("/dashboard/charges");
      await page.getByLabel("Valor").fill("49,90");
      await page.getByLabel("Título").fill("Camiseta azul");
      await page.getByLabel("Cliente", { exact: true }).fill("Maria Silva");
      await page.getByRole("button", { name: "Criar cobrança" }).click();
      await page.waitForURL(/\/dashboard\/charges\/pix_/);
      const chargeUrl = page.url().split("?")[0] ?? "";
      await page.locator("img.qr").waitFor();
      await screenshot(page, "charge-pending");

      await confirm(page, "Simular pagamento", "Sim, simular pagamento");
      await page.waitForURL(/done=simulate-pay/);
      assert.match((await page.locator("#charge-status").textContent()) ?? "", /Aprovada/);
      // The worker delivers charge.approved to the receiver; the charge's page shows its attempt.
      const approvedCard = page.locator(".delivery", { hasText: "charge.approved" });
      await until(
        "charge.approved's first attempt",
        async () => {
          await page.goto(chargeUrl);
          return (await approvedCard.locator(OK_ATTEMPT).count()) === 1;
        },
        20_000,
        200,
      );
      assert.ok(receiver.received.some((r) => r.json?.event === "charge.approved"));
      await screenshot(page, "charge-approved");

      await approvedCard.getByRole("button", { name: "Reenviar" }).click();
      await page.waitForURL(/done=redelivered/);
      await until(
        "a second attempt",
        async () => {
          await page.goto(chargeUrl);
          return (await approvedCard.locator(OK_ATTEMPT).count()) === 2;
        },
        20_000,
        200,
      );
      await screenshot(page, "charge-redelivered");

      // The webhook's own delivery log, and a test event.
      await page.goto("/dashboard/webhooks");
      await page.locator("a.mono", { hasText: receiver.url }).click();
      await page.getByRole("button", { name: "Enviar evento de teste" }).click();
      await page.waitForURL(/done=test/);
      await until(
        "the test delivery",
        async () => {
          await page.reload();
          return (
            (await page
              .locator(".delivery", { hasText: "webhook.test" })
              .locator(OK_ATTEMPT)
              .count()) === 1
          );
        },
        20_000,
        200,
      );
      await screenshot(page, "webhook-log");
    });

    test("wallet: the first three addresses show before saving (BIP84 vector), and a Bitcoin charge then lists", async () => {
      const { page } = await env.newPage();
      await signIn(page, "dona@loja.example");
      await page.goto("/dashboard/wallet");
      await page.getByRole("button", { name: "Produção" }).click();
      await page.getByLabel("Chave pública estendida ou descritor").fill(BIP84_ZPUB);
      await page.getByRole("button", { name: "Ver os primeiros endereços" }).click();
      const addresses = await page.locator("ol.addresses li").allTextContents();
      assert.equal(addresses.length, 3);
      assert.equal(addresses[0], BIP84_FIRST);
      // A published test key is refused in live mode (anyone can spend from it): no activate button.
      assert.match(
        (await page.locator("#preview .flash.error").textContent()) ?? "",
        /chave de exemplo publicada/,
      );
      assert.equal(await page.getByRole("button", { name: "Ativar esta carteira" }).count(), 0);
      await screenshot(page, "wallet-preview-live");

      await page.getByRole("button", { name: "Teste" }).click();
      await page.getByLabel("Chave pública estendida ou descritor").fill(BIP84_VPUB);
      await page.getByRole("button", { name: "Ver os primeiros endereços" }).click();
      const testAddresses = await page.locator("ol.addresses li").allTextContents();
      assert.equal(testAddresses.length, 3);
      assert.equal(testAddresses[0], BIP84_TESTNET_FIRST);
      await screenshot(page, "wallet-preview");
      await page.getByRole("button", { name: "Ativar esta carteira" }).click();
      await page.locator(".flash.ok").waitFor();
      assert.match((await page.locator("body").textContent()) ?? "", /Carteira ativada/);
      await screenshot(page, "wallet");

      await page.goto("/dashboard/charges");
      await page.getByLabel("Meio").last().selectOption("crypto");
      await page.getByLabel("Valor").fill("120,00");
      await page.getByLabel("Título").fill("Pedido em Bitcoin");
      await page.getByRole("button", { name: "Criar cobrança" }).click();
      await page.waitForURL(/\/dashboard\/charges\/BTC-/);
      assert.equal((await page.locator("#btc-address").textContent())?.trim(), testAddresses[0]);
      await screenshot(page, "charge-bitcoin");
      await page.goto("/dashboard/charges?method=crypto");
      assert.match((await page.locator("tbody").textContent()) ?? "", /Pedido em Bitcoin/);
      await page.goto("/dashboard/charges");
      await screenshot(page, "charges");
    });

    test("products, account (invite, password) and English pages render; a <script> title stays text", async () => {
      const { page } = await env.newPage();
      const dialogs: string[] = [];
      page.on("dialog", (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await signIn(page, "dona@loja.example");
      await page.goto("/dashboard/products");
      await page.getByLabel("Nome").fill("Caneca <b>grande</b>");
      await page.getByLabel("Valor").fill("35,00");
      await page.getByRole("button", { name: "Criar produto" }).click();
      await page.locator(".flash.ok").waitFor();
      assert.match((await page.locator("tbody").textContent()) ?? "", /\/checkout\/prod_/);
      await screenshot(page, "products");

      const title = `<script>alert("x")</script>`;
      const a = env.svc;
      const accountId =
        (
          await a.deps.db.query<{ id: string }>(
            "SELECT id FROM accounts ORDER BY created_at LIMIT 1",
          )
        )[0]?.id ?? "";
      const { issueToken } = await import("../../src/domain/tokens/manage-tokens.ts");
      const testToken = (await issueToken(a.deps, { accountId, label: "t", mode: "test" })).token;
      const created = await fetch(`${env.base}/api/pix/charge/create`, {
        method: "POST",
        headers: { authorization: `Bearer ${testToken}`, "content-type": "application/json" },
        body: JSON.stringify({ value: 1, title }),
      });
      const id = ((await created.json()) as { data: { chargeId: string } }).data.chargeId;
      await page.goto(`/dashboard/charges/${id}`);
      assert.equal(await page.locator("h1").textContent(), title, "the title is text");
      await page.goto("/dashboard/charges");
      assert.equal(await page.locator("tbody a", { hasText: "<script>" }).count(), 1);
      assert.deepEqual(dialogs, [], "no script ran");

      // Live status: a pending charge's page reloads by itself once the charge is paid elsewhere.
      const pending = await fetch(`${env.base}/api/pix/charge/create`, {
        method: "POST",
        headers: { authorization: `Bearer ${testToken}`, "content-type": "application/json" },
        body: JSON.stringify({ value: 2, title: "Pago em outro lugar" }),
      });
      const pendingId = ((await pending.json()) as { data: { chargeId: string } }).data.chargeId;
      await page.goto(`/dashboard/charges/${pendingId}`);
      assert.equal(await page.locator("#charge-status .badge.pending").count(), 1);
      await fetch(`${env.base}/api/pix/charge/simulate-pay`, {
        method: "POST",
        headers: { authorization: `Bearer ${testToken}`, "content-type": "application/json" },
        body: JSON.stringify({ charge_id: pendingId }),
      });
      await page.locator("#charge-status .badge.approved").waitFor({ timeout: 10_000 });

      await page.goto("/dashboard/account");
      await page.getByRole("button", { name: "Criar link de convite" }).click();
      const invite = (await page.locator("#invite-link").textContent())?.trim() ?? "";
      assert.match(invite, /\/dashboard\/setup\?code=/);
      await screenshot(page, "account");
      await page.getByLabel("Senha atual").fill("not my password at all");
      await page.getByLabel("Nova senha").fill("another long password");
      await page.getByLabel("Repita a senha").fill("another long password");
      await page.getByRole("button", { name: "Trocar senha" }).click();
      assert.match((await page.locator(".flash.error").textContent()) ?? "", /current_password/);

      // The invited person joins with their own password.
      const { page: guest } = await env.newPage({ locale: "en-US" });
      await guest.goto(invite);
      assert.equal(await guest.locator("h1").textContent(), "Accept the invitation");
      await guest.getByLabel("E-mail").fill("socio@loja.example");
      await guest.getByLabel("New password").fill(PASSWORD);
      await guest.getByLabel("Repeat the password").fill(PASSWORD);
      await guest.getByRole("button", { name: "Create user" }).click();
      // Signed in by accepting the invitation.
      await guest.waitForURL(/\/dashboard\?done=welcome/);
      assert.equal(await guest.locator("h1").textContent(), "Today");
      await screenshot(guest, "home-en");
      await guest.getByRole("button", { name: "Sign out" }).click();
      await guest.waitForURL(/done=signed-out/);
      assert.match((await guest.locator(".flash.ok").textContent()) ?? "", /You are signed out/);
      const back = await guest.goto("/dashboard/keys");
      assert.ok(back?.url().includes("/dashboard/sign-in"), "signed out: back to sign-in");
    });

    test("a cross-site form post is refused; account A's session never sees account B's charge", async () => {
      const { page } = await env.newPage();
      await signIn(page, "dona@loja.example");
      // Another site (another origin) with a form aimed at the dashboard.
      const evil = createServer((_req, res) => {
        res.writeHead(200, { "content-type": "text/html" });
        res.end(
          `<form method="post" action="${env.base}/dashboard/products"><input name="name" value="Evil"><input name="value" value="1"><button>go</button></form>`,
        );
      });
      await new Promise<void>((r) => evil.listen(0, "localhost", r));
      try {
        await page.goto(`http://localhost:${(evil.address() as AddressInfo).port}/`);
        await page.getByRole("button", { name: "go" }).click();
        await page.waitForLoadState();
        // SameSite=Lax keeps the cookie off a cross-site post (sign-in page); with it, the missing
        // token and foreign Origin would be 403 (test/web/dashboard-security.test.ts).
        assert.ok(
          /\/dashboard\/sign-in/.test(page.url()) || (await page.content()).includes("outro site"),
        );
        await page.goto("/dashboard/products");
        assert.doesNotMatch((await page.locator("main").textContent()) ?? "", /Evil/);
      } finally {
        evil.close();
      }

      const b = await env.svc.newAccount();
      const bCharge = await fetch(`${env.base}/api/pix/charge/create`, {
        method: "POST",
        headers: { authorization: `Bearer ${b.test}`, "content-type": "application/json" },
        body: JSON.stringify({ value: 7, title: "Pedido da conta B" }),
      });
      const bId = ((await bCharge.json()) as { data: { chargeId: string } }).data.chargeId;
      const res = await page.goto(`/dashboard/charges/${bId}`);
      assert.equal(res?.status(), 404);
      await screenshot(page, "not-found");
      await page.goto("/dashboard/charges");
      assert.doesNotMatch((await page.locator("main").textContent()) ?? "", /Pedido da conta B/);
    });

    test("ten wrong passwords in a row throttle that e-mail", async () => {
      const { page } = await env.newPage();
      await addUser(env.svc, (await env.svc.newAccount()).accountId, "alvo@loja.example");
      for (let i = 0; i < 10; i++) {
        await signIn(page, "alvo@loja.example", `wrong password ${i}`);
        assert.match(
          (await page.locator(".flash.error").textContent()) ?? "",
          /E-mail ou senha incorretos/,
        );
      }
      await signIn(page, "alvo@loja.example");
      assert.match((await page.locator(".flash.error").textContent()) ?? "", /Muitas tentativas/);
      await screenshot(page, "sign-in-throttled");
    });
  },
);
