import { timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { baseUrlOf } from "../base-url.ts";
import { AppError } from "../domain/errors.ts";
import { html, type SafeHtml } from "./html.ts";

// Cross-site request forgery: a state-changing form must come from one of our own pages. Two
// checks, both required. The browser's Origin header, when present, must be this service's
// origin (pages send Referrer-Policy: same-origin, so a same-origin post carries its real
// Origin, and a cross-site one its foreign origin or "null"). And the form must carry the token
// of the session it acts for (a hidden field), which another site cannot read. Pages without a
// session (the public payment page) check the Origin alone.

export const CSRF_FIELD = "_csrf";

export const CSRF_REFUSED =
  "csrf: this form did not come from this site's page; reload it and retry";

/** The hidden form field carrying the session's CSRF token. */
export function csrfField(token: string): SafeHtml {
  return html`<input type="hidden" name="${CSRF_FIELD}" value="${token}">`;
}

/** Does the request's Origin (if it sent one) name this service? */
export function originAllowed(
  deps: { config: { baseUrl: string | undefined } },
  req: FastifyRequest,
): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    // Both through URL, so a default port written out or not compares equal; "null" throws.
    return new URL(origin).origin === new URL(baseUrlOf(deps, req)).origin;
  } catch {
    return false;
  }
}

/** Refuses (403) a post whose Origin is foreign. */
export function checkOrigin(
  deps: { config: { baseUrl: string | undefined } },
  req: FastifyRequest,
): void {
  if (!originAllowed(deps, req)) throw new AppError("FORBIDDEN", CSRF_REFUSED);
}

/**
 * Refuses (403) a post whose Origin is missing or foreign: the forms without a session (sign-in,
 * setup) have no token to check, so the browser's Origin is their whole defence, and a post
 * without one (a script, a very old browser) is not taken on trust.
 */
export function requireOrigin(
  deps: { config: { baseUrl: string | undefined } },
  req: FastifyRequest,
): void {
  if (req.headers.origin === undefined || !originAllowed(deps, req)) {
    throw new AppError("FORBIDDEN", CSRF_REFUSED);
  }
}

/** Refuses (403) a post whose Origin is foreign or whose token is not the session's. */
export function checkCsrf(
  deps: { config: { baseUrl: string | undefined } },
  req: FastifyRequest,
  sessionToken: string,
): void {
  checkOrigin(deps, req);
  const body = req.body as Record<string, unknown> | undefined;
  const given = body?.[CSRF_FIELD];
  if (typeof given !== "string" || !sameText(given, sessionToken)) {
    throw new AppError("FORBIDDEN", CSRF_REFUSED);
  }
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
