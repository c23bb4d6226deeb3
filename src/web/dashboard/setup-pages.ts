import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppDeps } from "../../deps.ts";
import { DISPLAY_NAME_MAX, readAccount } from "../../domain/accounts/display-name.ts";
import { AppError } from "../../domain/errors.ts";
import { startSession } from "../../domain/users/sessions.ts";
import { acceptUserLink, usableLink } from "../../domain/users/user-links.ts";
import { requireOrigin } from "../csrf.ts";
import { formRaw, formText } from "../forms.ts";
import { html } from "../html.ts";
import { domainMessage } from "../i18n/domain-messages.ts";
import { WEB_ROUTE } from "../route-options.ts";
import { dashT, type Flash, flashHtml } from "./chrome.ts";
import { SESSION_COOKIE, sessionLimits, setSessionCookie } from "./session.ts";
import { publicPage } from "./sign-in-pages.ts";

// The one-time link that creates a user: the setup link printed at the first start and the
// invitations made on the Account page. The code travels in the link (GET) and then in the
// form's body; the link dies when the user is created. No session yet, so the post's CSRF
// defence is the Origin check.

function setupForm(
  req: FastifyRequest,
  kind: "setup" | "invite",
  code: string,
  flash?: Flash,
  email = "",
  displayName = "",
) {
  const t = dashT(req);
  // The first user also names the account for its payers (the payment pages say whom they pay).
  const nameField =
    kind === "setup"
      ? html`<label>${t("setup.displayName")}<input type="text" name="display_name" value="${displayName}" minlength="2" maxlength="${DISPLAY_NAME_MAX}" autocomplete="organization" required><span class="hint">${t("setup.displayName.help")}</span></label>`
      : "";
  return html`<h1>${t(kind === "setup" ? "setup.title" : "invite.title")}</h1>${flashHtml(flash)}
<p>${t(kind === "setup" ? "setup.intro" : "invite.intro")}</p>
<form class="stack card" method="post" action="/dashboard/setup">
<input type="hidden" name="code" value="${code}">
${nameField}<label>${t("signin.email")}<input type="email" name="email" value="${email}" autocomplete="username" required></label>
<label>${t("setup.password")}<input type="password" name="password" autocomplete="new-password" minlength="10" required></label>
<label>${t("setup.confirm")}<input type="password" name="confirm" autocomplete="new-password" minlength="10" required></label>
<button type="submit">${t("setup.submit")}</button>
</form>`;
}

export function registerSetupPages(web: FastifyInstance, deps: AppDeps): void {
  web.get("/dashboard/setup", WEB_ROUTE, async (req, reply) => {
    const t = dashT(req);
    const code = String((req.query as Record<string, unknown>).code ?? "");
    const link = await usableLink(deps, code);
    if (!link) {
      return publicPage(
        req,
        reply,
        t("setup.title"),
        html`<h1>${t("setup.title")}</h1><div class="flash error" role="alert">${t("setup.dead")}</div>`,
        404,
      );
    }
    const account = await readAccount(deps, link.accountId);
    return publicPage(
      req,
      reply,
      t("setup.title"),
      setupForm(req, link.kind, code, undefined, "", account.display_name ?? ""),
    );
  });

  web.post("/dashboard/setup", WEB_ROUTE, async (req, reply) => {
    requireOrigin(deps, req);
    const t = dashT(req);
    const code = formText(req.body, "code");
    const email = formText(req.body, "email");
    const password = formRaw(req.body, "password");
    const displayName = formText(req.body, "display_name");
    const link = await usableLink(deps, code);
    if (!link) {
      return publicPage(
        req,
        reply,
        t("setup.title"),
        html`<h1>${t("setup.title")}</h1><div class="flash error" role="alert">${t("setup.dead")}</div>`,
        404,
      );
    }
    if (password !== formRaw(req.body, "confirm")) {
      return publicPage(
        req,
        reply,
        t("setup.title"),
        setupForm(
          req,
          link.kind,
          code,
          { kind: "error", text: t("setup.mismatch") },
          email,
          displayName,
        ),
        422,
      );
    }
    let user: Awaited<ReturnType<typeof acceptUserLink>>;
    try {
      user = await acceptUserLink(
        { ...deps, scryptCost: deps.config.dashboard.scryptCost },
        { code, email, password, displayName },
      );
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== "UNPROCESSABLE") throw err;
      return publicPage(
        req,
        reply,
        t("setup.title"),
        setupForm(
          req,
          link.kind,
          code,
          { kind: "error", text: domainMessage(req.lang, err.message) },
          email,
          displayName,
        ),
        422,
      );
    }
    // The person who just chose the password is signed in, as sign-in would (a new session,
    // ending any the browser came with).
    const { cookie } = await startSession(deps, sessionLimits(deps), {
      userId: user.id,
      accountId: user.accountId,
      previousCookie: req.cookies[SESSION_COOKIE],
    });
    setSessionCookie(deps, reply, cookie);
    return reply.redirect("/dashboard?done=welcome", 303);
  });
}
