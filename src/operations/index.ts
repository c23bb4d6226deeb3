import { ACCOUNT_OPERATIONS } from "./account.ts";
import { AUDIT_OPERATIONS } from "./audit.ts";
import { CHECKOUT_OPERATIONS } from "./checkout.ts";
import { COUNTER_LINK_OPERATIONS } from "./counter-links.ts";
import { CRYPTO_OPERATIONS } from "./crypto.ts";
import { EVENT_OPERATIONS } from "./events.ts";
import { LIGHTNING_OPERATIONS } from "./lightning.ts";
import { NOTIFICATION_OPERATIONS } from "./notifications.ts";
import type { Operation } from "./operation.ts";
import { PIX_CHARGE_OPERATIONS } from "./pix-charges.ts";
import { PIX_PROVIDER_OPERATIONS } from "./pix-provider.ts";
import { PIX_QR_CODE_OPERATIONS } from "./pix-qr-codes.ts";
import { PRODUCT_OPERATIONS } from "./products.ts";
import { SUBSCRIPTION_OPERATIONS } from "./subscriptions.ts";
import { TEST_CLOCK_OPERATIONS } from "./test-clock.ts";
import { TOKEN_OPERATIONS } from "./tokens.ts";
import { WEBHOOK_OPERATIONS } from "./webhooks.ts";

/**
 * Every operation of the API, in the order the documents list them. Adding one is an entry in
 * one of these files (plus its use case in src/domain): its route, tool, OpenAPI entry,
 * manifest line and scope check follow.
 */
export const OPERATIONS: readonly Operation[] = [
  ...TOKEN_OPERATIONS,
  ...PRODUCT_OPERATIONS,
  ...PIX_CHARGE_OPERATIONS,
  ...PIX_QR_CODE_OPERATIONS,
  ...COUNTER_LINK_OPERATIONS,
  ...PIX_PROVIDER_OPERATIONS,
  ...SUBSCRIPTION_OPERATIONS,
  ...TEST_CLOCK_OPERATIONS,
  ...EVENT_OPERATIONS,
  ...WEBHOOK_OPERATIONS,
  ...NOTIFICATION_OPERATIONS,
  ...CRYPTO_OPERATIONS,
  ...LIGHTNING_OPERATIONS,
  ...ACCOUNT_OPERATIONS,
  ...AUDIT_OPERATIONS,
  ...CHECKOUT_OPERATIONS,
];
