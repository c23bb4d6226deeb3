import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.ts";
import { notFound } from "../../domain/errors.ts";
import { WEB_ROUTE } from "../route-options.ts";
import { registerAccountPages } from "./routes/account.ts";
import { registerAuditPages } from "./routes/audit.ts";
import { registerChargeBatchPages } from "./routes/charge-batch.ts";
import { registerChargeDetailPages } from "./routes/charge-detail.ts";
import { registerChargePages } from "./routes/charges.ts";
import { registerCounterLinkPages } from "./routes/counter-links.ts";
import { registerHomePage } from "./routes/home.ts";
import { registerKeyPages } from "./routes/keys.ts";
import { registerNotificationPages } from "./routes/notifications.ts";
import { registerPasskeySignIn } from "./routes/passkeys.ts";
import { registerPixProviderPages } from "./routes/pix-provider.ts";
import { registerProductPages } from "./routes/products.ts";
import { registerSecurityPages } from "./routes/security.ts";
import { registerSetupPages } from "./routes/setup.ts";
import { registerSignInPages } from "./routes/sign-in.ts";
import { registerSignInCodePage } from "./routes/sign-in-code.ts";
import { registerStatementPage } from "./routes/statement.ts";
import { registerSubscriptionPages } from "./routes/subscriptions.ts";
import { registerLiveMoneyPages } from "./routes/unmatched.ts";
import { registerWalletPages } from "./routes/wallet.ts";
import { registerWebhookPages } from "./routes/webhooks.ts";

/** The merchant dashboard's pages, all under /dashboard (docs/dashboard.md). */
export function registerDashboard(web: FastifyInstance, deps: AppDeps): void {
  registerSignInPages(web, deps);
  registerSignInCodePage(web, deps);
  registerPasskeySignIn(web, deps);
  registerSetupPages(web, deps);
  registerHomePage(web, deps);
  registerChargePages(web, deps);
  registerChargeBatchPages(web, deps);
  registerChargeDetailPages(web, deps);
  registerSubscriptionPages(web, deps);
  registerLiveMoneyPages(web, deps);
  registerStatementPage(web, deps);
  registerProductPages(web, deps);
  registerKeyPages(web, deps);
  registerCounterLinkPages(web, deps);
  registerWebhookPages(web, deps);
  registerNotificationPages(web, deps);
  registerAuditPages(web, deps);
  registerWalletPages(web, deps);
  registerPixProviderPages(web, deps);
  registerAccountPages(web, deps);
  registerSecurityPages(web, deps);
  // Any other path under /dashboard is the not-found page, not the API's JSON 404 (a wildcard
  // route matches only when no static or parametric route does).
  web.get("/dashboard/*", WEB_ROUTE, async (req) => {
    throw notFound(`page not found: ${req.url.split("?")[0]}`);
  });
}
