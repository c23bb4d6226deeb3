import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../domain/errors.ts";
import { viewReceiverAccount } from "../../domain/pix-psp-connection/connection-view.ts";
import {
  type PspConnectionView,
  SavePspConnectionSchema,
} from "../../domain/pix-psp-connection/schemas.ts";
import {
  deletePspConnection,
  savePspConnection,
  viewPspConnection,
} from "../../domain/pix-psp-setup/manage-connection.ts";
import { PROFILES } from "../../pix-psp/profiles.ts";
import { formBody } from "../forms.ts";
import { type HtmlValue, html } from "../html.ts";
import { confirmAction, dashT, type Flash, postForm, runAction, sendDashPage } from "./chrome.ts";
import { parseForm, when } from "./format.ts";
import { signed, signedInRoutes } from "./session.ts";

// The PIX provider (live): the PSP connection form (profile, credentials, certificate files),
// the result of the check made when saving, the certificate's expiry and the notification URL.
// The form is multipart (the certificate files); the use cases are the API's
// (POST/GET /api/pix/provider, /delete). Secrets never come back: the view holds none.

/** A text field or an uploaded file's text (multipart bodies carry files as Buffers). */
function field(body: unknown, name: string): string | undefined {
  const v = formBody(body)[name] as unknown;
  const first = Array.isArray(v) ? v[0] : v;
  const text = Buffer.isBuffer(first)
    ? first.toString("utf8")
    : typeof first === "string"
      ? first
      : "";
  const trimmed = text.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** "name: value" lines to extra_headers (the domain validates names and values). */
function headerLines(text: string | undefined): { extra_headers?: Record<string, string> } {
  if (!text) return {};
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "") continue;
    const at = line.indexOf(":");
    out[(at < 0 ? line : line.slice(0, at)).trim()] = at < 0 ? "" : line.slice(at + 1).trim();
  }
  return { extra_headers: out };
}

function fileBase64(body: unknown, name: string): string | undefined {
  const v = formBody(body)[name] as unknown;
  return Buffer.isBuffer(v) && v.length > 0 ? v.toString("base64") : undefined;
}

const RECEIVER_TYPES = ["CORRENTE", "POUPANCA", "PAGAMENTO"] as const;

/**
 * receiver_account from its three fields (live subscriptions' cobrs name it): absent when the
 * account number is left empty, so a connection saved without it keeps none.
 */
function receiverAccount(body: unknown) {
  const account = field(body, "receiver_account");
  if (!account) return {};
  const branch = field(body, "receiver_branch");
  return {
    receiver_account: {
      account,
      type: field(body, "receiver_account_type"),
      ...(branch ? { branch } : {}),
    },
  };
}

export function registerPixProviderPages(web: FastifyInstance, deps: AppDeps): void {
  const r = signedInRoutes(web, deps);

  const render = async (req: FastifyRequest, reply: FastifyReply, flash?: Flash, status = 200) => {
    const t = dashT(req);
    const { who, session } = signed(req);
    if (who.mode !== "live") {
      return sendDashPage(req, reply, {
        section: "pix",
        title: t("nav.pix"),
        flash,
        status,
        main: html`<h1>${t("pix.heading")}</h1><div class="card"><p>${t("pix.liveOnly")}</p>${postForm(req, "/dashboard/mode", html`<input type="hidden" name="return" value="/dashboard/pix-provider"><button type="submit" name="mode" value="live">${t("pix.toLive")}</button>`)}</div>`,
      });
    }
    let view: PspConnectionView | undefined;
    try {
      view = await viewPspConnection(deps, who);
    } catch (err) {
      if (!(err instanceof AppError && err.code === "NOT_FOUND")) throw err;
    }
    const receiver = view && (await viewReceiverAccount(deps, who));
    const expiresSoon =
      view &&
      new Date(view.certificate.expiresAt).getTime() - deps.clock.now().getTime() <
        30 * 24 * 3_600_000;
    const current: HtmlValue = view
      ? html`<section class="card" id="connection"><h2>${t("pix.current")}</h2><dl class="facts">
<dt>${t("pix.profile")}</dt><dd>${PROFILES[view.profile as keyof typeof PROFILES]?.label ?? view.profile}${view.homologation ? html` <span class="badge pending">${t("pix.homologation")}</span>` : ""}</dd>
<dt>${t("pix.check")}</dt><dd>${view.lastSuccessfulCallAt ? html`<span class="badge ok">${t("pix.checkOk")}</span> ${when(t, view.lastSuccessfulCallAt)}` : html`<span class="badge failed">${t("pix.checkNone")}</span>`}</dd>
<dt>${t("pix.certificate")}</dt><dd>${view.certificate.subject}<br><span class="${expiresSoon ? "badge failed" : "muted"}">${t("pix.expires", { at: when(t, view.certificate.expiresAt) })}</span></dd>
<dt>${t("pix.clientId")}</dt><dd class="mono">${view.clientId}</dd>
<dt>${t("pix.pixKey")}</dt><dd class="mono">${view.pixKey}</dd>
<dt>${t("pix.merchant")}</dt><dd>${view.merchantName}, ${view.merchantCity}</dd>
<dt>${t("pix.notificationUrl")}</dt><dd class="mono" id="notify-url">${view.notificationUrl ?? view.notificationPath}</dd>
<dt>${t("pix.webhook")}</dt><dd id="webhook-state">${t(`pix.webhook.${view.webhook.state}`)}${view.webhook.detail ? html`<br><span class="muted">${view.webhook.detail}</span>` : ""}</dd>
${view.webhook.foreignUrl ? html`<dt>${t("pix.foreignUrl")}</dt><dd class="mono" id="foreign-url">${view.webhook.foreignUrl}</dd>` : ""}
<dt>${t("pix.receiver")}</dt><dd id="receiver-account">${receiver ? html`<span class="mono">${receiver.branch ? `${receiver.branch} / ` : ""}${receiver.account}</span> (${t(`pix.receiverType.${receiver.accountType}`)})` : html`<span class="muted">${t("pix.receiverNone")}</span>`}</dd>
${view.extraHeaderNames.length > 0 ? html`<dt>${t("pix.extraHeaderNames")}</dt><dd class="mono">${view.extraHeaderNames.join(", ")}</dd>` : ""}
</dl>${view.notificationUrl ? "" : html`<p class="flash warn">${t("pix.needsBaseUrl")}</p>`}
<div class="row">${confirmAction(req, { action: "/dashboard/pix-provider/delete", label: t("action.delete"), question: t("pix.delete.q"), confirm: t("action.delete"), danger: true })}</div></section>`
      : html`<p>${t("pix.none")}</p>`;
    const profileOptions = Object.values(PROFILES).map(
      (p) =>
        html`<option value="${p.id}"${view?.profile === p.id ? html` selected` : ""}>${p.label}</option>`,
    );
    return sendDashPage(req, reply, {
      section: "pix",
      title: t("nav.pix"),
      flash,
      status,
      main: html`<h1>${t("pix.heading")}</h1>${current}
<section class="card"><h2>${view ? t("pix.replace") : t("pix.connect")}</h2><p class="muted">${t("pix.help")}</p>
<form method="post" action="/dashboard/pix-provider" enctype="multipart/form-data" class="stack">
<input type="hidden" name="_csrf" value="${session.csrfToken}">
<label>${t("pix.profile")}<select name="profile">${profileOptions}</select></label>
<label>${t("pix.baseUrl")}<input type="url" name="base_url" placeholder="https://pix.example.com/v2"></label>
<label>${t("pix.tokenUrl")}<input type="url" name="token_url" placeholder="https://pix.example.com/oauth/token"></label>
<label>${t("pix.clientId")}<input type="text" name="client_id" required autocomplete="off"></label>
<label>${t("pix.clientSecret")}<input type="password" name="client_secret" autocomplete="off"></label>
<fieldset><legend>${t("pix.certFiles")}</legend>
<label>${t("pix.certFile")}<input type="file" name="certificate" accept=".pem,.crt,.cer"></label>
<label>${t("pix.keyFile")}<input type="file" name="private_key" accept=".pem,.key"></label>
<p class="muted">${t("pix.orPfx")}</p>
<label>${t("pix.pfxFile")}<input type="file" name="pfx" accept=".p12,.pfx"></label>
<label>${t("pix.passphrase")}<input type="password" name="passphrase" autocomplete="off"></label>
<label>${t("pix.caFile")}<input type="file" name="ca" accept=".pem,.crt"></label>
</fieldset>
<label>${t("pix.pixKey")}<input type="text" name="pix_key" required value="${view?.pixKey ?? ""}"></label>
<label>${t("pix.merchantName")}<input type="text" name="merchant_name" required maxlength="200" value="${view?.merchantName ?? ""}"></label>
<label>${t("pix.merchantCity")}<input type="text" name="merchant_city" required maxlength="100" value="${view?.merchantCity ?? ""}"></label>
<fieldset><legend>${t("pix.receiver")}</legend><p class="muted">${t("pix.receiverHelp")}</p>
<label>${t("pix.receiverBranch")}<input type="text" name="receiver_branch" inputmode="numeric" maxlength="4" value="${receiver?.branch ?? ""}"></label>
<label>${t("pix.receiverAccount")}<input type="text" name="receiver_account" maxlength="20" value="${receiver?.account ?? ""}"></label>
<label>${t("pix.receiverType")}<select name="receiver_account_type">${RECEIVER_TYPES.map((k) => html`<option value="${k}"${receiver?.accountType === k ? html` selected` : ""}>${t(`pix.receiverType.${k}`)}</option>`)}</select></label>
</fieldset>
<label>${t("pix.appKey")}<input type="password" name="app_key" autocomplete="off"></label>
<label>${t("pix.extraHeaders")}<textarea name="extra_headers" rows="2" autocomplete="off"></textarea></label>
<label class="inline"><input type="checkbox" name="replace_webhook" value="true"> ${t("pix.replaceWebhook")}${view?.webhook.foreignUrl ? html` <span class="mono">(${view.webhook.foreignUrl})</span>` : ""}</label>
<button type="submit">${t("pix.save")}</button>
</form></section>`,
    });
  };

  r.get("/dashboard/pix-provider", (req, reply) => render(req, reply));

  r.post("/dashboard/pix-provider", async (req, reply) => {
    const t = dashT(req);
    const b = req.body;
    const done = await runAction(async () => {
      const pfx = fileBase64(b, "pfx");
      const input = parseForm(SavePspConnectionSchema, {
        profile: field(b, "profile"),
        ...(field(b, "replace_webhook") === "true" ? { replace_webhook: true } : {}),
        ...(field(b, "app_key") ? { app_key: field(b, "app_key") } : {}),
        ...headerLines(field(b, "extra_headers")),
        ...(field(b, "base_url") ? { base_url: field(b, "base_url") } : {}),
        ...(field(b, "token_url") ? { token_url: field(b, "token_url") } : {}),
        client_id: field(b, "client_id") ?? "",
        ...(field(b, "client_secret") ? { client_secret: field(b, "client_secret") } : {}),
        ...(pfx
          ? { pfx, ...(field(b, "passphrase") ? { passphrase: field(b, "passphrase") } : {}) }
          : { certificate: field(b, "certificate"), private_key: field(b, "private_key") }),
        ...(field(b, "ca") ? { ca: field(b, "ca") } : {}),
        ...receiverAccount(b),
        pix_key: field(b, "pix_key") ?? "",
        merchant_name: field(b, "merchant_name") ?? "",
        merchant_city: field(b, "merchant_city") ?? "",
      });
      return savePspConnection(deps, signed(req).who, input);
    });
    if (!done.ok) return render(req, reply, done.flash, done.status);
    return render(req, reply, { kind: "ok", text: t("pix.saved") });
  });

  r.post("/dashboard/pix-provider/delete", async (req, reply) => {
    const t = dashT(req);
    const done = await runAction(() => deletePspConnection(deps, signed(req).who));
    if (!done.ok) return render(req, reply, done.flash, done.status);
    return render(req, reply, { kind: "ok", text: t("pix.deleted") });
  });
}
