import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.ts";
import { notFound } from "../../domain/errors.ts";
import { WEB_ROUTE } from "../route-options.ts";
import { registerAccountPages } from "./account-page.ts";
import { registerChargeDetailPages } from "./charge-detail-page.ts";
import { registerChargePages } from "./charges-page.ts";
import { registerHomePage } from "./home-page.ts";
import { registerKeyPages } from "./keys-page.ts";
import { registerLiveMoneyPages } from "./live-money.ts";
import { registerPixProviderPages } from "./pix-provider-page.ts";
import { registerProductPages } from "./products-page.ts";
import { registerSetupPages } from "./setup-pages.ts";
import { registerSignInPages } from "./sign-in-pages.ts";
import { registerSubscriptionPages } from "./subscriptions-page.ts";
import { registerWalletPages } from "./wallet-page.ts";
import { registerWebhookPages } from "./webhooks-page.ts";

/** The merchant dashboard's pages, all under /dashboard (docs/dashboard.md). */
export function registerDashboard(web: FastifyInstance, deps: AppDeps): void {
  registerSignInPages(web, deps);
  registerSetupPages(web, deps);
  registerHomePage(web, deps);
  registerChargePages(web, deps);
  registerChargeDetailPages(web, deps);
  registerSubscriptionPages(web, deps);
  registerLiveMoneyPages(web, deps);
  registerProductPages(web, deps);
  registerKeyPages(web, deps);
  registerWebhookPages(web, deps);
  registerWalletPages(web, deps);
  registerPixProviderPages(web, deps);
  registerAccountPages(web, deps);
  // Any other path under /dashboard is the not-found page, not the API's JSON 404 (a wildcard
  // route matches only when no static or parametric route does).
  web.get("/dashboard/*", WEB_ROUTE, async (req) => {
    throw notFound(`page not found: ${req.url.split("?")[0]}`);
  });
}
