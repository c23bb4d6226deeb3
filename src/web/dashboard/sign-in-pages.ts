import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../../deps.ts";
import { endAllSessions, endSession, switchMode } from "../../domain/users/sessions.ts";
import { signIn } from "../../domain/users/sign-in.ts";
import type { Mode } from "../../kernel/mode.ts";
import { requireOrigin } from "../csrf.ts";
import { formRaw, formText } from "../forms.ts";
import { type HtmlValue, html } from "../html.ts";
import { page, sendPage } from "../layout.ts";
import { WEB_ROUTE } from "../route-options.ts";
import { dashT, type Flash, flashHtml } from "./chrome.ts";
import {
  clearSessionCookie,
  localPath,
  SESSION_COOKIE,
  sessionLimits,
  setSessionCookie,
  signed,
  signedInRoutes,
} from "./session.ts";

// Signing in and out, and the test/live switch (the one-time links that create users are
// setup-pages.ts). The sign-in form has no session yet, so its CSRF defence is the Origin check alone
// (and SameSite=Lax keeps a cross-site post from carrying an existing session anyway).

/** A page without the dashboard's frame (no session yet): sign-in, setup, invitation. */
export function publicPage(
  req: FastifyRequest,
  reply: FastifyReply,
  title: string,
  main: HtmlValue,
  status = 200,
) {
  return sendPage(
    reply,
    page({
      lang: req.lang,
      title,
      url: req.url,
      // The brand, as on every signed-in page, so the sign-in page is recognisably this service.
      header: html`<header class="topbar"><div class="inner"><a class="brand" href="/dashboard">Tostão</a></div></header>`,
      mainClass: "narrow",
      main,
    }),
    status,
  );
}

function signInForm(req: FastifyRequest, opts: { email?: string; next?: string; flash?: Flash }) {
  const t = dashT(req);
  return html`<h1>${t("signin.title")}</h1>${flashHtml(opts.flash)}
<form class="stack card" method="post" action="/dashboard/sign-in">
<input type="hidden" name="next" value="${opts.next ?? ""}">
<label>${t("signin.email")}<input type="email" name="email" value="${opts.email ?? ""}" autocomplete="username" required></label>
<label>${t("signin.password")}<input type="password" name="password" autocomplete="current-password" required></label>
<button type="submit">${t("signin.submit")}</button>
</form>
<p class="muted">${t("signin.help")}</p>`;
}

export function registerSignInPages(web: FastifyInstance, deps: AppDeps): void {
  web.get("/dashboard/sign-in", WEB_ROUTE, async (req, reply) => {
    const t = dashT(req);
    const q = req.query as Record<string, string | undefined>;
    const flash: Flash | undefined =
      q.done === "signed-out"
        ? { kind: "ok", text: t("signout.done") }
        : q.done === "created"
          ? { kind: "ok", text: t("setup.done") }
          : undefined;
    return publicPage(
      req,
      reply,
      t("signin.title"),
      signInForm(req, { next: localPath(q.next, ""), ...(flash ? { flash } : {}) }),
    );
  });

  web.post("/dashboard/sign-in", WEB_ROUTE, async (req, reply) => {
    requireOrigin(deps, req);
    const t = dashT(req);
    const email = formText(req.body, "email");
    const next = localPath(formText(req.body, "next"));
    const outcome = await signIn(
      {
        ...deps,
        attempts: deps.signInAttempts,
        limits: {
          ...sessionLimits(deps),
          perEmail: deps.config.dashboard.attemptsPerEmail,
          perIp: deps.config.dashboard.attemptsPerIp,
        },
        scryptCost: deps.config.dashboard.scryptCost,
      },
      {
        email,
        password: formRaw(req.body, "password"),
        ip: req.ip,
        previousCookie: req.cookies[SESSION_COOKIE],
      },
    );
    if (outcome.ok) {
      setSessionCookie(deps, reply, outcome.cookie);
      return reply.redirect(next, 303);
    }
    if (outcome.reason === "throttled") {
      reply.header("Retry-After", String(outcome.retryAfterSec));
      return publicPage(
        req,
        reply,
        t("signin.title"),
        signInForm(req, { email, next, flash: { kind: "error", text: t("signin.throttled") } }),
        429,
      );
    }
    return publicPage(
      req,
      reply,
      t("signin.title"),
      signInForm(req, { email, next, flash: { kind: "error", text: t("signin.invalid") } }),
      401,
    );
  });

  const r = signedInRoutes(web, deps);
  r.post("/dashboard/sign-out", async (req, reply) => {
    await endSession(deps, signed(req).session);
    clearSessionCookie(deps, reply);
    return reply.redirect("/dashboard/sign-in?done=signed-out", 303);
  });
  r.post("/dashboard/sign-out-everywhere", async (req, reply) => {
    await endAllSessions(deps, signed(req).session);
    clearSessionCookie(deps, reply);
    return reply.redirect("/dashboard/sign-in?done=signed-out", 303);
  });
  r.post("/dashboard/mode", async (req, reply) => {
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
