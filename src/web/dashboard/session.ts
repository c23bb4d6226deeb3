import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from "fastify";
import type { AppDeps } from "../../deps.ts";
import type { AuditActor } from "../../domain/audit/record-audit.ts";
import { type AppError, forbidden } from "../../domain/errors.ts";
import { holds, type Scope } from "../../domain/tokens/scopes.ts";
import { resolveSession, type Session, sessionPrincipal } from "../../domain/users/sessions.ts";
import type { Principal } from "../../kernel/mode.ts";
import { checkCsrf } from "../csrf.ts";
import { WEB_ROUTE } from "../route-options.ts";

// How dashboard pages know who is there: the session cookie, looked up in the database on each
// request (so every instance agrees, and a signed-out session is dead everywhere at once). A
// page without a live session sends the browser to the sign-in page; a form post without the
// session's CSRF token, or from another origin, is refused before its handler runs.

export const SESSION_COOKIE = "tostao_session";

declare module "fastify" {
  interface FastifyRequest {
    dashSession?: Session;
  }
}

export type Signed = { session: Session; who: Principal };

export const sessionLimits = (deps: AppDeps) => ({
  idleMs: deps.config.dashboard.sessionIdleMs,
  maxMs: deps.config.dashboard.sessionMaxMs,
});

/** Cookie options: HttpOnly, SameSite=Lax, Secure when the service's URL is https. */
export function sessionCookieOptions(deps: AppDeps) {
  return {
    path: "/dashboard",
    httpOnly: true,
    sameSite: "lax" as const,
    secure: (deps.config.baseUrl ?? "").startsWith("https:"),
  };
}

export function setSessionCookie(deps: AppDeps, reply: FastifyReply, value: string): void {
  reply.setCookie(SESSION_COOKIE, value, {
    ...sessionCookieOptions(deps),
    maxAge: Math.floor(deps.config.dashboard.sessionMaxMs / 1000),
  });
}

/** The pending sign-in's cookie (password right, code awaited): minutes, no session rights. */
export const PENDING_COOKIE = "tostao_signin";

export function setPendingCookie(deps: AppDeps, reply: FastifyReply, value: string): void {
  reply.setCookie(PENDING_COOKIE, value, { ...sessionCookieOptions(deps), maxAge: 5 * 60 });
}

export function clearPendingCookie(deps: AppDeps, reply: FastifyReply): void {
  reply.clearCookie(PENDING_COOKIE, sessionCookieOptions(deps));
}

export function clearSessionCookie(deps: AppDeps, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, sessionCookieOptions(deps));
}

/** The signed-in user as the audit log names them: e-mail, client IP and User-Agent. */
export function userActor(req: FastifyRequest): AuditActor {
  const session = req.dashSession;
  if (!session) throw new Error("userActor(): route registered without the session check");
  return { kind: "user", id: session.email, ip: req.ip, userAgent: req.headers["user-agent"] };
}

/** The signed-in session of a request that went through `signedIn` routes. */
export function signed(req: FastifyRequest): Signed {
  const session = req.dashSession;
  if (!session) throw new Error("signed(): route registered without the session check");
  return { session, who: sessionPrincipal(session) };
}

/**
 * What a route needs of the member's role: the API key scope of the same thing (the role's
 * scopes, domain/users/roles.ts), or "member" for what every member does for themselves (their
 * password, second factor, sessions, the test/live switch).
 */
export type Access = Scope | "member";

/** Pages a member the account requires a second factor of may open before setting one up. */
const ENROL_PATHS = /^\/dashboard\/(security|sign-out)(\/|\?|$)/;

/** A role's refusal, in the page's words (the API's 403 names the same scope). */
export function roleRefusal(session: Session, scope: Scope): AppError {
  return forbidden(`role: the ${session.role} role does not allow this (it needs ${scope})`);
}

/**
 * Registers dashboard routes that need a session: GET ones redirect to the sign-in page without
 * one; POST ones are also checked for CSRF (token of the session, and the Origin). Each names
 * the scope it needs: a member whose role lacks it gets a 403 before the handler runs, so a
 * form posted by hand does nothing its button, hidden from that member, would not.
 */
export function signedInRoutes(web: FastifyInstance, deps: AppDeps) {
  const preHandler = async (req: FastifyRequest, reply: FastifyReply) => {
    const session = await resolveSession(
      deps,
      sessionLimits(deps),
      req.cookies[SESSION_COOKIE],
      req.ip,
    );
    if (!session) {
      if (req.cookies[SESSION_COOKIE]) clearSessionCookie(deps, reply);
      const next = req.method === "GET" ? `?next=${encodeURIComponent(req.url)}` : "";
      return reply.redirect(`/dashboard/sign-in${next}`, 303);
    }
    if (req.method === "POST") checkCsrf(deps, req, session.csrfToken);
    req.dashSession = session;
    // The account requires a second factor: set one up first (signing out stays open).
    if (session.mustEnrolTwoFactor && !ENROL_PATHS.test(req.url)) {
      return reply.redirect("/dashboard/security?enrol=1", 303);
    }
  };
  const guarded = (access: Access) => async (req: FastifyRequest, reply: FastifyReply) => {
    await preHandler(req, reply);
    if (reply.sent) return reply;
    if (access === "member" || !req.dashSession) return;
    if (!holds(sessionPrincipal(req.dashSession), access)) {
      throw roleRefusal(req.dashSession, access);
    }
  };
  return {
    get(url: string, access: Access, handler: RouteHandlerMethod) {
      web.get(url, { ...WEB_ROUTE, preHandler: guarded(access) }, handler);
    },
    /** `upload`: a multipart form's own file size limit (forms.ts, readMultipartBody). */
    post(url: string, access: Access, handler: RouteHandlerMethod, upload?: { fileSize: number }) {
      const config = upload ? { ...WEB_ROUTE.config, upload } : WEB_ROUTE.config;
      web.post(url, { ...WEB_ROUTE, config, preHandler: guarded(access) }, handler);
    },
  };
}

/** A safe place to go back to: a dashboard path of this site, else the home page. */
export function localPath(value: unknown, fallback = "/dashboard"): string {
  if (typeof value !== "string") return fallback;
  return /^\/dashboard(\/[\w\-/.]*)?(\?[\w\-=&%.]*)?$/.test(value) ? value : fallback;
}
