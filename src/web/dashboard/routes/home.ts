import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../../deps.ts";
import { homeOverview } from "../../../domain/dashboard/home.ts";
import { WEB_ROUTE } from "../../route-options.ts";
import { signed, signedInRoutes } from "../session.ts";
import { homeView } from "../views/home.ts";
import { dashPage } from "./page.ts";

// The dashboard's home (views/home.ts).

export function registerHomePage(web: FastifyInstance, deps: AppDeps): void {
  // People type the address with a trailing slash too; it is the same page.
  web.get("/dashboard/", WEB_ROUTE, (_req, reply) => reply.redirect("/dashboard", 301));
  const show = dashPage(deps, "home", (req) => homeOverview(deps, signed(req).who), homeView);
  signedInRoutes(web, deps).get("/dashboard", "charges:read", (req, reply) =>
    show(req, reply, { welcome: (req.query as { done?: string }).done === "welcome" }),
  );
}
