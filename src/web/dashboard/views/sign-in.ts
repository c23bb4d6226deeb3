import { DISPLAY_NAME_MAX } from "../../../domain/accounts/display-name.ts";
import { html, type SafeHtml } from "../../html.ts";
import { type DashT, type Flash, flashHtml } from "../chrome.ts";
import { passkeySignIn } from "./passkeys.ts";

// The pages before a session: the sign-in form, and the one-time link's form that creates a user
// (the setup link printed at the first start, an invitation from the Account page).

export function signInView(
  t: DashT,
  opts: { email?: string; next?: string; flash?: Flash | undefined },
): SafeHtml {
  return html`<h1>${t("signin.title")}</h1>${flashHtml(opts.flash)}
<form class="stack card" method="post" action="/dashboard/sign-in">
<input type="hidden" name="next" value="${opts.next ?? ""}">
<label>${t("signin.email")}<input type="email" name="email" value="${opts.email ?? ""}" autocomplete="username" required></label>
<label>${t("signin.password")}<input type="password" name="password" autocomplete="current-password" required></label>
<button type="submit">${t("signin.submit")}</button>
</form>
${passkeySignIn(t, opts.next ?? "")}
<p class="muted">${t("signin.help")}</p>`;
}

export type SetupForm = {
  kind: "setup" | "invite";
  code: string;
  flash?: Flash | undefined;
  email?: string;
  displayName?: string;
};

export function setupView(t: DashT, f: SetupForm): SafeHtml {
  // The first user also names the account for its payers (the payment pages say whom they pay).
  const nameField =
    f.kind === "setup"
      ? html`<label>${t("setup.displayName")}<input type="text" name="display_name" value="${f.displayName ?? ""}" minlength="2" maxlength="${DISPLAY_NAME_MAX}" autocomplete="organization" required><span class="hint">${t("setup.displayName.help")}</span></label>`
      : "";
  return html`<h1>${t(f.kind === "setup" ? "setup.title" : "invite.title")}</h1>${flashHtml(f.flash)}
<p>${t(f.kind === "setup" ? "setup.intro" : "invite.intro")}</p>
<form class="stack card" method="post" action="/dashboard/setup">
<input type="hidden" name="code" value="${f.code}">
${nameField}<label>${t("signin.email")}<input type="email" name="email" value="${f.email ?? ""}" autocomplete="username" required></label>
<label>${t("setup.password")}<input type="password" name="password" autocomplete="new-password" minlength="10" required></label>
<label>${t("setup.confirm")}<input type="password" name="confirm" autocomplete="new-password" minlength="10" required></label>
<button type="submit">${t("setup.submit")}</button>
</form>`;
}

/** A setup or invitation link that is used, expired or unknown. */
export function deadLinkView(t: DashT): SafeHtml {
  return html`<h1>${t("setup.title")}</h1><div class="flash error" role="alert">${t("setup.dead")}</div>`;
}

/** The sign-in's second step: the authenticator app's code, or a recovery code. */
export function signInCodeView(
  t: DashT,
  opts: { next?: string; flash?: Flash | undefined },
): SafeHtml {
  return html`<h1>${t("signin.code.title")}</h1>${flashHtml(opts.flash)}
<form class="stack card" method="post" action="/dashboard/sign-in/code">
<input type="hidden" name="next" value="${opts.next ?? ""}">
<p>${t("signin.code.intro")}</p>
<label>${t("signin.code.label")}<input type="text" name="code" inputmode="text" autocomplete="one-time-code" autocapitalize="off" spellcheck="false" maxlength="20" required autofocus><span class="hint">${t("signin.code.help")}</span></label>
<button type="submit">${t("signin.code.submit")}</button>
</form>
<p><a href="/dashboard/sign-in">${t("signin.code.restart")}</a></p>`;
}
