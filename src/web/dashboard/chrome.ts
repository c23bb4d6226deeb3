import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError, STATUS_BY_CODE } from "../../domain/errors.ts";
import { holds, type Scope } from "../../domain/tokens/scopes.ts";
import type { Mode } from "../../kernel/mode.ts";
import { csrfField } from "../csrf.ts";
import { type HtmlValue, html, type SafeHtml } from "../html.ts";
import { type Translate, translator } from "../i18n/catalogue.ts";
import { common } from "../i18n/common.ts";
import { dashboard } from "../i18n/dashboard.ts";
import { domainMessage } from "../i18n/domain-messages.ts";
import { page, sendPage } from "../layout.ts";
import { type Signed, signed } from "./session.ts";

// The dashboard's frame around every signed-in page: the navigation, the test/live switch, the
// "test data" banner in the sandbox, and sign-out.

export type DashT = Translate<keyof (typeof common)["pt-BR"] | keyof (typeof dashboard)["pt-BR"]>;

export const dashT = (req: FastifyRequest): DashT => translator(req.lang, common, dashboard);

export type Section =
  | "home"
  | "charges"
  | "products"
  | "keys"
  | "webhooks"
  | "notifications"
  | "wallet"
  | "pix"
  | "unmatched"
  | "account";

/** Each section's page and the scope its page needs (a role without it has no link). */
const NAV: Array<[Section, string, Scope]> = [
  ["home", "/dashboard", "charges:read"],
  ["charges", "/dashboard/charges", "charges:read"],
  ["products", "/dashboard/products", "products:read"],
  ["keys", "/dashboard/keys", "tokens:read"],
  ["webhooks", "/dashboard/webhooks", "webhooks:read"],
  ["notifications", "/dashboard/notifications", "notifications:read"],
  ["wallet", "/dashboard/wallet", "wallet:read"],
  ["pix", "/dashboard/pix-provider", "provider:read"],
  ["unmatched", "/dashboard/unmatched-payments", "charges:read"],
  ["account", "/dashboard/account", "account:read"],
];

/** Sections shown in live mode only: payments without a charge exist only there. */
const LIVE_ONLY: ReadonlySet<Section> = new Set(["unmatched"]);

/** A flash message: what the last action did, or why it failed. */
export type Flash = { kind: "ok" | "error" | "warn"; text: string };

export function flashHtml(flash: Flash | undefined): HtmlValue {
  if (!flash) return "";
  return html`<div class="flash ${flash.kind}" role="${flash.kind === "error" ? "alert" : "status"}">${flash.text}</div>`;
}

/** Renders a signed-in page with the dashboard's frame and sends it. */
export function sendDashPage(
  req: FastifyRequest,
  reply: FastifyReply,
  p: {
    section: Section;
    title: string;
    main: HtmlValue;
    flash?: Flash | undefined;
    status?: number;
  },
): FastifyReply {
  const s = signed(req);
  const t = dashT(req);
  const body = page({
    lang: req.lang,
    title: p.title,
    url: req.url,
    header: topbar(req, s, t, p.section),
    banner:
      s.who.mode === "test"
        ? html`<div class="banner-test" role="note">${t("mode.banner")}</div>`
        : "",
    // A refusal of the domain (English, "field: message") is shown in the page's language.
    main: html`${flashHtml(p.flash && p.flash.kind === "error" ? { ...p.flash, text: domainMessage(req.lang, p.flash.text) } : p.flash)}${p.main}`,
  });
  return sendPage(reply, body, p.status ?? 200);
}

function topbar(req: FastifyRequest, s: Signed, t: DashT, section: Section): SafeHtml {
  const mode = s.who.mode;
  const here = req.url.split("?")[0] ?? "/dashboard";
  const modeButton = (m: Mode) =>
    html`<button type="submit" name="mode" value="${m}" class="mode"${m === mode ? html` aria-current="true"` : ""}>${t(`mode.${m}`)}</button>`;
  return html`<header class="topbar"><div class="inner">
<a class="brand" href="/dashboard">Tostão</a>
<form class="modebar" method="post" action="/dashboard/mode" aria-label="${t("mode.switch")}">${csrfField(s.session.csrfToken)}<input type="hidden" name="return" value="${here}">${modeButton("test")}${modeButton("live")}</form>
<nav aria-label="${t("nav.label")}">${NAV.filter(
    ([key, , scope]) =>
      holds(s.who, scope) && (mode === "live" || key === section || !LIVE_ONLY.has(key)),
  ).map(
    ([key, href]) =>
      html`<a href="${href}"${key === section ? html` aria-current="page"` : ""}>${t(`nav.${key}`)}</a>`,
  )}</nav>
<span class="who">${s.session.email}</span>
<form method="post" action="/dashboard/sign-out">${csrfField(s.session.csrfToken)}<button type="submit" class="link">${t("signout.submit")}</button></form>
</div></header>`;
}

/** What a form needs of the session: its CSRF token (views get it in their ViewCtx). */
export type FormCtx = { csrf: string };

/** A POST form with the session's CSRF token. */
export function postForm(
  ctx: FormCtx,
  action: string,
  inner: HtmlValue,
  opts: { class?: string; confirm?: string } = {},
): SafeHtml {
  return html`<form method="post" action="${action}"${opts.class ? html` class="${opts.class}"` : ""}${opts.confirm ? html` data-confirm="${opts.confirm}"` : ""}>${csrfField(ctx.csrf)}${inner}</form>`;
}

/**
 * An action behind a confirmation that works without JavaScript: the first button opens a
 * <details> holding the question and the real submit button.
 */
export function confirmAction(
  ctx: FormCtx,
  p: {
    action: string;
    label: string;
    question: string;
    confirm: string;
    danger?: boolean;
    fields?: HtmlValue;
  },
): SafeHtml {
  return html`<details class="confirm"><summary class="button${p.danger ? " secondary" : " secondary"}">${p.label}</summary>
<div class="card">${postForm(ctx, p.action, html`<p>${p.question}</p>${p.fields ?? ""}<button type="submit"${p.danger ? html` class="danger"` : ""}>${p.confirm}</button>`)}</div></details>`;
}

/** A page without the dashboard's frame (no session yet): sign-in, setup, invitation. */
export function sendPublicPage(
  req: FastifyRequest,
  reply: FastifyReply,
  p: { title: string; main: HtmlValue; status?: number },
): FastifyReply {
  return sendPage(
    reply,
    page({
      lang: req.lang,
      title: p.title,
      url: req.url,
      // The brand, as on every signed-in page, so the sign-in page is recognisably this service.
      header: html`<header class="topbar"><div class="inner"><a class="brand" href="/dashboard">Tostão</a></div></header>`,
      mainClass: "narrow",
      main: p.main,
    }),
    p.status ?? 200,
  );
}

export type ActionResult<T> = { ok: true; value: T } | { ok: false; flash: Flash; status: number };

/**
 * Runs a form's use case; a refusal of the catalogue (4xx) becomes an error message for the
 * page to show beside the form, anything else propagates (the error page, logged).
 */
export async function runAction<T>(fn: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, value: await fn() };
  } catch (err) {
    if (err instanceof AppError && STATUS_BY_CODE[err.code] < 500 && err.code !== "FORBIDDEN") {
      return {
        ok: false,
        flash: { kind: "error", text: err.message },
        status: STATUS_BY_CODE[err.code],
      };
    }
    if (err instanceof AppError && err.code === "FORBIDDEN" && !err.message.startsWith("csrf")) {
      return { ok: false, flash: { kind: "error", text: err.message }, status: 403 };
    }
    throw err;
  }
}
