import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { makeBacenPixClient } from "../../src/pix-psp/bacen-client.ts";
import { addUser } from "../helpers/dashboard.ts";
import { makeTestPki, type PspPeer, startPspPeer } from "../helpers/psp-peer/index.ts";
import { browserSuite, screenshot, signInHome } from "./harness.ts";

// The PIX provider page against the PSP peer (a local server speaking the BACEN API Pix over
// mTLS): the form uploads the certificate files, the connection is checked for real when saved,
// and the page shows the check, the certificate's expiry and the notification URL.

let peer: PspPeer;
before(async () => {
  peer = await startPspPeer({ pki: makeTestPki(), profile: "efi" });
});
after(() => peer.close());

browserSuite(
  "the PIX provider page in Chromium",
  {
    env: { TOSTAO_WEBHOOK_ALLOW_HOSTS: "localhost,127.0.0.1" },
    // A live PSP connection needs TOSTAO_BASE_URL; http, so the URL is registered by hand.
    selfBaseUrl: true,
    service: {
      makePspClient: (creds) =>
        makeBacenPixClient(creds, { timeoutMs: 1000, retries: 1, backoffMs: [20], budgetMs: 3000 }),
    },
  },
  (env) => {
    test("connect a PSP with certificate files: a wrong secret is refused with the PSP's reason; the right one is saved and shown", async () => {
      const account = await env.svc.newAccount();
      await addUser(env.svc, account.accountId, "pix@loja.example");
      const { page } = await env.newPage();
      await signInHome(page, "pix@loja.example");
      assert.match((await page.locator("main").textContent()) ?? "", /Conecte um provedor PIX/);

      await page.goto("/dashboard/pix-provider");
      assert.match((await page.locator("main").textContent()) ?? "", /modo de produção/);
      await screenshot(page, "pix-provider-test-mode");
      await page.getByRole("button", { name: "Ir para o modo de produção" }).click();
      await page.waitForURL(/\/dashboard\/pix-provider$/);

      const fill = async (secret: string) => {
        await page.locator("select[name=profile]").selectOption("efi");
        await page.getByLabel("URL da API").fill(peer.baseUrl);
        await page.getByLabel("URL do token OAuth").fill(peer.tokenUrl);
        await page.getByLabel("Client ID").fill(peer.clientId);
        await page.getByLabel("Client secret").fill(secret);
        const file = (name: string, text: string) => ({
          name,
          mimeType: "application/x-pem-file",
          buffer: Buffer.from(text),
        });
        await page
          .getByLabel("Certificado do cliente")
          .setInputFiles(file("cert.pem", peer.certificatePem));
        await page.getByLabel("Chave privada").setInputFiles(file("key.pem", peer.privateKeyPem));
        await page.getByLabel("CA do servidor do PSP").setInputFiles(file("ca.pem", peer.caPem));
        await page.getByRole("textbox", { name: "Chave Pix" }).fill(peer.pixKey);
        await page.getByLabel("Nome do recebedor").fill("Loja da Esquina");
        await page.getByLabel("Cidade do recebedor").fill("São Paulo");
        await page.getByRole("button", { name: "Testar e salvar" }).click();
      };

      await fill("not-the-secret");
      const refused = (await page.locator(".flash.error").textContent()) ?? "";
      assert.match(refused, /client|credenciais|credentials|invalid/i, refused);
      await screenshot(page, "pix-provider-refused");

      await fill(peer.clientSecret ?? "");
      await page.locator(".flash.ok").waitFor();
      const shown = (await page.locator("#connection").textContent()) ?? "";
      assert.match(shown, /Conectado/);
      assert.match(shown, /Expira em/);
      assert.match(shown, /\/api\/pix\/psp\/notify\//, "the notification path is shown");
      const html = await page.content();
      assert.ok(
        !html.includes(peer.privateKeyPem.split("\n")[1] ?? "x"),
        "the key never comes back",
      );
      assert.ok(
        peer.clientSecret && !html.includes(peer.clientSecret),
        "the secret never comes back",
      );
      await screenshot(page, "pix-provider");

      await page.goto("/dashboard");
      assert.doesNotMatch(
        (await page.locator("main").textContent()) ?? "",
        /Conecte um provedor PIX/,
      );
    });
  },
);
