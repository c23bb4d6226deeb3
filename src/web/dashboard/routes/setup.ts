import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../../../deps.ts";
import { readAccount } from "../../../domain/accounts/display-name.ts";
import { AppError } from "../../../domain/errors.ts";
import { startSession } from "../../../domain/users/sessions.ts";
import { acceptUserLink, usableLink } from "../../../domain/users/user-links.ts";
import { requireOrigin } from "../../csrf.ts";
import { formRaw, formText } from "../../forms.ts";
import { domainMessage } from "../../i18n/domain-messages.ts";
import { WEB_ROUTE } from "../../route-options.ts";
import { dashT, sendPublicPage } from "../chrome.ts";
import { SESSION_COOKIE, sessionLimits, setSessionCookie } from "../session.ts";
import { deadLinkView, type SetupForm, setupView } from "../views/sign-in.ts";

// The one-time link that creates a user (views/sign-in.ts): the setup link printed at the first
// start and the invitations made on the Account page. The code travels in the link (GET) and
// then in the form's body; the link dies when the user is created. No session yet, so the post's
// CSRF defence is the Origin check.

function answer(req: FastifyRequest, reply: FastifyReply, form: SetupForm | "dead", status = 200) {
  const t = dashT(req);
  const main = form === "dead" ? deadLinkView(t) : setupView(t, form);
  return sendPublicPage(req, reply, { title: t("setup.title"), main, status });
}

export function registerSetupPages(web: FastifyInstance, deps: AppDeps): void {
  web.get("/dashboard/setup", WEB_ROUTE, async (req, reply) => {
    const code = String((req.query as Record<string, unknown>).code ?? "");
    const link = await usableLink(deps, code);
    if (!link) return answer(req, reply, "dead", 404);
    const account = await readAccount(deps, link.accountId);
    return answer(req, reply, { kind: link.kind, code, displayName: account.display_name ?? "" });
  });

  web.post("/dashboard/setup", WEB_ROUTE, async (req, reply) => {
    requireOrigin(deps, req);
    const code = formText(req.body, "code");
    const email = formText(req.body, "email");
    const password = formRaw(req.body, "password");
    const displayName = formText(req.body, "display_name");
    const link = await usableLink(deps, code);
    if (!link) return answer(req, reply, "dead", 404);
    const again = (text: string) =>
      answer(
        req,
        reply,
        { kind: link.kind, code, email, displayName, flash: { kind: "error", text } },
        422,
      );
    if (password !== formRaw(req.body, "confirm")) return again(dashT(req)("setup.mismatch"));
    let user: Awaited<ReturnType<typeof acceptUserLink>>;
    try {
      user = await acceptUserLink(
        { ...deps, scryptCost: deps.config.dashboard.scryptCost },
        { code, email, password, displayName, ip: req.ip, userAgent: req.headers["user-agent"] },
      );
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== "UNPROCESSABLE") throw err;
      return again(domainMessage(req.lang, err.message));
    }
    // The person who just chose the password is signed in, as sign-in would (a new session,
    // ending any the browser came with).
    const { cookie } = await startSession(deps, sessionLimits(deps), {
      userId: user.id,
      accountId: user.accountId,
      previousCookie: req.cookies[SESSION_COOKIE],
      userAgent: req.headers["user-agent"],
      ip: req.ip,
    });
    setSessionCookie(deps, reply, cookie);
    return reply.redirect("/dashboard?done=welcome", 303);
  });
}
