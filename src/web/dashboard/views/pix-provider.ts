import type { pspConnection } from "../../../domain/dashboard/settings.ts";
import { PROFILES } from "../../../pix-psp/profiles.ts";
import { csrfField } from "../../csrf.ts";
import { type HtmlValue, html } from "../../html.ts";
import { confirmAction, postForm } from "../chrome.ts";
import { when } from "../format.ts";
import type { ViewCtx } from "../routes/page.ts";
import { longValue } from "./parts.ts";

// The PIX provider (live): the connection (profile, the check made when saving, the
// certificate's expiry, the notification URL) and the form to connect or replace it. The form
// is multipart (the certificate files). A refused save shows the form again with what was typed
// (`typed`), except the files and the secrets, which the browser or prudence does not refill.

export type PspData = Awaited<ReturnType<typeof pspConnection>>;
type Live = Extract<PspData, { live: true }>;

/** The form's plain fields, as typed or as saved. */
export const TYPED_FIELDS = [
  "profile",
  "base_url",
  "token_url",
  "client_id",
  "pix_key",
  "merchant_name",
  "merchant_city",
  "receiver_branch",
  "receiver_account",
  "receiver_account_type",
  "replace_webhook",
] as const;
export type Typed = Partial<Record<(typeof TYPED_FIELDS)[number], string>>;

const RECEIVER_TYPES = ["CORRENTE", "POUPANCA", "PAGAMENTO"] as const;

export function pixProviderView(ctx: ViewCtx, data: PspData, opts: { typed?: Typed }) {
  const { t } = ctx;
  if (!data.live) {
    return {
      title: t("nav.pix"),
      main: html`<h1>${t("pix.heading")}</h1><div class="card"><p>${t("pix.liveOnly")}</p>${postForm(ctx, "/dashboard/mode", html`<input type="hidden" name="return" value="/dashboard/pix-provider"><button type="submit" name="mode" value="live">${t("pix.toLive")}</button>`)}</div>`,
    };
  }
  return {
    title: t("nav.pix"),
    main: html`<h1>${t("pix.heading")}</h1>${data.view ? current(ctx, data) : html`<p>${t("pix.none")}</p>`}
${ctx.can("provider:write") ? connectForm(ctx, data, opts.typed) : html`<p class="muted" id="read-only">${t("role.readOnly")}</p>`}`,
  };
}

function current(ctx: ViewCtx, data: Live): HtmlValue {
  const { t } = ctx;
  const { view, receiver } = data;
  if (!view) return "";
  const fact = (label: string, value: HtmlValue, id?: string) =>
    html`<dt>${label}</dt><dd${id ? html` id="${id}"` : ""}>${value}</dd>`;
  const profile =
    view.profile === "generic"
      ? t("pix.profile.generic")
      : (PROFILES[view.profile as keyof typeof PROFILES]?.label ?? view.profile);
  return html`<section class="card" id="connection"><h2>${t("pix.current")}</h2><dl class="facts">
${fact(t("pix.profile"), html`${profile}${view.homologation ? html` <span class="badge pending">${t("pix.homologation")}</span>` : ""}`)}
${fact(t("pix.check"), view.lastSuccessfulCallAt ? html`<span class="badge ok">${t("pix.checkOk")}</span> ${when(t, view.lastSuccessfulCallAt)}` : html`<span class="badge failed">${t("pix.checkNone")}</span>`)}
${fact(t("pix.certificate"), html`${view.certificate.subject}<br><span class="${data.expiresSoon ? "badge failed" : "muted"}">${t("pix.expires", { at: when(t, view.certificate.expiresAt) })}</span>`)}
${fact(t("pix.clientId"), longValue(t, view.clientId, "client-id"))}
${fact(t("pix.pixKey"), longValue(t, view.pixKey, "pix-key"))}
${fact(t("pix.merchant"), `${view.merchantName}, ${view.merchantCity}`)}
${fact(t("pix.notificationUrl"), longValue(t, view.notificationUrl ?? view.notificationPath, "notify-url-value"), "notify-url")}
${fact(t("pix.webhook"), html`${t(`pix.webhook.${view.webhook.state}`)}${view.webhook.detail ? html`<br><span class="muted">${view.webhook.detail}</span>` : ""}`, "webhook-state")}
${view.webhook.foreignUrl ? fact(t("pix.foreignUrl"), longValue(t, view.webhook.foreignUrl, "foreign-url-value"), "foreign-url") : ""}
${fact(t("pix.receiver"), receiver ? html`<span class="mono">${receiver.branch ? `${receiver.branch} / ` : ""}${receiver.account}</span> (${t(`pix.receiverType.${receiver.accountType}`)})` : html`<span class="muted">${t("pix.receiverNone")}</span>`, "receiver-account")}
${view.extraHeaderNames.length > 0 ? fact(t("pix.extraHeaderNames"), html`<span class="mono">${view.extraHeaderNames.join(", ")}</span>`) : ""}
</dl>${view.notificationUrl ? "" : html`<p class="flash warn">${t("pix.needsBaseUrl")}</p>`}
${ctx.can("provider:write") ? deleteAction(ctx) : ""}</section>`;
}

function deleteAction(ctx: ViewCtx): HtmlValue {
  const { t } = ctx;
  return html`<div class="row">${confirmAction(ctx, { action: "/dashboard/pix-provider/delete", label: t("action.delete"), question: t("pix.delete.q"), confirm: t("action.delete"), danger: true })}</div>`;
}

function connectForm(ctx: ViewCtx, data: Live, typed: Typed | undefined) {
  const { t } = ctx;
  const { view, receiver } = data;
  // What was typed wins; else what is saved (the secrets and files never come back).
  const v: Typed = typed ?? {
    profile: view?.profile,
    pix_key: view?.pixKey,
    merchant_name: view?.merchantName,
    merchant_city: view?.merchantCity,
    receiver_branch: receiver?.branch ?? undefined,
    receiver_account: receiver?.account,
    receiver_account_type: receiver?.accountType,
  };
  const selected = (on: boolean) => (on ? html` selected` : "");
  const text = (name: keyof Typed, label: string, attrs: HtmlValue = "") =>
    html`<label>${label}<input type="text" name="${name}"${attrs} value="${v[name] ?? ""}"></label>`;
  const url = (name: "base_url" | "token_url", label: string, example: string) =>
    html`<label>${label}<input type="url" name="${name}" placeholder="${example}" value="${v[name] ?? ""}"></label>`;
  return html`<section class="card"><h2>${view ? t("pix.replace") : t("pix.connect")}</h2><p class="muted">${t("pix.help")}</p>
${typed ? html`<p class="flash warn" id="kept-typed">${t("pix.keptTyped")}</p>` : ""}
<form method="post" action="/dashboard/pix-provider" enctype="multipart/form-data" class="stack">
${csrfField(ctx.csrf)}
<label>${t("pix.profile")}<select name="profile">${Object.values(PROFILES).map((p) => html`<option value="${p.id}"${selected(v.profile === p.id)}>${p.id === "generic" ? t("pix.profile.generic") : p.label}</option>`)}</select></label>
${url("base_url", t("pix.baseUrl"), "https://pix.example.com/v2")}
${url("token_url", t("pix.tokenUrl"), "https://pix.example.com/oauth/token")}
${text("client_id", t("pix.clientId"), html` required autocomplete="off"`)}
<label>${t("pix.clientSecret")}<input type="password" name="client_secret" autocomplete="off"></label>
<fieldset><legend>${t("pix.certFiles")}</legend>
<label>${t("pix.certFile")}<input type="file" name="certificate" accept=".pem,.crt,.cer"></label>
<label>${t("pix.keyFile")}<input type="file" name="private_key" accept=".pem,.key"></label>
<p class="muted">${t("pix.orPfx")}</p>
<label>${t("pix.pfxFile")}<input type="file" name="pfx" accept=".p12,.pfx"></label>
<label>${t("pix.passphrase")}<input type="password" name="passphrase" autocomplete="off"></label>
<label>${t("pix.caFile")}<input type="file" name="ca" accept=".pem,.crt"></label>
</fieldset>
${text("pix_key", t("pix.pixKey"), html` required`)}
${text("merchant_name", t("pix.merchantName"), html` required maxlength="200"`)}
${text("merchant_city", t("pix.merchantCity"), html` required maxlength="100"`)}
<fieldset><legend>${t("pix.receiver")}</legend><p class="muted">${t("pix.receiverHelp")}</p>
${text("receiver_branch", t("pix.receiverBranch"), html` inputmode="numeric" maxlength="4"`)}
${text("receiver_account", t("pix.receiverAccount"), html` maxlength="20"`)}
<label>${t("pix.receiverType")}<select name="receiver_account_type">${RECEIVER_TYPES.map((k) => html`<option value="${k}"${selected(v.receiver_account_type === k)}>${t(`pix.receiverType.${k}`)}</option>`)}</select></label>
</fieldset>
<label>${t("pix.appKey")}<input type="password" name="app_key" autocomplete="off"></label>
<label>${t("pix.extraHeaders")}<textarea name="extra_headers" rows="2" autocomplete="off"></textarea></label>
<label class="inline"><input type="checkbox" name="replace_webhook" value="true"${v.replace_webhook === "true" ? html` checked` : ""}> ${t("pix.replaceWebhook")}${view?.webhook.foreignUrl ? html` <span class="mono">(${view.webhook.foreignUrl})</span>` : ""}</label>
<button type="submit">${t("pix.save")}</button>
</form></section>`;
}
