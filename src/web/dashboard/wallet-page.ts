import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../../deps.ts";
import { ActivateWalletSchema } from "../../domain/crypto/schemas.ts";
import { findWalletView } from "../../domain/crypto/wallet-read.ts";
import { activateWallet, previewWallet } from "../../domain/crypto/wallets.ts";
import { formText } from "../forms.ts";
import { type HtmlValue, html } from "../html.ts";
import { domainMessage } from "../i18n/domain-messages.ts";
import { dashT, type Flash, postForm, runAction, sendDashPage } from "./chrome.ts";
import { parseForm } from "./format.ts";
import { lightningCard, registerLightningActions } from "./lightning-card.ts";
import { signed, signedInRoutes } from "./session.ts";

// The Bitcoin wallet: paste an account key (xpub/zpub, tpub/vpub) or a wpkh() descriptor; the
// page shows its first three receive addresses, to compare with the wallet app, before
// anything is saved; a second post activates it.

export function registerWalletPages(web: FastifyInstance, deps: AppDeps): void {
  const r = signedInRoutes(web, deps);

  const render = async (
    req: FastifyRequest,
    reply: FastifyReply,
    opts: { flash?: Flash; status?: number; preview?: HtmlValue; key?: string } = {},
  ) => {
    const t = dashT(req);
    const { who } = signed(req);
    const wallet = await findWalletView(deps, who);
    const current = wallet
      ? html`<dl class="facts"><dt>${t("wallet.network")}</dt><dd>${wallet.network}</dd><dt>${t("wallet.fingerprint")}</dt><dd class="mono">${wallet.fingerprint}</dd><dt>${t("wallet.descriptor")}</dt><dd class="mono">${wallet.descriptor}</dd><dt>${t("wallet.nextIndex")}</dt><dd>${wallet.nextIndex}</dd><dt>${t("wallet.reused")}</dt><dd id="wallet-reused">${wallet.reusedAddresses}</dd><dt>${t("wallet.pooled")}</dt><dd>${wallet.pooledAddresses}</dd><dt>${t("wallet.unmatched")}</dt><dd>${wallet.unmatchedPayments}</dd></dl>${wallet.generated ? html`<p class="muted">${t("wallet.generated")}</p>` : ""}${wallet.gapWarning ? html`<div class="flash warn">${wallet.gapWarning}</div>` : ""}`
      : html`<p>${t("wallet.none")}</p>`;
    return sendDashPage(req, reply, {
      section: "wallet",
      title: t("nav.wallet"),
      flash: opts.flash,
      status: opts.status,
      main: html`<h1>${t("wallet.heading")}</h1>
<section class="card"><h2>${t("wallet.current")}</h2>${current}</section>
${opts.preview ?? ""}
<section class="card"><h2>${t("wallet.new")}</h2><p class="muted">${t(who.mode === "live" ? "wallet.help.live" : "wallet.help.test")}</p>${postForm(
        req,
        "/dashboard/wallet/preview",
        html`<label>${t("wallet.key")}<textarea name="key" required spellcheck="false" autocomplete="off">${opts.key ?? ""}</textarea></label>
${who.mode === "test" ? html`<label>${t("wallet.network")}<select name="network"><option value="testnet">testnet</option><option value="signet">signet</option></select></label>` : ""}
<button type="submit" class="secondary">${t("wallet.preview")}</button>`,
        { class: "stack" },
      )}</section>
${await lightningCard(deps, req, who)}`,
    });
  };
  registerLightningActions(web, deps, (req, reply, flash, status) =>
    render(req, reply, { flash, ...(status ? { status } : {}) }),
  );

  const input = (req: FastifyRequest) => {
    const network = formText(req.body, "network");
    return parseForm(ActivateWalletSchema, {
      key: formText(req.body, "key"),
      ...(network === "testnet" || network === "signet" ? { network } : {}),
    });
  };

  r.get("/dashboard/wallet", (req, reply) => render(req, reply));

  r.post("/dashboard/wallet/preview", async (req, reply) => {
    const t = dashT(req);
    const key = formText(req.body, "key");
    const done = await runAction(async () => {
      const parsed = input(req);
      return { parsed, preview: previewWallet(signed(req).who, parsed) };
    });
    if (!done.ok) return render(req, reply, { flash: done.flash, status: done.status, key });
    const { parsed, preview } = done.value;
    const activate = preview.refusal
      ? html`<div class="flash error" role="alert">${domainMessage(req.lang, preview.refusal)}</div>`
      : postForm(
          req,
          "/dashboard/wallet",
          html`<input type="hidden" name="key" value="${parsed.key}">${parsed.network ? html`<input type="hidden" name="network" value="${parsed.network}">` : ""}<button type="submit">${t("wallet.activate")}</button>`,
        );
    return render(req, reply, {
      key,
      preview: html`<section class="card" id="preview"><h2>${t("wallet.previewHeading")}</h2><p>${t("wallet.compare")}</p>
<ol class="addresses">${preview.addresses.map((a) => html`<li class="mono">${a}</li>`)}</ol>
<p class="muted">${t("wallet.network")}: ${preview.network} · ${t("wallet.fingerprint")}: <span class="mono">${preview.fingerprint}</span></p>${activate}</section>`,
    });
  });

  r.post("/dashboard/wallet", async (req, reply) => {
    const t = dashT(req);
    const done = await runAction(() => activateWallet(deps, signed(req).who, input(req)));
    if (!done.ok) return render(req, reply, { flash: done.flash, status: done.status });
    return render(req, reply, { flash: { kind: "ok", text: t("wallet.activated") } });
  });
}
