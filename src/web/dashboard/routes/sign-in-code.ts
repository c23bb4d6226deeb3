import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../../deps.ts";
import { completeSignIn, pendingSignInAlive } from "../../../domain/users/sign-in-code.ts";
import { requireOrigin } from "../../csrf.ts";
import { formText } from "../../forms.ts";
import { WEB_ROUTE } from "../../route-options.ts";
import { dashT, sendPublicPage } from "../chrome.ts";
import {
  clearPendingCookie,
  localPath,
  PENDING_COOKIE,
  SESSION_COOKIE,
  setSessionCookie,
} from "../session.ts";
import { signInCodeView, signInView } from "../views/sign-in.ts";
import { signInDeps } from "./sign-in.ts";

// The sign-in's second step for a user with an authenticator app: the pending sign-in cookie
// (set by the password step) shows the code form and nothing else; the right code opens the
// session (domain/users/sign-in-code.ts). Like the password form it has no session yet, so its
// CSRF defence is the Origin check.

export function registerSignInCodePage(web: FastifyInstance, deps: AppDeps): void {
  web.get("/dashboard/sign-in/code", WEB_ROUTE, async (req, reply) => {
    const next = localPath((req.query as Record<string, string | undefined>).next);
    if (!(await pendingSignInAlive(deps, req.cookies[PENDING_COOKIE]))) {
      return reply.redirect(`/dashboard/sign-in?next=${encodeURIComponent(next)}`, 303);
    }
    const t = dashT(req);
    return sendPublicPage(req, reply, {
      title: t("signin.code.title"),
      main: signInCodeView(t, { next }),
    });
  });

  web.post("/dashboard/sign-in/code", WEB_ROUTE, async (req, reply) => {
    requireOrigin(deps, req);
    const t = dashT(req);
    const next = localPath(formText(req.body, "next"));
    const outcome = await completeSignIn(signInDeps(deps), {
      pendingCookie: req.cookies[PENDING_COOKIE],
      code: formText(req.body, "code"),
      ip: req.ip,
      previousCookie: req.cookies[SESSION_COOKIE],
      userAgent: req.headers["user-agent"],
    });
    if (outcome.ok) {
      clearPendingCookie(deps, reply);
      setSessionCookie(deps, reply, outcome.cookie);
      return reply.redirect(next, 303);
    }
    if (outcome.reason === "expired") {
      clearPendingCookie(deps, reply);
      const main = signInView(t, {
        next,
        flash: { kind: "error", text: t("signin.code.expired") },
      });
      return sendPublicPage(req, reply, { title: t("signin.title"), main, status: 401 });
    }
    const throttled = outcome.reason === "throttled";
    if (throttled) reply.header("Retry-After", String(outcome.retryAfterSec));
    const text = t(throttled ? "signin.throttled" : "signin.code.wrong");
    const main = signInCodeView(t, { next, flash: { kind: "error", text } });
    return sendPublicPage(req, reply, {
      title: t("signin.code.title"),
      main,
      status: throttled ? 429 : 401,
    });
  });
}
