import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { baseUrlOf } from "../../base-url.ts";
import type { AppDeps } from "../../deps.ts";
import {
  DISPLAY_NAME_MAX,
  readAccount,
  renameAccount,
} from "../../domain/accounts/display-name.ts";
import { resetTestMode } from "../../domain/accounts/reset-test-mode.ts";
import { submitOnce } from "../../domain/idempotency/submit-once.ts";
import { createUserLink, openInvites } from "../../domain/users/user-links.ts";
import { changePassword, listUsers, removeUser } from "../../domain/users/users.ts";
import { onceField, sealFor, submission } from "../form-once.ts";
import { formRaw, formText } from "../forms.ts";
import { type HtmlValue, html } from "../html.ts";
import { confirmAction, dashT, type Flash, postForm, runAction, sendDashPage } from "./chrome.ts";
import { when } from "./format.ts";
import { signed, signedInRoutes } from "./session.ts";

// The account: its users (invite by a one-time link, remove), the signed-in user's password, and
// signing out on every browser.

export function registerAccountPages(web: FastifyInstance, deps: AppDeps): void {
  const r = signedInRoutes(web, deps);

  const render = async (
    req: FastifyRequest,
    reply: FastifyReply,
    opts: { flash?: Flash; status?: number; invite?: string } = {},
  ) => {
    const t = dashT(req);
    const { session } = signed(req);
    const [users, invites, account] = await Promise.all([
      listUsers(deps, session.accountId),
      openInvites(deps, session.accountId),
      readAccount(deps, session.accountId),
    ]);
    const invite: HtmlValue = opts.invite
      ? html`<section class="flash warn" role="status"><strong>${t("account.inviteCreated")}</strong><p>${t("account.inviteOnce")}</p>
<div class="secret"><code id="invite-link">${opts.invite}</code><button type="button" data-copy="#invite-link" data-copied="${t("action.copied")}">${t("action.copy")}</button></div></section>`
      : "";
    return sendDashPage(req, reply, {
      section: "account",
      title: t("nav.account"),
      flash: opts.flash,
      status: opts.status,
      main: html`<h1>${t("account.heading")}</h1>${invite}
<section class="card"><h2>${t("account.displayName")}</h2>${account.display_name ? "" : html`<p class="flash warn">${t("account.displayName.missing")}</p>`}${postForm(
        req,
        "/dashboard/account/name",
        html`<label>${t("setup.displayName")}<input type="text" name="display_name" value="${account.display_name ?? ""}" minlength="2" maxlength="${DISPLAY_NAME_MAX}" autocomplete="organization" required><span class="hint">${t("setup.displayName.help")}</span></label>
<button type="submit">${t("account.displayName.save")}</button>`,
        { class: "stack" },
      )}</section>
<section><h2>${t("account.users")}</h2><div class="table-wrap"><table><thead><tr><th>${t("signin.email")}</th><th>${t("charges.created")}</th><th></th></tr></thead><tbody>${users.map(
        (u) =>
          html`<tr><td>${u.email}${u.id === session.userId ? html` <span class="badge">${t("account.you")}</span>` : ""}</td><td>${when(t, u.createdAt)}</td><td class="actions">${
            u.id === session.userId
              ? ""
              : confirmAction(req, {
                  action: `/dashboard/account/users/${encodeURIComponent(u.id)}/remove`,
                  label: t("account.remove"),
                  question: t("account.remove.q", { email: u.email }),
                  confirm: t("account.remove"),
                  danger: true,
                })
          }</td></tr>`,
      )}</tbody></table></div>
<p class="muted">${t("account.openInvites", { n: invites.length })}</p>
${postForm(req, "/dashboard/account/invite", html`${onceField(deps)}<button type="submit" class="secondary">${t("account.invite")}</button>`)}</section>
<section class="card"><h2>${t("account.password")}</h2>${postForm(
        req,
        "/dashboard/account/password",
        html`<label>${t("account.currentPassword")}<input type="password" name="current" autocomplete="current-password" required></label>
<label>${t("setup.password")}<input type="password" name="next" autocomplete="new-password" minlength="10" required></label>
<label>${t("setup.confirm")}<input type="password" name="confirm" autocomplete="new-password" minlength="10" required></label>
<button type="submit">${t("account.changePassword")}</button>`,
        { class: "stack" },
      )}</section>
${signed(req).who.mode === "test" ? testReset(req) : ""}
<section class="card"><h2>${t("account.sessions")}</h2><p>${t("account.sessions.help")}</p>${postForm(req, "/dashboard/sign-out-everywhere", html`<button type="submit" class="danger">${t("account.signOutEverywhere")}</button>`)}</section>`,
    });
  };

  r.get("/dashboard/account", (req, reply) => render(req, reply));

  r.post("/dashboard/account/invite", async (req, reply) => {
    const { session, who } = signed(req);
    // One link per click (the form's key); the second answer of a double click shows the same
    // link, its stored copy sealed. The link's code itself is stored hashed.
    const sub = submission(req, who, "/dashboard/account/invite", {});
    const { code } = await submitOnce(
      deps,
      sub,
      {
        run: async (db) => {
          const link = await createUserLink(
            { ...deps, db },
            { kind: "invite", accountId: session.accountId, createdBy: session.userId },
          );
          return { code: link.code };
        },
      },
      sealFor(deps, sub),
    );
    return render(req, reply, { invite: `${baseUrlOf(deps, req)}/dashboard/setup?code=${code}` });
  });

  r.post("/dashboard/account/reset-test", async (req, reply) => {
    const t = dashT(req);
    const { who } = signed(req);
    const done = await runAction(() => resetTestMode(deps, who));
    if (!done.ok) return render(req, reply, { flash: done.flash, status: done.status });
    return render(req, reply, {
      flash: { kind: "ok", text: t("account.resetTest.done", { n: done.value.deleted.charges }) },
    });
  });

  r.post("/dashboard/account/name", async (req, reply) => {
    const t = dashT(req);
    const { session } = signed(req);
    const done = await runAction(() =>
      renameAccount(deps, {
        accountId: session.accountId,
        displayName: formText(req.body, "display_name"),
      }),
    );
    if (!done.ok) return render(req, reply, { flash: done.flash, status: done.status });
    return render(req, reply, {
      flash: {
        kind: "ok",
        text: t("account.displayName.saved", { name: done.value.display_name ?? "" }),
      },
    });
  });

  r.post("/dashboard/account/users/:id/remove", async (req, reply) => {
    const t = dashT(req);
    const { session } = signed(req);
    const id = (req.params as { id: string }).id;
    const done = await runAction(() => removeUser(deps, session, id));
    if (!done.ok) return render(req, reply, { flash: done.flash, status: done.status });
    return render(req, reply, { flash: { kind: "ok", text: t("account.removed") } });
  });

  r.post("/dashboard/account/password", async (req, reply) => {
    const t = dashT(req);
    const { session } = signed(req);
    const next = formRaw(req.body, "next");
    if (next !== formRaw(req.body, "confirm")) {
      return render(req, reply, {
        flash: { kind: "error", text: t("setup.mismatch") },
        status: 422,
      });
    }
    const done = await runAction(() =>
      changePassword(
        {
          ...deps,
          scryptCost: deps.config.dashboard.scryptCost,
          attempts: deps.signInAttempts,
          limits: {
            perEmail: deps.config.dashboard.attemptsPerEmail,
            perIp: deps.config.dashboard.attemptsPerIp,
          },
        },
        {
          accountId: session.accountId,
          userId: session.userId,
          sessionIdHash: session.idHash,
          ip: req.ip,
        },
        { current: formRaw(req.body, "current"), next },
      ),
    );
    if (!done.ok) return render(req, reply, { flash: done.flash, status: done.status });
    return render(req, reply, { flash: { kind: "ok", text: t("account.passwordChanged") } });
  });
}

/** The test view's reset: asked once more before it deletes (a live view never shows it). */
function testReset(req: FastifyRequest) {
  const t = dashT(req);
  return html`<section class="card"><h2>${t("account.resetTest")}</h2><p>${t("account.resetTest.help")}</p>${confirmAction(
    req,
    {
      action: "/dashboard/account/reset-test",
      label: t("account.resetTest.button"),
      question: t("account.resetTest.q"),
      confirm: t("account.resetTest.confirm"),
      danger: true,
    },
  )}</section>`;
}
