import type { PasskeyListing } from "../../../domain/users/passkeys.ts";
import { PASSKEY_NAME_MAX } from "../../../domain/users/passkeys.ts";
import { assetUrl } from "../../assets.ts";
import { csrfField } from "../../csrf.ts";
import { type HtmlValue, html, type SafeHtml } from "../../html.ts";
import { type DashT, postForm } from "../chrome.ts";
import { when } from "../format.ts";
import type { ViewCtx } from "../routes/page.ts";
import { dataTable } from "./parts.ts";

// The passkey parts of the pages: the Security page's card (the list, each removed after sudo,
// and the form that adds one), the sign-in page's "Sign in with a passkey" and the sudo page's
// passkey button. A passkey form is a real form posting the authenticator's answer in a hidden
// field; assets/passkeys.js fetches its options (data-options) and fills that field, so the
// forms start hidden and the script shows them where the browser has WebAuthn.

/** The scripts a page with a passkey form loads (files, as the Content-Security-Policy asks). */
export function passkeyScripts(): SafeHtml {
  return html`<script src="${assetUrl("webauthn.js")}" defer></script><script src="${assetUrl("passkeys.js")}" defer></script>`;
}

/**
 * The hidden field for the answer and the place the script writes a failure into (it becomes a
 * `.flash.error` alert only then, so a page's one error message stays the server's).
 */
function ceremonyParts(t: DashT, field: string): SafeHtml {
  return html`<input type="hidden" name="${field}" value="" data-passkey-response>
<p data-passkey-error hidden data-cancelled="${t("passkeys.cancelled")}" data-exists="${t("passkeys.exists")}" data-failed="${t("passkeys.failed")}"></p>`;
}

export function passkeysCard(ctx: ViewCtx, passkeys: PasskeyListing[]): HtmlValue {
  const { t } = ctx;
  const list = passkeys.length
    ? dataTable(
        passkeys,
        [
          {
            label: t("passkeys.name"),
            cell: (p) => html`<strong class="passkey-name">${p.name}</strong>`,
          },
          { label: t("passkeys.created"), cell: (p) => when(t, p.createdAt) },
          {
            label: t("passkeys.lastUsed"),
            cell: (p) => (p.lastUsedAt ? when(t, p.lastUsedAt) : t("passkeys.never")),
          },
          {
            label: t("keys.actions"),
            hideLabel: true,
            class: "actions",
            cell: (p) =>
              postForm(
                ctx,
                `/dashboard/security/passkeys/${p.id}/remove`,
                html`<button type="submit" class="secondary">${t("passkeys.remove")}<span class="visually-hidden"> ${p.name}</span></button>`,
              ),
          },
        ],
        { rowAttrs: (p) => html` data-passkey-row="${p.id}"` },
      )
    : html`<p class="muted" data-no-passkeys>${t("passkeys.none")}</p>`;
  return html`<section class="card" data-passkeys><h2>${t("passkeys.heading")}</h2>
<p>${t("passkeys.intro")}</p>
${list}
<form method="post" action="/dashboard/security/passkeys" class="stack" data-passkey="register" data-options="/dashboard/security/passkeys/options" hidden>${csrfField(ctx.csrf)}
<label>${t("passkeys.newName")}<input type="text" name="name" maxlength="${PASSKEY_NAME_MAX}" required autocomplete="off" placeholder="${t("passkeys.newName.example")}"></label>
${ceremonyParts(t, "response")}
<button type="submit">${t("passkeys.add")}</button>
</form>
<p class="muted" data-passkey-unsupported>${t("passkeys.unsupported")}</p>
${passkeyScripts()}</section>`;
}

/** "Sign in with a passkey": no e-mail, the browser offers this site's passkeys. */
export function passkeySignIn(t: DashT, next: string): SafeHtml {
  return html`<form method="post" action="/dashboard/sign-in/passkey" class="stack card passkey-sign-in" data-passkey="authenticate" data-options="/dashboard/sign-in/passkey/options" hidden>
<input type="hidden" name="next" value="${next}">
${ceremonyParts(t, "response")}
<button type="submit" class="secondary">${t("passkeys.signin")}</button>
</form>
${passkeyScripts()}`;
}

/** The sudo page's passkey button: the same kept form's reference, with the assertion. */
export function passkeySudo(t: DashT, p: { action: string; ref: string; csrf: string }): SafeHtml {
  return html`<form method="post" action="${p.action}" class="stack card narrow-form" data-passkey="authenticate" data-options="/dashboard/sudo/passkey/options" data-sudo-passkey hidden>${csrfField(p.csrf)}<input type="hidden" name="_sudo" value="${p.ref}">
<p>${t("passkeys.sudo.intro")}</p>
${ceremonyParts(t, "sudo_passkey")}
<button type="submit">${t("passkeys.sudo")}</button>
</form>
${passkeyScripts()}`;
}
