import { csrfField } from "../../csrf.ts";
import { html, type SafeHtml } from "../../html.ts";
import type { DashT } from "../chrome.ts";
import { passkeySudo } from "./passkeys.ts";

// The fresh-factor step before a money-routing change (require-sudo.ts): the app's code, or the
// password for a user without one. The form posts to the same address with the kept form's
// reference only; what was typed on the first form stays on the server. A user with a passkey
// also gets its button (a second form, same reference). "gone": the kept form
// expired (or belongs to another session), so it is to be filled again.

export function sudoView(
  t: DashT,
  p: {
    action: string;
    ref?: string;
    factor: "code" | "password" | "gone";
    passkey?: boolean;
    csrf: string;
  },
): SafeHtml {
  // Back to the section (a post's address such as /dashboard/wallet/lightning has no page).
  const back = p.action.split("/").slice(0, 3).join("/");
  if (p.factor === "gone") {
    return html`<h1>${t("sudo.title")}</h1><div class="flash error" role="alert">${t("sudo.gone")}</div>
<p><a href="${back}">${t("sudo.back")}</a></p>`;
  }
  const field =
    p.factor === "code"
      ? html`<label>${t("signin.code.label")}<input type="text" name="sudo_answer" autocomplete="one-time-code" autocapitalize="off" spellcheck="false" maxlength="20" required autofocus><span class="hint">${t("signin.code.help")}</span></label>`
      : html`<label>${t("signin.password")}<input type="password" name="sudo_answer" autocomplete="current-password" required autofocus></label>`;
  return html`<h1>${t("sudo.title")}</h1>
<form class="stack card narrow-form" method="post" action="${p.action}" data-sudo>${csrfField(p.csrf)}<input type="hidden" name="_sudo" value="${p.ref ?? ""}">
<p>${t(p.factor === "code" ? "sudo.intro.code" : "sudo.intro.password")}</p>
${field}
<button type="submit">${t("sudo.submit")}</button>
</form>
${p.passkey ? passkeySudo(t, { action: p.action, ref: p.ref ?? "", csrf: p.csrf }) : ""}
<p><a href="${back}">${t("sudo.cancel")}</a></p>`;
}
