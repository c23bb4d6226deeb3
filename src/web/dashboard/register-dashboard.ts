import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.ts";
import { html } from "../html.ts";
import { translator } from "../i18n/catalogue.ts";
import { common } from "../i18n/common.ts";
import { dashboard } from "../i18n/dashboard.ts";
import { page, sendPage } from "../layout.ts";
import { WEB_ROUTE } from "../route-options.ts";

/** The merchant dashboard's pages, all under /dashboard. */
export function registerDashboard(web: FastifyInstance, _deps: AppDeps): void {
  web.get("/dashboard", WEB_ROUTE, async (_req, reply) =>
    reply.redirect("/dashboard/sign-in", 303),
  );
  web.get("/dashboard/sign-in", WEB_ROUTE, async (req, reply) => {
    const t = translator(req.lang, common, dashboard);
    return sendPage(
      reply,
      page({
        lang: req.lang,
        title: t("signin.title"),
        url: req.url,
        mainClass: "narrow",
        main: html`<h1>${t("signin.title")}</h1>
<form class="stack card" method="post" action="/dashboard/sign-in">
<label>${t("signin.email")}<input type="email" name="email" autocomplete="username" required></label>
<label>${t("signin.password")}<input type="password" name="password" autocomplete="current-password" required></label>
<button type="submit">${t("signin.submit")}</button>
</form>`,
      }),
    );
  });
}
