import fastifyCookie from "@fastify/cookie";
import fastifyFormbody from "@fastify/formbody";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../deps.ts";
import { AppError, STATUS_BY_CODE } from "../domain/errors.ts";
import { registerAssets } from "./assets.ts";
import { CSRF_REFUSED } from "./csrf.ts";
import { readMultipartBody } from "./forms.ts";
import { html } from "./html.ts";
import {
  asLang,
  DEFAULT_LANG,
  type Lang,
  langFromAcceptLanguage,
  translator,
} from "./i18n/catalogue.ts";
import { common } from "./i18n/common.ts";
import { domainMessage } from "./i18n/domain-messages.ts";
import { page, sendPage } from "./layout.ts";
import { setPageSecurityHeaders } from "./security-headers.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The interface language of this page request (registerWeb's hook chooses it). */
    lang: Lang;
  }
}

/** One area of pages (the dashboard, the payment page): registers its routes on `web`. */
export type WebArea = (web: FastifyInstance, deps: AppDeps) => void;

export const LANG_COOKIE = "lang";
const YEAR_S = 365 * 24 * 3600;

/**
 * Registers the HTML side of the service in its own Fastify context beside the JSON API: form
 * bodies (urlencoded, and multipart for file uploads) and cookies are parsed there only, every response gets the page security headers, the
 * language is chosen (`?lang=` sets it in a cookie; then the cookie; then Accept-Language;
 * else Portuguese), errors render as a page, and the stylesheet and script are served. Each
 * area's routes must use WEB_ROUTE (route-options.ts) so they stay out of the API documents.
 */
export function registerWeb(app: FastifyInstance, deps: AppDeps, areas: readonly WebArea[]): void {
  app.register(async (web) => {
    await web.register(fastifyCookie);
    await web.register(fastifyFormbody, { bodyLimit: 64 * 1024 });
    // File uploads (the PSP certificate files): small, few, read whole into the body.
    await web.register(fastifyMultipart, {
      limits: { fileSize: 64 * 1024, files: 4, fields: 30, parts: 40 },
    });
    web.addHook("preValidation", readMultipartBody);
    web.decorateRequest("lang", DEFAULT_LANG);
    web.addHook("onRequest", (req, reply, done) => {
      setPageSecurityHeaders(reply);
      req.lang = chooseLang(req, reply, deps);
      done();
    });
    web.setErrorHandler((err: FastifyError, req, reply) => renderError(err, req, reply));
    registerAssets(web);
    for (const area of areas) area(web, deps);
  });
}

function chooseLang(req: FastifyRequest, reply: FastifyReply, deps: AppDeps): Lang {
  const asked = asLang((req.query as Record<string, unknown> | undefined)?.lang);
  if (asked) {
    reply.setCookie(LANG_COOKIE, asked, {
      path: "/",
      sameSite: "lax",
      httpOnly: true,
      secure: (deps.config.baseUrl ?? "").startsWith("https:"),
      maxAge: YEAR_S,
    });
    return asked;
  }
  return asLang(req.cookies[LANG_COOKIE]) ?? langFromAcceptLanguage(req.headers["accept-language"]);
}

/**
 * Where an error page sends the person back to: the dashboard's start; the product a checkout
 * refused (429: its budget) or could not find; else the page they came from on this site (the
 * Referer, sent same-origin only), or the API's documentation page.
 */
function wayBack(
  req: FastifyRequest,
  t: ReturnType<typeof translator<[typeof common]>>,
  status: number,
) {
  const path = req.url.split("?")[0] ?? "";
  if (path.startsWith("/dashboard")) {
    return html`<p><a class="button secondary" href="/dashboard">${t("error.back")}</a></p>`;
  }
  const product = /^\/checkout\/([\w-]{1,64})$/.exec(path)?.[1];
  if (product && status === 429) {
    return html`<p><a class="button secondary" href="/checkout/${product}">${t("error.backToProduct")}</a></p>`;
  }
  const referer = sameSitePath(req);
  if (referer && referer !== req.url) {
    return html`<p><a class="button secondary" href="${referer}">${t("error.back")}</a></p>`;
  }
  return html`<p><a class="button secondary" href="/docs">${t("error.home")}</a></p>`;
}

/** The Referer's path and query when it is a page of this site. */
function sameSitePath(req: FastifyRequest): string | undefined {
  const ref = req.headers.referer;
  const host = req.headers.host;
  if (!ref || !host) return undefined;
  try {
    const u = new URL(ref);
    return u.host === host ? `${u.pathname}${u.search}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a path nobody serves should be answered with a page: anything a person can type
 * outside the machine doors (`/api`, `/mcp`, `/metrics` when it is off, `/.well-known`),
 * unless the client sends a bearer token or asks for JSON alone. Those keep the JSON envelope.
 */
export function wantsNotFoundPage(req: FastifyRequest): boolean {
  const path = req.url.split("?")[0] ?? "";
  if (/^\/(api|mcp|metrics|\.well-known)(\/|$)/.test(path)) return false;
  if (req.headers.authorization) return false;
  const accept = req.headers.accept ?? "";
  return !(accept.includes("application/json") && !accept.includes("text/html"));
}

/**
 * The 404 page of a path no route serves (the app's not-found handler calls it). It runs
 * outside the pages' context, so the language comes from `?lang=`, the `lang` cookie read from
 * the header, or Accept-Language, and the security headers are set here.
 */
export function sendNotFoundPage(req: FastifyRequest, reply: FastifyReply) {
  setPageSecurityHeaders(reply);
  const query = req.query as Record<string, unknown> | undefined;
  const cookie = /(?:^|;\s*)lang=([^;]*)/.exec(req.headers.cookie ?? "")?.[1];
  req.lang =
    asLang(query?.lang) ?? asLang(cookie) ?? langFromAcceptLanguage(req.headers["accept-language"]);
  return renderError(new AppError("NOT_FOUND", "not found") as FastifyError, req, reply);
}

/** An error as a page: the catalogue's status, a message in the page's language when known. */
function renderError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const t = translator(req.lang, common);
  let status = 500;
  let message = t("error.internal");
  if (err instanceof AppError) {
    status = STATUS_BY_CODE[err.code];
    if (err.message === CSRF_REFUSED) message = t("error.csrf");
    else if (err.code === "NOT_FOUND") message = t("error.notFound");
    else if (err.code === "RATE_LIMITED") message = t("error.tooMany");
    else if (status < 500) message = domainMessage(req.lang, err.message);
    reply.headers(err.headers);
  } else if (typeof err.statusCode === "number" && err.statusCode >= 400 && err.statusCode < 500) {
    status = err.statusCode;
    message = err.message;
  }
  if (status >= 500) req.log.error({ err, reqId: req.id }, "page failed");
  return sendPage(
    reply,
    page({
      lang: req.lang,
      title: t("error.title"),
      url: req.url,
      mainClass: "narrow",
      main: html`<h1>${t("error.title")}</h1>
<div class="flash error" role="alert">${message}</div>
${wayBack(req, t, status)}`,
    }),
    status,
  );
}
