import type { currentLightningConnection } from "../../../domain/lightning/manage-connection.ts";
import { html, type SafeHtml } from "../../html.ts";
import { postForm } from "../chrome.ts";
import type { ViewCtx } from "../routes/page.ts";
import { longValue } from "./parts.ts";

// The Lightning node card of the wallet page: the connection of this mode (never its secret),
// a form to connect LND or phoenixd (checked at the node on save), and disconnect.

type Connection = Awaited<ReturnType<typeof currentLightningConnection>>;

export function lightningCard(ctx: ViewCtx, row: Connection): SafeHtml {
  const { t } = ctx;
  // The node is where Lightning money goes: its controls are for wallet:write (the owner).
  const write = ctx.can("wallet:write");
  const current = row
    ? html`<dl class="facts" id="ln-connection"><dt>${t("ln.backend")}</dt><dd>${row.backend}</dd><dt>URL</dt><dd>${longValue(t, row.url, "ln-url")}</dd><dt>${t("wallet.network")}</dt><dd>${row.network}</dd><dt>${t("ln.nodeId")}</dt><dd>${row.nodeId ? longValue(t, row.nodeId, "ln-node") : "—"}</dd></dl>${write ? postForm(ctx, "/dashboard/wallet/lightning/delete", html`<button type="submit" class="secondary">${t("ln.disconnect")}</button>`, { confirm: t("ln.disconnect.q") }) : ""}`
    : html`<p>${t("ln.none")}</p>`;
  return html`<section class="card" id="lightning"><h2>${t("ln.heading")}</h2><p class="muted">${t(ctx.who.mode === "live" ? "ln.help.live" : "ln.help.test")}</p>${current}
${write ? connectForm(ctx) : ""}</section>`;
}

function connectForm(ctx: ViewCtx): SafeHtml {
  const { t } = ctx;
  return html`<h3>${t("ln.connect")}</h3>${postForm(
    ctx,
    "/dashboard/wallet/lightning",
    html`<label>${t("ln.backend")}<select name="backend"><option value="lnd">LND (REST)</option><option value="phoenixd">phoenixd</option></select></label>
<label>URL<input name="url" type="url" required autocomplete="off" placeholder="https://mynode:8080"></label>
<label>${t("ln.macaroon")}<textarea name="macaroon" spellcheck="false" autocomplete="off"></textarea></label>
<label>${t("ln.tlsCert")}<textarea name="tls_certificate" spellcheck="false" autocomplete="off"></textarea></label>
<label>${t("ln.password")}<input name="password" type="password" autocomplete="off"></label>
<button type="submit">${t("ln.save")}</button>`,
    { class: "stack" },
  )}`;
}
