import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../../deps.ts";
import { endAllSessions, endSession, switchMode } from "../../../domain/users/sessions.ts";
import { signIn } from "../../../domain/users/sign-in.ts";
import type { Mode } from "../../../kernel/mode.ts";
import { requireOrigin } from "../../csrf.ts";
import { formRaw, formText } from "../../forms.ts";
import { WEB_ROUTE } from "../../route-options.ts";
import { dashT, type Flash, sendPublicPage } from "../chrome.ts";
import {
  clearSessionCookie,
  localPath,
  SESSION_COOKIE,
  sessionLimits,
  setPendingCookie,
  setSessionCookie,
  signed,
  signedInRoutes,
  userActor,
} from "../session.ts";
import { signInView } from "../views/sign-in.ts";

// Signing in and out, and the test/live switch (the one-time links that create users are
// setup.ts). The sign-in form has no session yet, so its CSRF defence is the Origin check alone
// (and SameSite=Lax keeps a cross-site post from carrying an existing session anyway). A user
// with an authenticator app is asked for its code on a second page (/dashboard/sign-in/code),
// holding only a pending sign-in cookie until then.

export const signInDeps = (deps: AppDeps) => {
  const { dashboard } = deps.config;
  return {
    ...deps,
    attempts: deps.signInAttempts,
    limits: {
      ...sessionLimits(deps),
      perEmail: dashboard.attemptsPerEmail,
      perIp: dashboard.attemptsPerIp,
    },
    scryptCost: dashboard.scryptCost,
  };
};

export function registerSignInPages(web: FastifyInstance, deps: AppDeps): void {
  web.get("/dashboard/sign-in", WEB_ROUTE, async (req, reply) => {
    const t = dashT(req);
    const q = req.query as Record<string, string | undefined>;
    const notice = { "signed-out": "signout.done", created: "setup.done" } as const;
    const key = q.done === "signed-out" || q.done === "created" ? notice[q.done] : undefined;
    const flash: Flash | undefined = key ? { kind: "ok", text: t(key) } : undefined;
    const main = signInView(t, { next: localPath(q.next, ""), flash });
    return sendPublicPage(req, reply, { title: t("signin.title"), main });
  });

  web.post("/dashboard/sign-in", WEB_ROUTE, async (req, reply) => {
    requireOrigin(deps, req);
    const t = dashT(req);
    const email = formText(req.body, "email");
    const next = localPath(formText(req.body, "next"));
    const outcome = await signIn(signInDeps(deps), {
      email,
      password: formRaw(req.body, "password"),
      ip: req.ip,
      previousCookie: req.cookies[SESSION_COOKIE],
      userAgent: req.headers["user-agent"],
    });
    if (outcome.ok) {
      setSessionCookie(deps, reply, outcome.cookie);
      return reply.redirect(next, 303);
    }
    if (outcome.reason === "code") {
      setPendingCookie(deps, reply, outcome.pendingCookie);
      return reply.redirect(`/dashboard/sign-in/code?next=${encodeURIComponent(next)}`, 303);
    }
    const throttled = outcome.reason === "throttled";
    if (throttled) reply.header("Retry-After", String(outcome.retryAfterSec));
    const text = t(throttled ? "signin.throttled" : "signin.invalid");
    const main = signInView(t, { email, next, flash: { kind: "error", text } });
    return sendPublicPage(req, reply, {
      title: t("signin.title"),
      main,
      status: throttled ? 429 : 401,
    });
  });

  const r = signedInRoutes(web, deps);
  r.post("/dashboard/sign-out", "member", async (req, reply) => {
    await endSession(deps, signed(req).session, userActor(req));
    clearSessionCookie(deps, reply);
    return reply.redirect("/dashboard/sign-in?done=signed-out", 303);
  });
  r.post("/dashboard/sign-out-everywhere", "member", async (req, reply) => {
    await endAllSessions(deps, signed(req).session, userActor(req));
    clearSessionCookie(deps, reply);
    return reply.redirect("/dashboard/sign-in?done=signed-out", 303);
  });
  r.post("/dashboard/mode", "member", async (req, reply) => {
    const asked = formText(req.body, "mode");
    const mode: Mode | undefined = asked === "test" || asked === "live" ? asked : undefined;
    if (mode) await switchMode(deps, signed(req).session, mode);
    // Back to the section, not the item: a charge of one mode does not exist in the other;
    // unless the form came from the notice that the item is the other mode's ("stay").
    const back = localPath(formText(req.body, "return")).split("?")[0] ?? "/dashboard";
    if (formText(req.body, "stay") === "1") return reply.redirect(back, 303);
    return reply.redirect(back.split("/").slice(0, 3).join("/"), 303);
  });
}
