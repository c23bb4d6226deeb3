import type { accountSettings } from "../../../domain/dashboard/settings.ts";
import { ROLES, type Role } from "../../../domain/users/roles.ts";
import { onceInput } from "../../form-once.ts";
import { html } from "../../html.ts";
import { confirmAction, postForm } from "../chrome.ts";
import { when } from "../format.ts";
import type { ViewCtx } from "../routes/page.ts";
import { dataTable } from "./parts.ts";

// The Account page's members: each with their role (owners change it in place), remove, invite
// with a role, and the owners' "require two factors". A control the member's role would refuse
// is not shown (the route refuses it anyway: web/dashboard/session.ts).

export type AccountData = Awaited<ReturnType<typeof accountSettings>>;

const roleOptions = (ctx: ViewCtx, current: Role | undefined, roles: readonly Role[]) =>
  roles.map(
    (r) =>
      html`<option value="${r}"${r === current ? html` selected` : ""}>${ctx.t(`role.${r}`)}</option>`,
  );

/** The roles `ctx`'s member may give: an owner any, an admin any but owner. */
const givable = (ctx: ViewCtx): readonly Role[] =>
  ctx.role === "owner" ? ROLES : ROLES.filter((r) => r !== "owner");

export function membersSection(ctx: ViewCtx, data: AccountData) {
  const { t } = ctx;
  const owner = ctx.role === "owner";
  const manage = ctx.can("account:write");
  const table = dataTable(
    data.users,
    [
      {
        label: t("signin.email"),
        cell: (u) =>
          html`${u.email}${u.id === ctx.userId ? html` <span class="badge">${t("account.you")}</span>` : ""}`,
      },
      {
        label: t("members.role"),
        cell: (u) =>
          owner
            ? postForm(
                ctx,
                `/dashboard/account/users/${encodeURIComponent(u.id)}/role`,
                html`<select name="role" aria-label="${t("members.roleOf", { email: u.email })}">${roleOptions(ctx, u.role, ROLES)}</select><button type="submit" class="secondary">${t("members.change")}</button>`,
                { class: "row role-form" },
              )
            : html`<span class="badge" data-role="${u.role}">${t(`role.${u.role}`)}</span>`,
      },
      { label: t("charges.created"), cell: (u) => when(t, u.createdAt) },
      {
        label: t("keys.actions"),
        hideLabel: true,
        class: "actions",
        cell: (u) =>
          u.id === ctx.userId || !manage || (u.role === "owner" && !owner)
            ? ""
            : confirmAction(ctx, {
                action: `/dashboard/account/users/${encodeURIComponent(u.id)}/remove`,
                label: t("account.remove"),
                question: t("account.remove.q", { email: u.email }),
                confirm: t("account.remove"),
                danger: true,
              }),
      },
    ],
    { rowAttrs: (u) => html` data-member="${u.email}"` },
  );
  const invite = manage
    ? postForm(
        ctx,
        "/dashboard/account/invite",
        html`${onceInput(ctx.formKey)}<label>${t("members.inviteAs")}<select name="role">${roleOptions(ctx, "viewer", givable(ctx))}</select></label><button type="submit" class="secondary">${t("account.invite")}</button>`,
        { class: "row" },
      )
    : "";
  return html`<section id="members"><h2>${t("account.users")}</h2>${table}
<p class="muted">${t("members.rolesHelp")}</p>
<p class="muted">${t("account.openInvites", { n: data.openInvites })}</p>
${invite}
${requireTwoFactor(ctx, data.requireTwoFactor)}</section>`;
}

function requireTwoFactor(ctx: ViewCtx, on: boolean) {
  const { t } = ctx;
  const state = html`<p>${t(on ? "members.require2fa.isOn" : "members.require2fa.isOff")}</p>`;
  if (ctx.role !== "owner")
    return html`<div class="card"><h3>${t("members.require2fa")}</h3>${state}</div>`;
  return html`<div class="card"><h3>${t("members.require2fa")}</h3>${state}<p class="muted">${t("members.require2fa.help")}</p>${postForm(
    ctx,
    "/dashboard/account/require-two-factor",
    html`<input type="hidden" name="on" value="${on ? "0" : "1"}"><button type="submit" class="secondary">${t(on ? "members.require2fa.turnOff" : "members.require2fa.turnOn")}</button>`,
  )}</div>`;
}
