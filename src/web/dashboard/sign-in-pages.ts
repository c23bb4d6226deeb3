import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../domain/errors.ts";
import type { Mode } from "../../domain/mode.ts";
import { endAllSessions, endSession, switchMode } from "../../domain/users/sessions.ts";
import { signIn } from "../../domain/users/sign-in.ts";
import { acceptUserLink, usableLink } from "../../domain/users/user-links.ts";
import { checkOrigin } from "../csrf.ts";
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

// Signing in and out, the one-time setup/invitation link that creates a user, and the test/live
// switch. The sign-in form has no session yet, so its CSRF defence is the Origin check alone
// (and SameSite=Lax keeps a cross-site post from carrying an existing session anyway).

function publicPage(
  req: FastifyRequest,
  reply: FastifyReply,
  title: string,
  main: HtmlValue,
  status = 200,
) {
  return sendPage(
    reply,
    page({ lang: req.lang, title, url: req.url, mainClass: "narrow", main }),
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

function setupForm(
  req: FastifyRequest,
  kind: "setup" | "invite",
  code: string,
  flash?: Flash,
  email = "",
) {
  const t = dashT(req);
  return html`<h1>${t(kind === "setup" ? "setup.title" : "invite.title")}</h1>${flashHtml(flash)}
<p>${t(kind === "setup" ? "setup.intro" : "invite.intro")}</p>
<form class="stack card" method="post" action="/dashboard/setup">
<input type="hidden" name="code" value="${code}">
<label>${t("signin.email")}<input type="email" name="email" value="${email}" autocomplete="username" required></label>
<label>${t("setup.password")}<input type="password" name="password" autocomplete="new-password" minlength="10" required></label>
<label>${t("setup.confirm")}<input type="password" name="confirm" autocomplete="new-password" minlength="10" required></label>
<button type="submit">${t("setup.submit")}</button>
</form>`;
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
    checkOrigin(deps, req);
    const t = dashT(req);
    const email = formText(req.body, "email");
    const next = localPath(formText(req.body, "next"));
    const outcome = await signIn(
      {
        ...deps,
        attempts: deps.rateLimiter,
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
    return publicPage(req, reply, t("setup.title"), setupForm(req, link.kind, code));
  });

  web.post("/dashboard/setup", WEB_ROUTE, async (req, reply) => {
    checkOrigin(deps, req);
    const t = dashT(req);
    const code = formText(req.body, "code");
    const email = formText(req.body, "email");
    const password = formRaw(req.body, "password");
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
        setupForm(req, link.kind, code, { kind: "error", text: t("setup.mismatch") }, email),
        422,
      );
    }
    try {
      await acceptUserLink(
        { ...deps, scryptCost: deps.config.dashboard.scryptCost },
        { code, email, password },
      );
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== "UNPROCESSABLE") throw err;
      return publicPage(
        req,
        reply,
        t("setup.title"),
        setupForm(req, link.kind, code, { kind: "error", text: err.message }, email),
        422,
      );
    }
    return reply.redirect("/dashboard/sign-in?done=created", 303);
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
    // Back to the section, not the item: a charge of one mode does not exist in the other.
    const back = localPath(formText(req.body, "return")).split("?")[0] ?? "/dashboard";
    return reply.redirect(back.split("/").slice(0, 3).join("/"), 303);
  });
}
