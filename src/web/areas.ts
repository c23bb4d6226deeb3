import { registerCounterPages } from "./counter/register-counter.ts";
import { registerDashboard } from "./dashboard/register-dashboard.ts";
import { registerUnsubscribePage } from "./mail/register-unsubscribe.ts";
import { registerPayPages } from "./pay/register-pay.ts";
import type { WebArea } from "./register-web.ts";

// The areas of pages the service serves, registered by src/http/app.ts through registerWeb.
// A new area (the hosted payment page) adds its register function here.
export const WEB_AREAS: readonly WebArea[] = [
  registerDashboard,
  registerPayPages,
  registerUnsubscribePage,
  registerCounterPages,
];
