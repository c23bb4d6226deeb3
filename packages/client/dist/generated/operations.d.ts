/** How each operation is called: method, path, where its input goes, and what it answers. */
export declare const OPERATIONS: {
    readonly getHealth: {
        readonly method: "GET";
        readonly path: "/healthz";
        readonly input: "none";
        readonly idempotent: false;
        readonly auth: false;
        readonly produces: "application/json";
    };
    readonly getReadiness: {
        readonly method: "GET";
        readonly path: "/readyz";
        readonly input: "none";
        readonly idempotent: false;
        readonly auth: false;
        readonly produces: "application/json";
    };
    readonly createApiToken: {
        readonly method: "POST";
        readonly path: "/api/auth/token/create";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly listApiTokens: {
        readonly method: "GET";
        readonly path: "/api/auth/tokens";
        readonly input: "query";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly revokeApiToken: {
        readonly method: "POST";
        readonly path: "/api/auth/token/revoke";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly createProduct: {
        readonly method: "POST";
        readonly path: "/api/products/create";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly listProducts: {
        readonly method: "GET";
        readonly path: "/api/products";
        readonly input: "query";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly archiveProduct: {
        readonly method: "POST";
        readonly path: "/api/products/archive";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly createPixCharge: {
        readonly method: "POST";
        readonly path: "/api/pix/charge/create";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly createPixChargesBatch: {
        readonly method: "POST";
        readonly path: "/api/pix/charges/batch";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly getPixChargeStatus: {
        readonly method: "GET";
        readonly path: "/api/pix/charge/status";
        readonly input: "query";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly listPixCharges: {
        readonly method: "GET";
        readonly path: "/api/pix/charges";
        readonly input: "query";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly exportPixCharges: {
        readonly method: "GET";
        readonly path: "/api/pix/charges/export";
        readonly input: "query";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "text/csv; charset=utf-8; header=present";
    };
    readonly simulatePayment: {
        readonly method: "POST";
        readonly path: "/api/pix/charge/simulate-pay";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly cancelCharge: {
        readonly method: "POST";
        readonly path: "/api/pix/charge/cancel";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly refundCharge: {
        readonly method: "POST";
        readonly path: "/api/pix/charge/refund";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly createPixQrCode: {
        readonly method: "POST";
        readonly path: "/api/pix/qr-codes/create";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly listPixQrCodes: {
        readonly method: "GET";
        readonly path: "/api/pix/qr-codes/list";
        readonly input: "query";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly disablePixQrCode: {
        readonly method: "POST";
        readonly path: "/api/pix/qr-codes/disable";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly simulateQrCodePayment: {
        readonly method: "POST";
        readonly path: "/api/pix/qr-codes/simulate-pay";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly createCounterLink: {
        readonly method: "POST";
        readonly path: "/api/counter-links/create";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly listCounterLinks: {
        readonly method: "GET";
        readonly path: "/api/counter-links/list";
        readonly input: "query";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly revokeCounterLink: {
        readonly method: "POST";
        readonly path: "/api/counter-links/revoke";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly savePixProvider: {
        readonly method: "POST";
        readonly path: "/api/pix/provider";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly getPixProvider: {
        readonly method: "GET";
        readonly path: "/api/pix/provider";
        readonly input: "none";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly deletePixProvider: {
        readonly method: "POST";
        readonly path: "/api/pix/provider/delete";
        readonly input: "none";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly getPixStatement: {
        readonly method: "GET";
        readonly path: "/api/pix/statement";
        readonly input: "query";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly createSubscription: {
        readonly method: "POST";
        readonly path: "/api/pix/subscriptions/create";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly getSubscriptionStatus: {
        readonly method: "GET";
        readonly path: "/api/pix/subscriptions/status";
        readonly input: "query";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly listSubscriptions: {
        readonly method: "GET";
        readonly path: "/api/pix/subscriptions";
        readonly input: "query";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly cancelSubscription: {
        readonly method: "POST";
        readonly path: "/api/pix/subscriptions/cancel";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly setSubscriptionCharge: {
        readonly method: "POST";
        readonly path: "/api/pix/subscriptions/charge";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly simulateSubscriptionAuthorize: {
        readonly method: "POST";
        readonly path: "/api/pix/subscriptions/simulate-authorize";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly advanceTestClock: {
        readonly method: "POST";
        readonly path: "/api/pix/subscriptions/test-clock/advance";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly advanceAccountTestClock: {
        readonly method: "POST";
        readonly path: "/api/test-clock/advance";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly getTestClock: {
        readonly method: "GET";
        readonly path: "/api/test-clock";
        readonly input: "none";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly listEvents: {
        readonly method: "GET";
        readonly path: "/api/events";
        readonly input: "query";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly createWebhook: {
        readonly method: "POST";
        readonly path: "/api/webhooks/create";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly listWebhooks: {
        readonly method: "GET";
        readonly path: "/api/webhooks";
        readonly input: "query";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly sendWebhookTest: {
        readonly method: "POST";
        readonly path: "/api/webhooks/test";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly deleteWebhook: {
        readonly method: "POST";
        readonly path: "/api/webhooks/delete";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly listWebhookDeliveries: {
        readonly method: "GET";
        readonly path: "/api/webhooks/deliveries";
        readonly input: "query";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly redeliverWebhookDelivery: {
        readonly method: "POST";
        readonly path: "/api/webhooks/deliveries/redeliver";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly listNotifications: {
        readonly method: "GET";
        readonly path: "/api/notifications";
        readonly input: "query";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly getNotificationSettings: {
        readonly method: "GET";
        readonly path: "/api/notifications/settings";
        readonly input: "none";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly updateNotificationSettings: {
        readonly method: "POST";
        readonly path: "/api/notifications/settings/update";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly resendBill: {
        readonly method: "POST";
        readonly path: "/api/notifications/resend";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly activateCryptoWallet: {
        readonly method: "POST";
        readonly path: "/api/crypto/wallet";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly getCryptoWallet: {
        readonly method: "GET";
        readonly path: "/api/crypto/wallet";
        readonly input: "none";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly getCryptoQuote: {
        readonly method: "GET";
        readonly path: "/api/crypto/quote";
        readonly input: "query";
        readonly idempotent: false;
        readonly auth: false;
        readonly produces: "application/json";
    };
    readonly createCryptoCharge: {
        readonly method: "POST";
        readonly path: "/api/crypto/charge/create";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly getCryptoChargeStatus: {
        readonly method: "GET";
        readonly path: "/api/crypto/charge/status";
        readonly input: "query";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly listCryptoCharges: {
        readonly method: "GET";
        readonly path: "/api/crypto/charges";
        readonly input: "query";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly exportCryptoCharges: {
        readonly method: "GET";
        readonly path: "/api/crypto/charges/export";
        readonly input: "query";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "text/csv; charset=utf-8; header=present";
    };
    readonly saveLightningConnection: {
        readonly method: "POST";
        readonly path: "/api/crypto/lightning";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly getLightningConnection: {
        readonly method: "GET";
        readonly path: "/api/crypto/lightning";
        readonly input: "none";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly deleteLightningConnection: {
        readonly method: "POST";
        readonly path: "/api/crypto/lightning/delete";
        readonly input: "none";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly getAccount: {
        readonly method: "GET";
        readonly path: "/api/account";
        readonly input: "none";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly updateAccount: {
        readonly method: "POST";
        readonly path: "/api/account/update";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly resetTestMode: {
        readonly method: "POST";
        readonly path: "/api/test-mode/reset";
        readonly input: "body";
        readonly idempotent: true;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly listAuditLog: {
        readonly method: "GET";
        readonly path: "/api/audit-log";
        readonly input: "query";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly getPaymentStatus: {
        readonly method: "GET";
        readonly path: "/api/pay/status";
        readonly input: "query";
        readonly idempotent: false;
        readonly auth: false;
        readonly produces: "application/json";
    };
    readonly getCryptoChargeQr: {
        readonly method: "GET";
        readonly path: "/api/crypto/charge/qr";
        readonly input: "query";
        readonly idempotent: false;
        readonly auth: false;
        readonly produces: "image/png";
    };
    readonly callIntegrationTool: {
        readonly method: "POST";
        readonly path: "/api/integrations/mcp/call";
        readonly input: "body";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly listIntegrationTools: {
        readonly method: "GET";
        readonly path: "/api/integrations/mcp/tools";
        readonly input: "none";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly getIntegrationManifest: {
        readonly method: "GET";
        readonly path: "/api/integrations/mcp/manifest";
        readonly input: "none";
        readonly idempotent: false;
        readonly auth: false;
        readonly produces: "application/json";
    };
    readonly getIntegrationGuide: {
        readonly method: "GET";
        readonly path: "/api/integrations/mcp/guide";
        readonly input: "none";
        readonly idempotent: false;
        readonly auth: false;
        readonly produces: "text/markdown";
    };
    readonly getOpenApiDocument: {
        readonly method: "GET";
        readonly path: "/api/openapi.json";
        readonly input: "none";
        readonly idempotent: false;
        readonly auth: false;
        readonly produces: "application/json";
    };
    readonly callMcp: {
        readonly method: "POST";
        readonly path: "/mcp";
        readonly input: "none";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "application/json";
    };
    readonly getApiReference: {
        readonly method: "GET";
        readonly path: "/docs";
        readonly input: "none";
        readonly idempotent: false;
        readonly auth: false;
        readonly produces: "text/html";
    };
    readonly getMetrics: {
        readonly method: "GET";
        readonly path: "/metrics";
        readonly input: "none";
        readonly idempotent: false;
        readonly auth: true;
        readonly produces: "text/plain";
    };
};
/** The service's error codes (its one error table), by HTTP status. */
export declare const ERROR_CODES: {
    readonly 400: "BAD_REQUEST";
    readonly 401: "UNAUTHENTICATED";
    readonly 403: "FORBIDDEN";
    readonly 404: "NOT_FOUND";
    readonly 409: "CONFLICT";
    readonly 413: "PAYLOAD_TOO_LARGE";
    readonly 415: "UNSUPPORTED_MEDIA_TYPE";
    readonly 422: "UNPROCESSABLE";
    readonly 429: "RATE_LIMITED";
    readonly 500: "INTERNAL";
    readonly 502: "BAD_GATEWAY";
    readonly 503: "UNAVAILABLE";
};
export type ErrorCode = "BAD_REQUEST" | "UNAUTHENTICATED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "UNPROCESSABLE" | "RATE_LIMITED" | "INTERNAL" | "BAD_GATEWAY" | "UNAVAILABLE";
