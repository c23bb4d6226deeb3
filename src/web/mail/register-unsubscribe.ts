import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../domain/errors.ts";
import {
  BAD_UNSUBSCRIBE_LINK,
  type UnsubscribeRequest,
  unsubscribe,
  unsubscribeRequestOf,
} from "../../domain/notifications/unsubscribe.ts";
import { html } from "../html.ts";
import { translator } from "../i18n/catalogue.ts";
import { mailUnsubscribe } from "../i18n/mail-unsubscribe.ts";
import { page, sendPage } from "../layout.ts";
import { WEB_ROUTE } from "../route-options.ts";

// A reminder's unsubscribe link (RFC 8058). GET shows what it does and a button; POST does it,
// and is also what a mail client sends for one-click (body List-Unsubscribe=One-Click, no
// cookie, no Origin), so it is kept out of the dashboard's CSRF check: it lives in its own area,
// without a session, and the link's MAC is its authority (domain/notifications/unsubscribe.ts).
// A link that is not ours is a 400 page; without mail set up, a 404.

export function registerUnsubscribePage(web: FastifyInstance, deps: AppDeps): void {
  web.get("/mail/unsubscribe", WEB_ROUTE, async (req, reply) => {
    const r = await requestOf(deps, req, reply);
    if (!r) return reply;
    const t = translator(req.lang, mailUnsubscribe);
    // The form posts to this same link: the query carries everything the POST needs.
    const action = `/mail/unsubscribe?${linkQuery(req)}`;
    return sendPage(
      reply,
      page({
        lang: req.lang,
        title: t("unsub.title"),
        url: req.url,
        mainClass: "narrow",
        main: html`<h1>${t("unsub.title")}</h1>
<p>${t("unsub.ask", { shop: r.shop, address: r.address })}</p>
<p>${t("unsub.still")}</p>
<form method="post" action="${action}"><button type="submit">${t("unsub.confirm")}</button></form>`,
      }),
    );
  });

  web.post("/mail/unsubscribe", WEB_ROUTE, async (req, reply) => {
    const r = await requestOf(deps, req, reply);
    if (!r) return reply;
    await unsubscribe(deps, r);
    const t = translator(req.lang, mailUnsubscribe);
    return sendPage(
      reply,
      page({
        lang: req.lang,
        title: t("unsub.doneTitle"),
        url: req.url,
        mainClass: "narrow",
        main: html`<h1>${t("unsub.doneTitle")}</h1>
<p>${t("unsub.done", { shop: r.shop, address: r.address })}</p>
<p>${t("unsub.still")}</p>`,
      }),
    );
  });
}

/** The link's request, or undefined once the "not valid" page was sent. */
async function requestOf(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<UnsubscribeRequest | undefined> {
  try {
    return await unsubscribeRequestOf(deps, req.query);
  } catch (err) {
    if (!(err instanceof AppError) || err.message !== BAD_UNSUBSCRIBE_LINK) throw err;
    const t = translator(req.lang, mailUnsubscribe);
    sendPage(
      reply,
      page({
        lang: req.lang,
        title: t("unsub.badTitle"),
        url: req.url,
        mainClass: "narrow",
        main: html`<h1>${t("unsub.badTitle")}</h1>
<div class="flash error" role="alert">${t("unsub.bad")}</div>`,
      }),
      400,
    );
    return undefined;
  }
}

/** The link's own parameters (not ?lang=), as the form's action keeps them. */
function linkQuery(req: FastifyRequest): string {
  const q = req.query as Record<string, unknown>;
  const keep = new URLSearchParams();
  for (const k of ["a", "m", "e", "t"]) {
    const v = q[k];
    if (typeof v === "string") keep.set(k, v);
  }
  return keep.toString();
}
