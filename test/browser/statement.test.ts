import assert from "node:assert/strict";
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { after, before, test } from "node:test";
import type { Page } from "playwright-core";
import { makeBacenPixClient } from "../../src/pix-psp/bacen-client.ts";
import { addUser, PASSWORD } from "../helpers/dashboard.ts";
import { cobOf, providerBody } from "../helpers/live-pix.ts";
import { makeTestPki, type PspPeer, startPspPeer } from "../helpers/psp-peer/index.ts";
import { browserSuite, DESKTOP, PHONE } from "./harness.ts";

// The day's PSP statement page in Chromium against the PSP peer, at 390 and 1280 px in
// Portuguese and English: the page is never wider than the screen (on a phone each Pix is a
// card), the flagged Pix is marked in words, axe finds nothing; and the charge list with its CSV
// export link. Screenshots under /tmp/shots/statement/ (or STATEMENT_SHOTS) to look at.

const SHOTS = process.env.STATEMENT_SHOTS ?? "/tmp/shots/statement";
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core"), "utf8");
const EMAIL = "financeiro.atelie-da-dona@lojas-exemplo.com.br";

let peer: PspPeer;
before(async () => {
  peer = await startPspPeer({ pki: makeTestPki(), profile: "efi" });
});
after(() => peer.close());

async function axe(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const { violations } = (await page.evaluate(() => (globalThis as any).axe.run())) as {
    violations: { id: string; nodes: { target: unknown[] }[] }[];
  };
  return violations.map((v) => `${v.id} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The page's width against the viewport's, and a shot of it, at both widths. */
async function shoot(page: Page, name: string, lang: string): Promise<string[]> {
  const problems: string[] = [];
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    const width = (await page.evaluate("document.documentElement.scrollWidth")) as number;
    if (width > size.width) problems.push(`${lang} ${name} @${size.width}: ${width} px wide`);
    for (const v of await axe(page)) problems.push(`${lang} ${name} @${size.width}: ${v}`);
    await page.screenshot({ path: `${SHOTS}/${name}-${lang}-${size.width}.png`, fullPage: true });
  }
  return problems;
}

browserSuite(
  "the PSP statement page in Chromium",
  {
    env: { TOSTAO_WEBHOOK_ALLOW_HOSTS: "localhost,127.0.0.1" },
    selfBaseUrl: true,
    service: {
      makePspClient: (creds) =>
        makeBacenPixClient(creds, { timeoutMs: 1000, retries: 1, backoffMs: [20], budgetMs: 3000 }),
    },
  },
  (env) => {
    test("the statement and the charge list's export link at 390 and 1280 px, pt-BR and en: no sideways page scroll, the flagged Pix marked in words", async () => {
      mkdirSync(SHOTS, { recursive: true });
      const a = await env.svc.newAccount();
      await addUser(env.svc, a.accountId, EMAIL);
      const call = async (path: string, body?: unknown) => {
        const res = await env.svc.call("POST", path, { token: a.live, body });
        assert.equal(res.statusCode, 200, `${path}: ${res.body}`);
        return res.json().data;
      };
      const saved = await call("/api/pix/provider", providerBody(peer));
      // http://127.0.0.1 is not registered at the PSP: point the peer's notifications here.
      peer.webhooks.set(peer.pixKey, {
        webhookUrl: `${env.base}${saved.notificationPath}?ignorar=`,
        criacao: new Date().toISOString(),
      });
      const charge = async (value: number, extra: Record<string, unknown> = {}) => {
        const data = await call("/api/pix/charge/create", { value, title: "Pedido", ...extra });
        return { id: data.chargeId as string, txid: cobOf(peer, data.brCode).txid };
      };
      const waitApproved = async (id: string) => {
        for (let i = 0; i < 100; i++) {
          const r = await env.svc.call("GET", `/api/pix/charge/status?charge_id=${id}`, {
            token: a.live,
          });
          if (r.json().data.statusCode === "approved") return;
          await new Promise((r) => setTimeout(r, 50));
        }
        assert.fail(`${id} was not approved`);
      };
      const paid = [
        await charge(1234.56, { customer_name: "Maria Aparecida dos Santos Oliveira" }),
        await charge(49.9),
        await charge(98765.43, { customer_name: "João Souza" }),
      ];
      for (const c of paid) {
        await peer.pay(c.txid);
        await waitApproved(c.id);
      }
      await call("/api/pix/charge/refund", { charge_id: paid[1]?.id });
      const unseen = await charge(77.7, { customer_name: "Ana Lima" });
      peer.dropNotifications(true);
      await peer.pay(unseen.txid);
      await peer.payForeignCob("foreigntxid0000000000000000003", 555);
      peer.dropNotifications(false);

      const problems: string[] = [];
      for (const lang of ["pt-BR", "en"]) {
        const pt = lang === "pt-BR";
        const { page } = await env.newPage({ locale: lang });
        await page.goto("/dashboard/sign-in");
        await page.getByLabel("E-mail").fill(EMAIL);
        await page.getByLabel(pt ? "Senha" : "Password").fill(PASSWORD);
        await page.getByRole("button", { name: pt ? "Entrar" : "Sign in", exact: true }).click();
        await page.waitForURL(/\/dashboard$/);
        await page.locator(".modebar button[value=live]").click();
        await page.waitForURL(/\/dashboard$/);
        await page.goto("/dashboard/charges");
        problems.push(...(await shoot(page, "charges-export", lang)));
        await page
          .getByRole("link", {
            name: pt ? "Extrato do dia no PSP" : "The day's statement at the PSP",
          })
          .click();
        await page.waitForURL(/\/dashboard\/statement$/);
        assert.equal(await page.locator("tbody tr").count(), 5);
        const flagged = (await page.locator("tr.flagged").textContent()) ?? "";
        assert.match(flagged, pt ? /Atenção: pago no PSP/ : /Warning: paid at the PSP/);
        assert.match((await page.locator("#flagged").textContent()) ?? "", /1 Pix/);
        problems.push(...(await shoot(page, "statement", lang)));
        // The day picker is a GET form: the day before, chosen in the form.
        await page.setViewportSize(DESKTOP);
        await page.getByRole("link", { name: pt ? "← Dia anterior" : "← Previous day" }).click();
        await page.waitForURL(/\?date=\d{4}-\d{2}-\d{2}$/);
        assert.match(
          (await page.locator("main").textContent()) ?? "",
          pt ? /Nenhum Pix/ : /No Pix/,
        );
        problems.push(...(await shoot(page, "statement-empty-day", lang)));
        await page.close();
      }
      assert.deepEqual(problems, [], problems.join("\n"));
    });
  },
);
