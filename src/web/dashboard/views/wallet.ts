import type { previewWallet } from "../../../domain/crypto/wallets.ts";
import type { walletAndNode } from "../../../domain/dashboard/settings.ts";
import { type HtmlValue, html } from "../../html.ts";
import { domainMessage } from "../../i18n/domain-messages.ts";
import { postForm } from "../chrome.ts";
import type { ViewCtx } from "../routes/page.ts";
import { lightningCard } from "./lightning.ts";
import { longValue } from "./parts.ts";

// The Bitcoin wallet: the mode's wallet, a form to paste an account key (xpub/zpub, tpub/vpub)
// or a wpkh() descriptor, the preview of its first three receive addresses (to compare with the
// wallet app) before anything is saved, and the Lightning node card.

export type WalletData = Awaited<ReturnType<typeof walletAndNode>>;
export type WalletPreview = {
  key: string;
  network?: string | undefined;
  preview: ReturnType<typeof previewWallet>;
};

export function walletView(
  ctx: ViewCtx,
  data: WalletData,
  opts: { key?: string; preview?: WalletPreview },
) {
  const { t } = ctx;
  return {
    title: t("nav.wallet"),
    main: html`<h1>${t("wallet.heading")}</h1>
<section class="card"><h2>${t("wallet.current")}</h2>${current(ctx, data.wallet)}</section>
${opts.preview ? preview(ctx, opts.preview) : ""}
${ctx.can("wallet:write") ? newWallet(ctx, opts.key) : html`<p class="muted" id="read-only">${t("role.readOnly")}</p>`}
${lightningCard(ctx, data.lightning)}`,
  };
}

// Only a role that may change the wallet sees the form (roles.ts: the owner); the POST is
// refused with 403 for the others anyway, so the form would only lead to an error.
function newWallet(ctx: ViewCtx, key: string | undefined): HtmlValue {
  const { t } = ctx;
  return html`<section class="card"><h2>${t("wallet.new")}</h2><p class="muted">${t(ctx.who.mode === "live" ? "wallet.help.live" : "wallet.help.test")}</p>${postForm(
    ctx,
    "/dashboard/wallet/preview",
    html`<label>${t("wallet.key")}<textarea name="key" required spellcheck="false" autocomplete="off">${key ?? ""}</textarea></label>
${ctx.who.mode === "test" ? html`<label>${t("wallet.network")}<select name="network"><option value="testnet">testnet</option><option value="signet">signet</option></select></label>` : ""}
<button type="submit" class="secondary">${t("wallet.preview")}</button>`,
    { class: "stack" },
  )}</section>`;
}

function current(ctx: ViewCtx, wallet: WalletData["wallet"]): HtmlValue {
  const { t } = ctx;
  if (!wallet) return html`<p>${t("wallet.none")}</p>`;
  return html`<dl class="facts"><dt>${t("wallet.network")}</dt><dd>${wallet.network}</dd><dt>${t("wallet.fingerprint")}</dt><dd class="mono">${wallet.fingerprint}</dd><dt>${t("wallet.descriptor")}</dt><dd>${longValue(t, wallet.descriptor, "wallet-descriptor")}</dd><dt>${t("wallet.nextIndex")}</dt><dd>${wallet.nextIndex}</dd><dt>${t("wallet.reused")}</dt><dd id="wallet-reused">${wallet.reusedAddresses}</dd><dt>${t("wallet.pooled")}</dt><dd>${wallet.pooledAddresses}</dd><dt>${t("wallet.unmatched")}</dt><dd>${wallet.unmatchedPayments}</dd></dl>${wallet.generated ? html`<p class="muted">${t("wallet.generated")}</p>` : ""}${wallet.gapWarning ? html`<div class="flash warn">${wallet.gapWarning}</div>` : ""}`;
}

function preview(ctx: ViewCtx, p: WalletPreview) {
  const { t } = ctx;
  const activate = p.preview.refusal
    ? html`<div class="flash error" role="alert">${domainMessage(ctx.lang, p.preview.refusal)}</div>`
    : postForm(
        ctx,
        "/dashboard/wallet",
        html`<input type="hidden" name="key" value="${p.key}">${p.network ? html`<input type="hidden" name="network" value="${p.network}">` : ""}<button type="submit">${t("wallet.activate")}</button>`,
      );
  return html`<section class="card" id="preview"><h2>${t("wallet.previewHeading")}</h2><p>${t("wallet.compare")}</p>
<ol class="addresses">${p.preview.addresses.map((a) => html`<li class="mono long" title="${a}">${a}</li>`)}</ol>
<p class="muted">${t("wallet.network")}: ${p.preview.network} · ${t("wallet.fingerprint")}: <span class="mono">${p.preview.fingerprint}</span></p>${activate}</section>`;
}
