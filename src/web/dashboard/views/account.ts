import { DISPLAY_NAME_MAX } from "../../../domain/accounts/display-name.ts";
import { type HtmlValue, html } from "../../html.ts";
import { confirmAction, postForm } from "../chrome.ts";
import type { ViewCtx } from "../routes/page.ts";
import { type AccountData, membersSection } from "./members.ts";
import { longValue } from "./parts.ts";

// The account: its name for payers, its members (views/members.ts), the signed-in
// user's password, the test view's reset, and signing out on every browser.

export type { AccountData };

export function accountView(ctx: ViewCtx, data: AccountData, opts: { invite?: string }) {
  const { t } = ctx;
  const invite: HtmlValue = opts.invite
    ? html`<section class="flash warn" role="status"><strong>${t("account.inviteCreated")}</strong><p>${t("account.inviteOnce")}</p>
<div class="secret">${longValue(t, opts.invite, "invite-link")}</div></section>`
    : "";
  return {
    title: t("nav.account"),
    main: html`<h1>${t("account.heading")}</h1>${invite}
<p><a href="/dashboard/audit">${t("nav.audit")} →</a></p>
${ctx.can("account:write") ? displayName(ctx, data.account.display_name) : ""}
${membersSection(ctx, data)}
<section class="card"><h2>${t("account.password")}</h2>${postForm(
      ctx,
      "/dashboard/account/password",
      html`<label>${t("account.currentPassword")}<input type="password" name="current" autocomplete="current-password" required></label>
<label>${t("setup.password")}<input type="password" name="next" autocomplete="new-password" minlength="10" required></label>
<label>${t("setup.confirm")}<input type="password" name="confirm" autocomplete="new-password" minlength="10" required></label>
<button type="submit">${t("account.changePassword")}</button>`,
      { class: "stack" },
    )}</section>
${ctx.who.mode === "test" && ctx.can("account:write") ? testReset(ctx) : ""}
<section class="card"><h2>${t("security.heading")}</h2><p>${t("account.security.help")}</p><p><a href="/dashboard/security">${t("account.security.link")}</a></p></section>
<section class="card"><h2>${t("account.sessions")}</h2><p>${t("account.sessions.help")}</p>${postForm(ctx, "/dashboard/sign-out-everywhere", html`<button type="submit" class="danger">${t("account.signOutEverywhere")}</button>`)}</section>`,
  };
}

function displayName(ctx: ViewCtx, name: string | null) {
  const { t } = ctx;
  return html`<section class="card"><h2>${t("account.displayName")}</h2>${name ? "" : html`<p class="flash warn">${t("account.displayName.missing")}</p>`}${postForm(
    ctx,
    "/dashboard/account/name",
    html`<label>${t("setup.displayName")}<input type="text" name="display_name" value="${name ?? ""}" minlength="2" maxlength="${DISPLAY_NAME_MAX}" autocomplete="organization" required><span class="hint">${t("setup.displayName.help")}</span></label>
<button type="submit">${t("account.displayName.save")}</button>`,
    { class: "stack" },
  )}</section>`;
}

/** The test view's reset: asked once more before it deletes (a live view never shows it). */
function testReset(ctx: ViewCtx) {
  const { t } = ctx;
  return html`<section class="card"><h2>${t("account.resetTest")}</h2><p>${t("account.resetTest.help")}</p>${confirmAction(
    ctx,
    {
      action: "/dashboard/account/reset-test",
      label: t("account.resetTest.button"),
      question: t("account.resetTest.q"),
      confirm: t("account.resetTest.confirm"),
      danger: true,
    },
  )}</section>`;
}
