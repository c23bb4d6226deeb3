export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers (no dependency is asked) */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the database answers; 503 when it does not */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/token/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an API token (its value is shown once), with the caller's scopes or fewer, in its mode or lower */
        post: operations["createApiToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the account's API tokens (never their values), newest first */
        get: operations["listApiTokens"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/token/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke an API token; every instance refuses it within 1 s */
        post: operations["revokeApiToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register a product */
        post: operations["createProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List products, newest first */
        get: operations["listProducts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/products/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Archive a product (charges can no longer use it) */
        post: operations["archiveProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pix/charge/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a PIX charge (BR Code and QR image); without a token, product_id is required (public checkout); Idempotency-Key accepted */
        post: operations["createPixCharge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pix/charges/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create up to 1,000 PIX charges with a due date in one call; results one per line, in order (the charge, or that line's error); Idempotency-Key covers the whole batch */
        post: operations["createPixChargesBatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pix/charge/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Status of a PIX charge */
        get: operations["getPixChargeStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pix/charges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recent PIX charges, newest first */
        get: operations["listPixCharges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pix/charges/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** PIX charges as a CSV file (the list's filters; every matching row, streamed, newest first) */
        get: operations["exportPixCharges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pix/charge/simulate-pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a sandbox charge, PIX or Bitcoin (test tokens only), answered in its own kind of view; Idempotency-Key accepted */
        post: operations["simulatePayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pix/charge/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a pending charge; Idempotency-Key accepted */
        post: operations["cancelCharge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pix/charge/refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Refund an approved charge, in full or in part (value, default what is left; reason); several refunds up to what was paid; Idempotency-Key accepted */
        post: operations["refundCharge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pix/qr-codes/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a reusable (static) PIX QR code, with or without a fixed amount, and its printable poster; Idempotency-Key accepted */
        post: operations["createPixQrCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pix/qr-codes/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Reusable PIX QR codes, newest first (disabled ones with include_disabled=true) */
        get: operations["listPixQrCodes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pix/qr-codes/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Disable a reusable PIX QR code: payments to it make no more charges; Idempotency-Key accepted */
        post: operations["disablePixQrCode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pix/qr-codes/simulate-pay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pay a sandbox reusable QR code (test tokens only): an approved charge naming it; Idempotency-Key accepted */
        post: operations["simulateQrCodePayment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/counter-links/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a counter link for a cashier's phone: its url (holding the secret) is shown in this answer only; Idempotency-Key accepted */
        post: operations["createCounterLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/counter-links/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Counter links, newest first (never their secret) */
        get: operations["listCounterLinks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/counter-links/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke a counter link: every page of it answers 404 from now on; Idempotency-Key accepted */
        post: operations["revokeCounterLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pix/provider": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The live PSP connection, without secrets, and the notification URL to give the PSP */
        get: operations["getPixProvider"];
        put?: never;
        /** Save the live PSP connection (BACEN API Pix, mTLS + OAuth2); checked for real; live tokens only; Idempotency-Key accepted */
        post: operations["savePixProvider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pix/provider/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete the live PSP connection (its webhook at the PSP is removed, best effort); Idempotency-Key accepted */
        post: operations["deletePixProvider"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pix/statement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The day's PSP statement (live only): every Pix the PSP received on the key that day (America/Sao_Paulo), matched to its charge or unmatched, with the day's devoluções and totals in centavos */
        get: operations["getPixStatement"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pix/subscriptions/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a subscription (Pix Automático): the payer authorises it once with the BR Code; Idempotency-Key accepted */
        post: operations["createSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pix/subscriptions/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Status of a subscription */
        get: operations["getSubscriptionStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pix/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Subscriptions, newest first */
        get: operations["listSubscriptions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pix/subscriptions/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a subscription: no further period is charged; Idempotency-Key accepted */
        post: operations["cancelSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pix/subscriptions/charge": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a variable subscription's amount for its next period (at most max_value); Idempotency-Key accepted */
        post: operations["setSubscriptionCharge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pix/subscriptions/simulate-authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox: the payer approves or rejects the subscription in their bank; fail_debits makes its debits fail (test tokens only) */
        post: operations["simulateSubscriptionAuthorize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pix/subscriptions/test-clock/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Deprecated: use POST /api/test-clock/advance, which this path does the same as (sandbox, test tokens only) */
        post: operations["advanceTestClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/test-clock/advance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox: move this account's test clock forward by days, running each day's work in test mode: overdue and expired charges, subscriptions, payer mail (test tokens only) */
        post: operations["advanceAccountTestClock"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/test-clock": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sandbox: this account's test clock, its now and how many days it runs ahead (test tokens only) */
        get: operations["getTestClock"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Events (the outbox): of one charge in order, or the latest of the account */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register a webhook; its whsec_ secret is in this response only */
        post: operations["createWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List webhooks (never their secrets), newest first */
        get: operations["listWebhooks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a webhook.test event to one webhook, whatever its events list */
        post: operations["sendWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete a webhook; its pending deliveries are failed, its log stays */
        post: operations["deleteWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The delivery log, newest first, with every attempt */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/deliveries/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Queue a delivery again, now, with a fresh retry schedule */
        post: operations["redeliverWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Mail to payers, newest first, with each one's status, attempts and last error */
        get: operations["listNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The mail settings of this mode, and whether its mail can leave (a relay is set) */
        get: operations["getNotificationSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/settings/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the mail settings of this mode; what is not given keeps its value */
        post: operations["updateNotificationSettings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a charge's bill again to its customer_email (a new mail in the log) */
        post: operations["resendBill"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/crypto/wallet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The wallet: network, fingerprint, next index, gap warning */
        get: operations["getCryptoWallet"];
        put?: never;
        /** Activate the Bitcoin wallet (watch-only) of this mode */
        post: operations["activateCryptoWallet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/crypto/quote": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** BTC/BRL quotation (public) */
        get: operations["getCryptoQuote"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/crypto/charge/create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a Bitcoin charge; without a token, product_id is required (public checkout) */
        post: operations["createCryptoCharge"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/crypto/charge/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Status of a Bitcoin charge; without a token, no customer data */
        get: operations["getCryptoChargeStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/crypto/charges": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recent Bitcoin charges, newest first */
        get: operations["listCryptoCharges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/crypto/charges/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Bitcoin charges as a CSV file (the list's filters; every matching row, streamed, newest first) */
        get: operations["exportCryptoCharges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/crypto/lightning": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This mode's Lightning node connection, without its secret */
        get: operations["getLightningConnection"];
        put?: never;
        /** Connect this mode's Lightning node (LND REST: macaroon + TLS certificate; phoenixd: password); checked for real, its network must fit the mode */
        post: operations["saveLightningConnection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/crypto/lightning/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Disconnect this mode's Lightning node (new charges are on-chain only) */
        post: operations["deleteLightningConnection"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's account: its id and the display name payers see */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/update": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change the account's display name, shown to payers on the payment and checkout pages (live tokens only); Idempotency-Key accepted */
        post: operations["updateAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/test-mode/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sandbox: delete this account's test data (charges, events, deliveries, subscriptions, idempotency keys) and set the test clock back to now; keys, webhooks, products and connections stay (test tokens only) */
        post: operations["resetTestMode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The audit log, newest first: sign-ins, keys, webhooks, connections, members, settings (a test key sees test mode's only) */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/pay/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Public status of a charge (PIX or Bitcoin) for its payment page; no customer data */
        get: operations["getPaymentStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/crypto/charge/qr": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** PNG QR code of a Bitcoin charge's payment URI (public) */
        get: operations["getCryptoChargeQr"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/mcp/call": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run a tool of the registry: {tool, arguments}; bearer required except for the manifest, snippet, verify and quote tools */
        post: operations["callIntegrationTool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/mcp/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Names of the tools the caller may call, exactly those tools/list over /mcp offers it: with a bearer, those its key's scopes and mode allow (no sandbox tool for a live key, no write tool while live writes are off); without, those that need no token */
        get: operations["listIntegrationTools"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/mcp/manifest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Machine-readable manifest of the API */
        get: operations["getIntegrationManifest"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/integrations/mcp/guide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Integration guide (Markdown) */
        get: operations["getIntegrationGuide"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OpenAPI 3.1 document of this API */
        get: operations["getOpenApiDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mcp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** MCP endpoint (Streamable HTTP, stateless, bearer token): JSON-RPC 2.0 */
        post: operations["callMcp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This API reference (HTML, with try-it); all its assets are served from here */
        get: operations["getApiReference"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Prometheus metrics; only with TOSTAO_METRICS=open (no token) or TOSTAO_METRICS_TOKEN (that bearer token), else 404 */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface webhooks {
    "charge.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * charge.created: A charge was created.
         * @description Sent to every active webhook subscribed to `charge.created` or to `*`. Verify either signature over the raw body before parsing it. Answer 2xx within the timeout; anything else is retried: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. A 410 disables the webhook.
         */
        post: operations["onChargeCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "charge.pending": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * charge.pending: A charge is waiting for payment (sent with charge.created).
         * @description Sent to every active webhook subscribed to `charge.pending` or to `*`. Verify either signature over the raw body before parsing it. Answer 2xx within the timeout; anything else is retried: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. A 410 disables the webhook.
         */
        post: operations["onChargePending"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "charge.approved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * charge.approved: A charge was paid.
         * @description Sent to every active webhook subscribed to `charge.approved` or to `*`. Verify either signature over the raw body before parsing it. Answer 2xx within the timeout; anything else is retried: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. A 410 disables the webhook.
         */
        post: operations["onChargeApproved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "charge.declined": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * charge.declined: A charge expired, failed or was declined.
         * @description Sent to every active webhook subscribed to `charge.declined` or to `*`. Verify either signature over the raw body before parsing it. Answer 2xx within the timeout; anything else is retried: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. A 410 disables the webhook.
         */
        post: operations["onChargeDeclined"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "charge.refund": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * charge.refund: A charge was refunded.
         * @description Sent to every active webhook subscribed to `charge.refund` or to `*`. Verify either signature over the raw body before parsing it. Answer 2xx within the timeout; anything else is retried: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. A 410 disables the webhook.
         */
        post: operations["onChargeRefund"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "charge.updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * charge.updated: A charge changed otherwise (canceled; a refund refused; a live PIX paid for less than its value, with amountReceived).
         * @description Sent to every active webhook subscribed to `charge.updated` or to `*`. Verify either signature over the raw body before parsing it. Answer 2xx within the timeout; anything else is retried: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. A 410 disables the webhook.
         */
        post: operations["onChargeUpdated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "charge.disputed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * charge.disputed: The payer's bank is clawing a paid live PIX charge back through MED (MED_OPERACIONAL or MED_FRAUDE); the charge stays approved and `dispute` says how far it got.
         * @description Sent to every active webhook subscribed to `charge.disputed` or to `*`. Verify either signature over the raw body before parsing it. Answer 2xx within the timeout; anything else is retried: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. A 410 disables the webhook.
         */
        post: operations["onChargeDisputed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "payment.unmatched": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * payment.unmatched: Money reached you for no charge (`kind`): a Pix on your key for a txid no charge holds (a removed cob paid, or a cob not made here: refund or keep it at your PSP), or Bitcoin on an address handed out again whose amount matched no charge (docs/crypto.md).
         * @description Sent to every active webhook subscribed to `payment.unmatched` or to `*`. Verify either signature over the raw body before parsing it. Answer 2xx within the timeout; anything else is retried: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. A 410 disables the webhook.
         */
        post: operations["onPaymentUnmatched"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "webhook.test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * webhook.test: A test event sent by POST /api/webhooks/test.
         * @description Sent to every active webhook subscribed to `webhook.test` (only on request). Verify either signature over the raw body before parsing it. Answer 2xx within the timeout; anything else is retried: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. A 410 disables the webhook.
         */
        post: operations["onWebhookTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.created": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.created: A subscription was created; it waits for the payer's authorisation.
         * @description Sent to every active webhook subscribed to `subscription.created` or to `*`. Verify either signature over the raw body before parsing it. Answer 2xx within the timeout; anything else is retried: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. A 410 disables the webhook.
         */
        post: operations["onSubscriptionCreated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.approved": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.approved: The payer authorised a subscription in their bank.
         * @description Sent to every active webhook subscribed to `subscription.approved` or to `*`. Verify either signature over the raw body before parsing it. Answer 2xx within the timeout; anything else is retried: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. A 410 disables the webhook.
         */
        post: operations["onSubscriptionApproved"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.rejected": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.rejected: The payer refused to authorise a subscription.
         * @description Sent to every active webhook subscribed to `subscription.rejected` or to `*`. Verify either signature over the raw body before parsing it. Answer 2xx within the timeout; anything else is retried: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. A 410 disables the webhook.
         */
        post: operations["onSubscriptionRejected"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.canceled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.canceled: A subscription was canceled, by the merchant or by the payer in their bank (`canceledBy`).
         * @description Sent to every active webhook subscribed to `subscription.canceled` or to `*`. Verify either signature over the raw body before parsing it. Answer 2xx within the timeout; anything else is retried: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. A 410 disables the webhook.
         */
        post: operations["onSubscriptionCanceled"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "subscription.expired": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * subscription.expired: A subscription was not authorised in time, or ran its term (its last period is over).
         * @description Sent to every active webhook subscribed to `subscription.expired` or to `*`. Verify either signature over the raw body before parsing it. Answer 2xx within the timeout; anything else is retried: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. A 410 disables the webhook.
         */
        post: operations["onSubscriptionExpired"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "notification.failed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * notification.failed: A mail to a payer failed for good (the relay refused it with a 5xx, or its retries ran out): `lastError` keeps the relay's reply, so you can reach the payer another way (docs/notifications.md).
         * @description Sent to every active webhook subscribed to `notification.failed` or to `*`. Verify either signature over the raw body before parsing it. Answer 2xx within the timeout; anything else is retried: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. A 410 disables the webhook.
         */
        post: operations["onNotificationFailed"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "account.security": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * account.security: A change to where the money goes, or a new key: the Bitcoin wallet, the PSP connection or its certificate, the Lightning node, a webhook created, an API key created (`action`). Carries who (`actor`), from which `ip`, when (`at`) and the fields changed, never a secret; live mode only, for live changes. If it was not you, see /dashboard/security and the audit log (docs/security.md, "Alerts").
         * @description Sent to every active webhook subscribed to `account.security` or to `*`. Verify either signature over the raw body before parsing it. Answer 2xx within the timeout; anything else is retried: at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h. A 410 disables the webhook.
         */
        post: operations["onAccountSecurity"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export interface components {
    schemas: {
        Error: {
            /** @constant */
            success: false;
            /** @description `<field>: <message>`, safe to show to a developer. */
            error: string;
        };
    };
    responses: {
        /** @description 400 BAD_REQUEST: Malformed JSON, a missing or unknown field, a wrong JSON type, or a bad header. */
        BadRequest: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "field: malformed json, a missing or unknown field, a wrong json type, or a bad header."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description 401 UNAUTHENTICATED: Authorization missing or malformed, or the token unknown or revoked. */
        Unauthenticated: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                /** @description The scheme to use, on /metrics. */
                "WWW-Authenticate"?: string;
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "authorization: missing; send Authorization: Bearer <API token>"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description 403 FORBIDDEN: The token may not do this (a live token on simulate-pay, a live write tool). */
        Forbidden: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "field: the token may not do this (a live token on simulate-pay, a live write tool)."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description 404 NOT_FOUND: No such id for this account and mode. */
        NotFound: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "field: no such id for this account and mode."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description 409 CONFLICT: A request with the same Idempotency-Key is still in progress; retry shortly. */
        Conflict: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "field: a request with the same idempotency-key is still in progress; retry shortly."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description 413 PAYLOAD_TOO_LARGE: The body is larger than the configured limit. */
        PayloadTooLarge: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "field: the body is larger than the configured limit."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description 415 UNSUPPORTED_MEDIA_TYPE: The body is not application/json. */
        UnsupportedMediaType: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "field: the body is not application/json."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description 422 UNPROCESSABLE: Well-formed but invalid values, a state that forbids the operation, or an Idempotency-Key reused with another body. */
        Unprocessable: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "field: well-formed but invalid values, a state that forbids the operation, or an idempotency-key reused with another body."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description 429 RATE_LIMITED: Over the rate limit or the open-requests cap; Retry-After says when to come back. */
        RateLimited: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                "Retry-After": components["headers"]["Retry-After"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "rate limit: at most 100 requests per second; retry after 1 s"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description 500 INTERNAL: A bug; the message is generic. Retry with exponential backoff. */
        Internal: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "internal error; retry with exponential backoff"
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description 502 BAD_GATEWAY: The merchant's PSP (live PIX) could not be reached or failed; nothing was left half-done, and a retry with the same Idempotency-Key is safe. */
        BadGateway: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "field: the merchant's psp (live pix) could not be reached or failed; nothing was left half-done, and a retry with the same idempotency-key is safe."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
        /** @description 503 UNAVAILABLE: A dependency (database, price sources, PIX provider) cannot answer now, or the merchant's PSP is rate-limiting us; Retry-After says when to come back. */
        Unavailable: {
            headers: {
                RateLimit: components["headers"]["RateLimit"];
                "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                "X-Request-Id": components["headers"]["X-Request-Id"];
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "success": false,
                 *       "error": "field: a dependency (database, price sources, pix provider) cannot answer now, or the merchant's psp is rate-limiting us; retry-after says when to come back."
                 *     }
                 */
                "application/json": components["schemas"]["Error"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description Remaining requests in the current window, per token (or per client IP without one): `"test";r=99;t=1`. Sent when rate limits are on. */
        RateLimit: string;
        /** @description The limit that applies: `"test";q=100;w=1` (requests per second). */
        "RateLimit-Policy": string;
        /** @description Seconds to wait before retrying. */
        "Retry-After": number;
        /** @description The request's id (yours, from X-Request-Id, when it is a sane token). */
        "X-Request-Id": string;
        /** @description `true` when this is the stored answer of an earlier request with the same Idempotency-Key. */
        "Idempotent-Replayed": "true";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /** @enum {string} */
                            status: "ok";
                        };
                    };
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /** @enum {string} */
                            status: "ready";
                            database: string;
                        };
                    };
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    createApiToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    label: string;
                    /**
                     * @description test (sandbox) or live; defaults to the caller's mode.
                     * @enum {string}
                     */
                    mode?: "test" | "live";
                    /** @description What the new token may do, e.g. ["charges:read", "charges:write"]; only scopes the caller holds. Absent: the caller's own scopes (every scope for a token made without a list). */
                    scopes?: ("charges:read" | "charges:write" | "products:read" | "products:write" | "webhooks:read" | "webhooks:write" | "events:read" | "tokens:read" | "tokens:write" | "wallet:read" | "wallet:write" | "provider:read" | "provider:write" | "account:read" | "account:write" | "subscriptions:read" | "subscriptions:write" | "test_clock:read" | "test_clock:write" | "notifications:read" | "notifications:write" | "exports:read" | "audit:read")[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: string;
                            label: string;
                            /** @enum {string} */
                            mode: "test" | "live";
                            /** @description What the token may do; null: every scope (a token made without a list). */
                            scopes: ("charges:read" | "charges:write" | "products:read" | "products:write" | "webhooks:read" | "webhooks:write" | "events:read" | "tokens:read" | "tokens:write" | "wallet:read" | "wallet:write" | "provider:read" | "provider:write" | "account:read" | "account:write" | "subscriptions:read" | "subscriptions:write" | "test_clock:read" | "test_clock:write" | "notifications:read" | "notifications:write" | "exports:read" | "audit:read")[] | null;
                            /** @description The first 12 characters of the token, to tell tokens apart. */
                            prefix: string;
                            createdAt: string;
                            lastUsedAt: string | null;
                            revokedAt: string | null;
                            /** @description The token value. Shown in this response only; store it now. */
                            token: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listApiTokens: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Rows to skip (0..10000). */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            tokens: {
                                id: string;
                                label: string;
                                /** @enum {string} */
                                mode: "test" | "live";
                                /** @description What the token may do; null: every scope (a token made without a list). */
                                scopes: ("charges:read" | "charges:write" | "products:read" | "products:write" | "webhooks:read" | "webhooks:write" | "events:read" | "tokens:read" | "tokens:write" | "wallet:read" | "wallet:write" | "provider:read" | "provider:write" | "account:read" | "account:write" | "subscriptions:read" | "subscriptions:write" | "test_clock:read" | "test_clock:write" | "notifications:read" | "notifications:write" | "exports:read" | "audit:read")[] | null;
                                /** @description The first 12 characters of the token, to tell tokens apart. */
                                prefix: string;
                                createdAt: string;
                                lastUsedAt: string | null;
                                revokedAt: string | null;
                            }[];
                            /** @description Whether rows remain past this page (next offset). */
                            hasMore: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    revokeApiToken: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: string;
                            label: string;
                            /** @enum {string} */
                            mode: "test" | "live";
                            /** @description What the token may do; null: every scope (a token made without a list). */
                            scopes: ("charges:read" | "charges:write" | "products:read" | "products:write" | "webhooks:read" | "webhooks:write" | "events:read" | "tokens:read" | "tokens:write" | "wallet:read" | "wallet:write" | "provider:read" | "provider:write" | "account:read" | "account:write" | "subscriptions:read" | "subscriptions:write" | "test_clock:read" | "test_clock:write" | "notifications:read" | "notifications:write" | "exports:read" | "audit:read")[] | null;
                            /** @description The first 12 characters of the token, to tell tokens apart. */
                            prefix: string;
                            createdAt: string;
                            lastUsedAt: string | null;
                            revokedAt: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    createProduct: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description The product's price in BRL (10.5 is R$ 10,50); or open_amount instead, never both. */
                    value?: number;
                    /** @description Pay what you want, instead of value: the payer chooses the amount on the checkout, within [min, max] (BRL, like value). */
                    open_amount?: {
                        /** @description The least the payer may pay, in BRL (5 is R$ 5,00). */
                        min: number;
                        /** @description The most the payer may pay, in BRL. */
                        max: number;
                        /**
                         * @description Amounts offered as buttons, in BRL, ascending, each within [min, max].
                         * @default []
                         */
                        suggested?: number[];
                    };
                    description?: string;
                    /** @description Where the hosted payment page sends the payer once paid (https, or http for development). */
                    success_url?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: string;
                            name: string;
                            /** @description The price in BRL; null for a pay-what-you-want product. */
                            value: number | null;
                            /** @description Pay what you want: the bounds and suggested amounts, in BRL like value; else null. */
                            openAmount: {
                                min: number;
                                max: number;
                                suggested: number[];
                            } | null;
                            description: string | null;
                            success_url: string | null;
                            active: boolean;
                            livemode: boolean;
                            createdAt: string;
                            archivedAt: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listProducts: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Rows to skip (0..10000). */
                offset?: number;
                include_archived?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            products: {
                                id: string;
                                name: string;
                                /** @description The price in BRL; null for a pay-what-you-want product. */
                                value: number | null;
                                /** @description Pay what you want: the bounds and suggested amounts, in BRL like value; else null. */
                                openAmount: {
                                    min: number;
                                    max: number;
                                    suggested: number[];
                                } | null;
                                description: string | null;
                                success_url: string | null;
                                active: boolean;
                                livemode: boolean;
                                createdAt: string;
                                archivedAt: string | null;
                            }[];
                            /** @description Whether rows remain past this page (next offset). */
                            hasMore: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    archiveProduct: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: string;
                            name: string;
                            /** @description The price in BRL; null for a pay-what-you-want product. */
                            value: number | null;
                            /** @description Pay what you want: the bounds and suggested amounts, in BRL like value; else null. */
                            openAmount: {
                                min: number;
                                max: number;
                                suggested: number[];
                            } | null;
                            description: string | null;
                            success_url: string | null;
                            active: boolean;
                            livemode: boolean;
                            createdAt: string;
                            archivedAt: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    createPixCharge: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "value": 10.5,
                 *       "title": "Camiseta",
                 *       "external_id": "order-1042",
                 *       "customer_name": "Maria Silva"
                 *     }
                 */
                "application/json": {
                    /** @description Amount in BRL; required when product_id is absent, or names a pay-what-you-want product (then within its open_amount bounds). */
                    value?: number;
                    /** @description Name of the product or charge. */
                    title?: string;
                    description?: string;
                    /** @description A product of this account and mode (its value, or the value given within its open_amount, and its name are used). */
                    product_id?: string;
                    /** @description Your own identifier for this charge. */
                    external_id?: string;
                    /** @description Seconds until the charge expires; default 3600. Not with due_date. */
                    expires_in?: number;
                    customer_name?: string;
                    customer_email?: string;
                    customer_cpf?: string;
                    /** @description The debtor's CNPJ (a company), instead of customer_cpf; numeric or alphanumeric. */
                    customer_cnpj?: string;
                    customer_phone?: string;
                    customer_zip?: string;
                    customer_street?: string;
                    customer_number?: string;
                    customer_complement?: string;
                    customer_neighborhood?: string;
                    customer_city?: string;
                    customer_state?: string;
                    customer_address?: string;
                    address?: {
                        zip?: string;
                        street?: string;
                        number?: string;
                        complement?: string;
                        neighborhood?: string;
                        city?: string;
                        state?: string;
                    };
                    /** @description Makes this a charge with a due date (BACEN's cobv): YYYY-MM-DD in Brazil's calendar, today or later. Needs customer_name and customer_cpf or customer_cnpj; not with expires_in. */
                    due_date?: string;
                    /** @description With due_date: calendar days the charge stays payable after the due date (default 30; BACEN's validadeAposVencimento). */
                    days_after_due?: number;
                    /** @description With due_date: charged once after the due date. mode fixed (value in BRL) or percent (value a percent of the amount). */
                    fine?: {
                        /** @enum {string} */
                        mode: "fixed" | "percent";
                        value: number;
                    };
                    /** @description With due_date: per day late after the due date; mode names the rate's period and whether days are calendar or business days. */
                    interest?: {
                        /** @enum {string} */
                        mode: "value_per_calendar_day" | "percent_per_day_calendar_days" | "percent_per_month_calendar_days" | "percent_per_year_calendar_days" | "value_per_business_day" | "percent_per_day_business_days" | "percent_per_month_business_days" | "percent_per_year_business_days";
                        value: number;
                    };
                    /** @description With due_date: taken off the amount whatever the payment date (BRL or percent). */
                    abatement?: {
                        /** @enum {string} */
                        mode: "fixed" | "percent";
                        value: number;
                    };
                    /** @description With due_date: for paying early; up to three {date, value} tiers (fixed_until_date, percent_until_date) or a value per day early. */
                    discounts?: {
                        /** @enum {string} */
                        mode: "fixed_until_date" | "percent_until_date";
                        tiers: {
                            date: string;
                            value: number;
                        }[];
                    } | {
                        /** @enum {string} */
                        mode: "value_per_calendar_day_early" | "value_per_business_day_early" | "percent_per_calendar_day_early" | "percent_per_business_day_early";
                        value: number;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            chargeId: string;
                            /** @enum {string} */
                            status: "Pendente" | "Aprovado" | "Recusado" | "Cancelado" | "Expirado" | "Falhou" | "Reembolsado";
                            /** @enum {string} */
                            statusCode: "pending" | "approved" | "declined" | "canceled" | "expired" | "failed" | "refunded";
                            value: number;
                            /** @description PIX copy-and-paste code. */
                            brCode: string;
                            /** @description PNG data URL of the QR code of brCode. */
                            qrCodeImage: string;
                            provider: string;
                            livemode: boolean;
                            expiresAt: string;
                            /** @description The charge's hosted payment page (QR, copy code, live status) to send a payer to. */
                            paymentUrl: string;
                            /** @description The debtor's CNPJ, when the debtor is a company. */
                            customer_cnpj?: string;
                            /** @description Charges with a due date: the due date (YYYY-MM-DD). */
                            dueDate?: string;
                            /** @description The last day it can be paid: the due date moved to a business day, plus days_after_due. */
                            lastPayableDate?: string;
                            /** @description While pending: the amount due today in Brazil (discount, fine and interest applied), in BRL; once paid, what was paid; else null. */
                            amountDue?: number | null;
                            /** @description Pending and past its due date. */
                            overdue?: boolean;
                            /** @description What the payer paid, in BRL (the amount due that day). */
                            amountPaid?: number;
                            /** @description The terms as created (the create body's fields and units). */
                            dueTerms?: {
                                due_date: string;
                                days_after_due: number;
                                fine?: {
                                    mode: string;
                                    value: number;
                                };
                                interest?: {
                                    mode: string;
                                    value: number;
                                };
                                abatement?: {
                                    mode: string;
                                    value: number;
                                };
                                discounts?: {
                                    mode: string;
                                    value?: number;
                                    tiers?: {
                                        date: string;
                                        value: number;
                                    }[];
                                };
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Unavailable"];
        };
    };
    createPixChargesBatch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Charges with a due date, each with the fields of POST /api/pix/charge/create (due_date, customer_name and customer_cpf or customer_cnpj required). */
                    charges: {
                        [key: string]: unknown;
                    }[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            created: number;
                            failed: number;
                            /** @description Lines not created because their external_id was already billed (duplicate: true). */
                            duplicates: number;
                            results: {
                                index: number;
                                chargeId?: string;
                                /** @description true: not created, because its external_id already names a pending or paid charge of this account and mode (or an earlier line of this batch); chargeId is that charge. */
                                duplicate?: boolean;
                                statusCode?: string;
                                status?: string;
                                value?: number;
                                brCode?: string;
                                provider?: string;
                                livemode?: boolean;
                                expiresAt?: string;
                                paymentUrl?: string;
                                dueDate?: string;
                                lastPayableDate?: string;
                                amountDue?: number | null;
                                overdue?: boolean;
                                error?: {
                                    code: string;
                                    message: string;
                                };
                            }[];
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPixChargeStatus: {
        parameters: {
            query: {
                charge_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            chargeId: string;
                            order_id: string;
                            /** @enum {string} */
                            status: "Pendente" | "Aprovado" | "Recusado" | "Cancelado" | "Expirado" | "Falhou" | "Reembolsado";
                            /** @enum {string} */
                            statusCode: "pending" | "approved" | "declined" | "canceled" | "expired" | "failed" | "refunded";
                            livemode: boolean;
                            value: number;
                            title: string | null;
                            product_id: string | null;
                            external_id: string | null;
                            customer_name: string | null;
                            customer_email: string | null;
                            customer_cpf: string | null;
                            customer_phone: string | null;
                            provider: string;
                            createdAt: string;
                            approvedAt: string | null;
                            /** @description Live PIX only, when the payer paid less than the value (the cob is concluded, underpaid): the amount received in BRL. The charge stays pending until it expires; refund or keep the money at your PSP. */
                            amountReceived?: number;
                            /** @description The debtor's CNPJ, when the debtor is a company. */
                            customer_cnpj?: string;
                            /** @description Charges with a due date: the due date (YYYY-MM-DD). */
                            dueDate?: string;
                            /** @description The last day it can be paid: the due date moved to a business day, plus days_after_due. */
                            lastPayableDate?: string;
                            /** @description While pending: the amount due today in Brazil (discount, fine and interest applied), in BRL; once paid, what was paid; else null. */
                            amountDue?: number | null;
                            /** @description Pending and past its due date. */
                            overdue?: boolean;
                            /** @description What the payer paid, in BRL (the amount due that day). */
                            amountPaid?: number;
                            /** @description The terms as created (the create body's fields and units). */
                            dueTerms?: {
                                due_date: string;
                                days_after_due: number;
                                fine?: {
                                    mode: string;
                                    value: number;
                                };
                                interest?: {
                                    mode: string;
                                    value: number;
                                };
                                abatement?: {
                                    mode: string;
                                    value: number;
                                };
                                discounts?: {
                                    mode: string;
                                    value?: number;
                                    tiers?: {
                                        date: string;
                                        value: number;
                                    }[];
                                };
                            };
                            /** @description Once a refund was asked: what is refunded or being refunded, in BRL (refused refunds do not count). */
                            amountRefunded?: number;
                            /** @description Once a refund was asked: the charge's refunds, oldest first. */
                            refunds?: {
                                /** @description The refund's id (rfd_...). */
                                id: string;
                                /** @description Amount refunded, in BRL. */
                                value: number;
                                reason: string | null;
                                /**
                                 * @description in_progress: the PSP has not said yet (live); done; refused: the PSP did not make it.
                                 * @enum {string}
                                 */
                                status: "in_progress" | "done" | "refused";
                                createdAt: string;
                                /** @description When the PSP reported it done. */
                                doneAt?: string;
                                /** @description Why the PSP refused it (its motivo). */
                                refusal?: string;
                            }[];
                            /** @description The subscription this charge belongs to (a period's charge, docs/subscriptions.md). */
                            subscriptionId?: string;
                            /** @description A subscription period's charge: which period it is and its date. */
                            subscriptionPeriod?: {
                                /** @description Which period: 1 is the subscription's first (absent on a charge sent by an earlier release). */
                                number?: number;
                                /** @description The period's date (YYYY-MM-DD, Brazil), when the payer's bank debits it. */
                                dueDate: string;
                            };
                            /** @description Why a subscription period's debit was declined (after the retries its policy allows). */
                            declineReason?: string;
                            /** @description A payment to a reusable QR code (docs/counter.md): the code (qr_...) whose payment made this charge. */
                            qrCodeId?: string;
                            /** @description A live payment to a reusable QR code (docs/counter.md): the end-to-end id of the Pix that made this charge. Absent on other charges. */
                            endToEndId?: string;
                            brCode: string | null;
                            expiresAt: string;
                            updatedAt: string;
                            qrCodeImage: string | null;
                            /** @description Once the charge is paid (approved, or refunded after it was paid): its public receipt page, to send the payer (no sign-in; an unguessable address, not the charge id). Absent before payment. */
                            receiptUrl?: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listPixCharges: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Rows to skip (0..10000). */
                offset?: number;
                /** @description Only charges in this status. */
                status?: "pending" | "approved" | "declined" | "canceled" | "expired" | "failed" | "refunded";
                /** @description Only charges created at or after this instant. */
                created_from?: string;
                /** @description Only charges created before this instant. */
                created_to?: string;
                /** @description Your own identifier. */
                external_id?: string;
                /** @description The customer's e-mail (any case). */
                customer_email?: string;
                /** @description Only the charges made by payments to this reusable QR code (qr_...). */
                qr_code_id?: string;
                /** @description The asOf of the first page: later pages then list the same rows however many charges are created meanwhile. */
                as_of?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            charges: {
                                chargeId: string;
                                order_id: string;
                                /** @enum {string} */
                                status: "Pendente" | "Aprovado" | "Recusado" | "Cancelado" | "Expirado" | "Falhou" | "Reembolsado";
                                /** @enum {string} */
                                statusCode: "pending" | "approved" | "declined" | "canceled" | "expired" | "failed" | "refunded";
                                livemode: boolean;
                                value: number;
                                title: string | null;
                                product_id: string | null;
                                external_id: string | null;
                                customer_name: string | null;
                                customer_email: string | null;
                                customer_cpf: string | null;
                                customer_phone: string | null;
                                provider: string;
                                createdAt: string;
                                approvedAt: string | null;
                                /** @description Live PIX only, when the payer paid less than the value (the cob is concluded, underpaid): the amount received in BRL. The charge stays pending until it expires; refund or keep the money at your PSP. */
                                amountReceived?: number;
                                /** @description The debtor's CNPJ, when the debtor is a company. */
                                customer_cnpj?: string;
                                /** @description Charges with a due date: the due date (YYYY-MM-DD). */
                                dueDate?: string;
                                /** @description The last day it can be paid: the due date moved to a business day, plus days_after_due. */
                                lastPayableDate?: string;
                                /** @description While pending: the amount due today in Brazil (discount, fine and interest applied), in BRL; once paid, what was paid; else null. */
                                amountDue?: number | null;
                                /** @description Pending and past its due date. */
                                overdue?: boolean;
                                /** @description What the payer paid, in BRL (the amount due that day). */
                                amountPaid?: number;
                                /** @description The terms as created (the create body's fields and units). */
                                dueTerms?: {
                                    due_date: string;
                                    days_after_due: number;
                                    fine?: {
                                        mode: string;
                                        value: number;
                                    };
                                    interest?: {
                                        mode: string;
                                        value: number;
                                    };
                                    abatement?: {
                                        mode: string;
                                        value: number;
                                    };
                                    discounts?: {
                                        mode: string;
                                        value?: number;
                                        tiers?: {
                                            date: string;
                                            value: number;
                                        }[];
                                    };
                                };
                                /** @description Once a refund was asked: what is refunded or being refunded, in BRL (refused refunds do not count). */
                                amountRefunded?: number;
                                /** @description Once a refund was asked: the charge's refunds, oldest first. */
                                refunds?: {
                                    /** @description The refund's id (rfd_...). */
                                    id: string;
                                    /** @description Amount refunded, in BRL. */
                                    value: number;
                                    reason: string | null;
                                    /**
                                     * @description in_progress: the PSP has not said yet (live); done; refused: the PSP did not make it.
                                     * @enum {string}
                                     */
                                    status: "in_progress" | "done" | "refused";
                                    createdAt: string;
                                    /** @description When the PSP reported it done. */
                                    doneAt?: string;
                                    /** @description Why the PSP refused it (its motivo). */
                                    refusal?: string;
                                }[];
                                /** @description The subscription this charge belongs to (a period's charge, docs/subscriptions.md). */
                                subscriptionId?: string;
                                /** @description A subscription period's charge: which period it is and its date. */
                                subscriptionPeriod?: {
                                    /** @description Which period: 1 is the subscription's first (absent on a charge sent by an earlier release). */
                                    number?: number;
                                    /** @description The period's date (YYYY-MM-DD, Brazil), when the payer's bank debits it. */
                                    dueDate: string;
                                };
                                /** @description Why a subscription period's debit was declined (after the retries its policy allows). */
                                declineReason?: string;
                                /** @description A payment to a reusable QR code (docs/counter.md): the code (qr_...) whose payment made this charge. */
                                qrCodeId?: string;
                                /** @description A live payment to a reusable QR code (docs/counter.md): the end-to-end id of the Pix that made this charge. Absent on other charges. */
                                endToEndId?: string;
                                brCode: string | null;
                                expiresAt: string;
                                updatedAt: string;
                            }[];
                            /** @description Whether rows remain past this page (next offset). */
                            hasMore: boolean;
                            /** @description Pass as as_of with the next offsets to page through the same rows (null: empty). */
                            asOf: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    exportPixCharges: {
        parameters: {
            query?: {
                /** @description The file's format: csv (RFC 4180, UTF-8, a header row). */
                format?: "csv";
                /** @description rfc4180: commas and a decimal dot; excel-br: semicolons, a decimal comma and a UTF-8 BOM, for a spreadsheet set to Portuguese (Brazil). */
                dialect?: "rfc4180" | "excel-br";
                /** @description Only charges in this status. */
                status?: "pending" | "approved" | "declined" | "canceled" | "expired" | "failed" | "refunded";
                /** @description Only charges created at or after this instant. */
                created_from?: string;
                /** @description Only charges created before this instant. */
                created_to?: string;
                /** @description Your own identifier. */
                external_id?: string;
                /** @description The customer's e-mail (any case). */
                customer_email?: string;
                /** @description Only the charges made by payments to this reusable QR code (qr_...). */
                qr_code_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv; charset=utf-8; header=present": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    simulatePayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    charge_id: string;
                    /** @description Charges with a due date: the payment date in Brazil (YYYY-MM-DD, default today); the charge is paid the amount due that day. */
                    paid_at?: string;
                    /**
                     * @description Bitcoin charges: lightning pays the charge's Lightning invoice (charge.approved with paymentMethod lightning); default onchain.
                     * @enum {string}
                     */
                    method?: "lightning" | "onchain";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            chargeId: string;
                            order_id: string;
                            /** @enum {string} */
                            status: "Pendente" | "Aprovado" | "Recusado" | "Cancelado" | "Expirado" | "Falhou" | "Reembolsado";
                            /** @enum {string} */
                            statusCode: "pending" | "approved" | "declined" | "canceled" | "expired" | "failed" | "refunded";
                            livemode: boolean;
                            value: number;
                            title: string | null;
                            product_id: string | null;
                            external_id: string | null;
                            customer_name: string | null;
                            customer_email: string | null;
                            customer_cpf: string | null;
                            customer_phone: string | null;
                            provider: string;
                            createdAt: string;
                            approvedAt: string | null;
                            /** @description Live PIX only, when the payer paid less than the value (the cob is concluded, underpaid): the amount received in BRL. The charge stays pending until it expires; refund or keep the money at your PSP. */
                            amountReceived?: number;
                            /** @description The debtor's CNPJ, when the debtor is a company. */
                            customer_cnpj?: string;
                            /** @description Charges with a due date: the due date (YYYY-MM-DD). */
                            dueDate?: string;
                            /** @description The last day it can be paid: the due date moved to a business day, plus days_after_due. */
                            lastPayableDate?: string;
                            /** @description While pending: the amount due today in Brazil (discount, fine and interest applied), in BRL; once paid, what was paid; else null. */
                            amountDue?: number | null;
                            /** @description Pending and past its due date. */
                            overdue?: boolean;
                            /** @description What the payer paid, in BRL (the amount due that day). */
                            amountPaid?: number;
                            /** @description The terms as created (the create body's fields and units). */
                            dueTerms?: {
                                due_date: string;
                                days_after_due: number;
                                fine?: {
                                    mode: string;
                                    value: number;
                                };
                                interest?: {
                                    mode: string;
                                    value: number;
                                };
                                abatement?: {
                                    mode: string;
                                    value: number;
                                };
                                discounts?: {
                                    mode: string;
                                    value?: number;
                                    tiers?: {
                                        date: string;
                                        value: number;
                                    }[];
                                };
                            };
                            /** @description Once a refund was asked: what is refunded or being refunded, in BRL (refused refunds do not count). */
                            amountRefunded?: number;
                            /** @description Once a refund was asked: the charge's refunds, oldest first. */
                            refunds?: {
                                /** @description The refund's id (rfd_...). */
                                id: string;
                                /** @description Amount refunded, in BRL. */
                                value: number;
                                reason: string | null;
                                /**
                                 * @description in_progress: the PSP has not said yet (live); done; refused: the PSP did not make it.
                                 * @enum {string}
                                 */
                                status: "in_progress" | "done" | "refused";
                                createdAt: string;
                                /** @description When the PSP reported it done. */
                                doneAt?: string;
                                /** @description Why the PSP refused it (its motivo). */
                                refusal?: string;
                            }[];
                            /** @description The subscription this charge belongs to (a period's charge, docs/subscriptions.md). */
                            subscriptionId?: string;
                            /** @description A subscription period's charge: which period it is and its date. */
                            subscriptionPeriod?: {
                                /** @description Which period: 1 is the subscription's first (absent on a charge sent by an earlier release). */
                                number?: number;
                                /** @description The period's date (YYYY-MM-DD, Brazil), when the payer's bank debits it. */
                                dueDate: string;
                            };
                            /** @description Why a subscription period's debit was declined (after the retries its policy allows). */
                            declineReason?: string;
                            /** @description A payment to a reusable QR code (docs/counter.md): the code (qr_...) whose payment made this charge. */
                            qrCodeId?: string;
                            /** @description A live payment to a reusable QR code (docs/counter.md): the end-to-end id of the Pix that made this charge. Absent on other charges. */
                            endToEndId?: string;
                            brCode: string | null;
                            expiresAt: string;
                            updatedAt: string;
                        } | {
                            chargeId: string;
                            status: string;
                            statusCode: string;
                            amountBrl: number;
                            amountCrypto: string;
                            address: string;
                            copyAddress: string;
                            payUri: string;
                            qrCodeImage: string;
                            expiresAt: string;
                            /** @enum {string} */
                            provider: "crypto";
                            livemode: boolean;
                            /** @description The BOLT11 invoice of the same amount (also in payUri as lightning=), or null when the charge has none. */
                            lightningInvoice?: string | null;
                            /** @description How an approved charge was paid (null while unpaid). */
                            paymentMethod?: ("lightning" | "onchain") | null;
                            amountReceived: string;
                            paidLate: boolean;
                            simulated: boolean;
                            network: string;
                            createdAt: string;
                            approvedAt: string | null;
                            updatedAt: string;
                            product_id?: string | null;
                            product_name?: string | null;
                            customer_name?: string | null;
                            customer_email?: string | null;
                            customer_cpf?: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    cancelCharge: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    charge_id: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            chargeId: string;
                            order_id: string;
                            /** @enum {string} */
                            status: "Pendente" | "Aprovado" | "Recusado" | "Cancelado" | "Expirado" | "Falhou" | "Reembolsado";
                            /** @enum {string} */
                            statusCode: "pending" | "approved" | "declined" | "canceled" | "expired" | "failed" | "refunded";
                            livemode: boolean;
                            value: number;
                            title: string | null;
                            product_id: string | null;
                            external_id: string | null;
                            customer_name: string | null;
                            customer_email: string | null;
                            customer_cpf: string | null;
                            customer_phone: string | null;
                            provider: string;
                            createdAt: string;
                            approvedAt: string | null;
                            /** @description Live PIX only, when the payer paid less than the value (the cob is concluded, underpaid): the amount received in BRL. The charge stays pending until it expires; refund or keep the money at your PSP. */
                            amountReceived?: number;
                            /** @description The debtor's CNPJ, when the debtor is a company. */
                            customer_cnpj?: string;
                            /** @description Charges with a due date: the due date (YYYY-MM-DD). */
                            dueDate?: string;
                            /** @description The last day it can be paid: the due date moved to a business day, plus days_after_due. */
                            lastPayableDate?: string;
                            /** @description While pending: the amount due today in Brazil (discount, fine and interest applied), in BRL; once paid, what was paid; else null. */
                            amountDue?: number | null;
                            /** @description Pending and past its due date. */
                            overdue?: boolean;
                            /** @description What the payer paid, in BRL (the amount due that day). */
                            amountPaid?: number;
                            /** @description The terms as created (the create body's fields and units). */
                            dueTerms?: {
                                due_date: string;
                                days_after_due: number;
                                fine?: {
                                    mode: string;
                                    value: number;
                                };
                                interest?: {
                                    mode: string;
                                    value: number;
                                };
                                abatement?: {
                                    mode: string;
                                    value: number;
                                };
                                discounts?: {
                                    mode: string;
                                    value?: number;
                                    tiers?: {
                                        date: string;
                                        value: number;
                                    }[];
                                };
                            };
                            /** @description Once a refund was asked: what is refunded or being refunded, in BRL (refused refunds do not count). */
                            amountRefunded?: number;
                            /** @description Once a refund was asked: the charge's refunds, oldest first. */
                            refunds?: {
                                /** @description The refund's id (rfd_...). */
                                id: string;
                                /** @description Amount refunded, in BRL. */
                                value: number;
                                reason: string | null;
                                /**
                                 * @description in_progress: the PSP has not said yet (live); done; refused: the PSP did not make it.
                                 * @enum {string}
                                 */
                                status: "in_progress" | "done" | "refused";
                                createdAt: string;
                                /** @description When the PSP reported it done. */
                                doneAt?: string;
                                /** @description Why the PSP refused it (its motivo). */
                                refusal?: string;
                            }[];
                            /** @description The subscription this charge belongs to (a period's charge, docs/subscriptions.md). */
                            subscriptionId?: string;
                            /** @description A subscription period's charge: which period it is and its date. */
                            subscriptionPeriod?: {
                                /** @description Which period: 1 is the subscription's first (absent on a charge sent by an earlier release). */
                                number?: number;
                                /** @description The period's date (YYYY-MM-DD, Brazil), when the payer's bank debits it. */
                                dueDate: string;
                            };
                            /** @description Why a subscription period's debit was declined (after the retries its policy allows). */
                            declineReason?: string;
                            /** @description A payment to a reusable QR code (docs/counter.md): the code (qr_...) whose payment made this charge. */
                            qrCodeId?: string;
                            /** @description A live payment to a reusable QR code (docs/counter.md): the end-to-end id of the Pix that made this charge. Absent on other charges. */
                            endToEndId?: string;
                            brCode: string | null;
                            expiresAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Unavailable"];
        };
    };
    refundCharge: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    charge_id: string;
                    /** @description Amount to refund in BRL, at most what is left (what was paid less the refunds not refused); default what is left. */
                    value?: number;
                    /** @description Why (shown with the refund; sent to the PSP live). */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            chargeId: string;
                            order_id: string;
                            /** @enum {string} */
                            status: "Pendente" | "Aprovado" | "Recusado" | "Cancelado" | "Expirado" | "Falhou" | "Reembolsado";
                            /** @enum {string} */
                            statusCode: "pending" | "approved" | "declined" | "canceled" | "expired" | "failed" | "refunded";
                            livemode: boolean;
                            value: number;
                            title: string | null;
                            product_id: string | null;
                            external_id: string | null;
                            customer_name: string | null;
                            customer_email: string | null;
                            customer_cpf: string | null;
                            customer_phone: string | null;
                            provider: string;
                            createdAt: string;
                            approvedAt: string | null;
                            /** @description Live PIX only, when the payer paid less than the value (the cob is concluded, underpaid): the amount received in BRL. The charge stays pending until it expires; refund or keep the money at your PSP. */
                            amountReceived?: number;
                            /** @description The debtor's CNPJ, when the debtor is a company. */
                            customer_cnpj?: string;
                            /** @description Charges with a due date: the due date (YYYY-MM-DD). */
                            dueDate?: string;
                            /** @description The last day it can be paid: the due date moved to a business day, plus days_after_due. */
                            lastPayableDate?: string;
                            /** @description While pending: the amount due today in Brazil (discount, fine and interest applied), in BRL; once paid, what was paid; else null. */
                            amountDue?: number | null;
                            /** @description Pending and past its due date. */
                            overdue?: boolean;
                            /** @description What the payer paid, in BRL (the amount due that day). */
                            amountPaid?: number;
                            /** @description The terms as created (the create body's fields and units). */
                            dueTerms?: {
                                due_date: string;
                                days_after_due: number;
                                fine?: {
                                    mode: string;
                                    value: number;
                                };
                                interest?: {
                                    mode: string;
                                    value: number;
                                };
                                abatement?: {
                                    mode: string;
                                    value: number;
                                };
                                discounts?: {
                                    mode: string;
                                    value?: number;
                                    tiers?: {
                                        date: string;
                                        value: number;
                                    }[];
                                };
                            };
                            /** @description Once a refund was asked: what is refunded or being refunded, in BRL (refused refunds do not count). */
                            amountRefunded?: number;
                            /** @description Once a refund was asked: the charge's refunds, oldest first. */
                            refunds?: {
                                /** @description The refund's id (rfd_...). */
                                id: string;
                                /** @description Amount refunded, in BRL. */
                                value: number;
                                reason: string | null;
                                /**
                                 * @description in_progress: the PSP has not said yet (live); done; refused: the PSP did not make it.
                                 * @enum {string}
                                 */
                                status: "in_progress" | "done" | "refused";
                                createdAt: string;
                                /** @description When the PSP reported it done. */
                                doneAt?: string;
                                /** @description Why the PSP refused it (its motivo). */
                                refusal?: string;
                            }[];
                            /** @description The subscription this charge belongs to (a period's charge, docs/subscriptions.md). */
                            subscriptionId?: string;
                            /** @description A subscription period's charge: which period it is and its date. */
                            subscriptionPeriod?: {
                                /** @description Which period: 1 is the subscription's first (absent on a charge sent by an earlier release). */
                                number?: number;
                                /** @description The period's date (YYYY-MM-DD, Brazil), when the payer's bank debits it. */
                                dueDate: string;
                            };
                            /** @description Why a subscription period's debit was declined (after the retries its policy allows). */
                            declineReason?: string;
                            /** @description A payment to a reusable QR code (docs/counter.md): the code (qr_...) whose payment made this charge. */
                            qrCodeId?: string;
                            /** @description A live payment to a reusable QR code (docs/counter.md): the end-to-end id of the Pix that made this charge. Absent on other charges. */
                            endToEndId?: string;
                            brCode: string | null;
                            expiresAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Unavailable"];
        };
    };
    createPixQrCode: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description What the code is for (the poster's heading; each charge's title). */
                    title: string;
                    /** @description A fixed amount in BRL (field 54 of the code); absent, the payer types the amount. */
                    value?: number;
                    /** @description Shown to the payer by their bank (26-02, shortened to fit the key). */
                    description?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            qrCodeId: string;
                            title: string;
                            description: string | null;
                            /** @description The fixed amount in BRL; null: the payer types it. */
                            value: number | null;
                            /** @description The code's own txid (62-05), carried back by every payment to it. */
                            txid: string;
                            /** @description The static BR Code (copy-and-paste). */
                            brCode: string;
                            /** @description A printable poster of the code (A4 and A6), public. */
                            posterUrl: string;
                            /** @description False once disabled: payments to it make no more charges. */
                            active: boolean;
                            livemode: boolean;
                            createdAt: string;
                            disabledAt: string | null;
                            /** @description PNG data URL of the QR code of brCode. */
                            qrCodeImage: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listPixQrCodes: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Rows to skip (0..10000). */
                offset?: number;
                include_disabled?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            qrCodes: {
                                qrCodeId: string;
                                title: string;
                                description: string | null;
                                /** @description The fixed amount in BRL; null: the payer types it. */
                                value: number | null;
                                /** @description The code's own txid (62-05), carried back by every payment to it. */
                                txid: string;
                                /** @description The static BR Code (copy-and-paste). */
                                brCode: string;
                                /** @description A printable poster of the code (A4 and A6), public. */
                                posterUrl: string;
                                /** @description False once disabled: payments to it make no more charges. */
                                active: boolean;
                                livemode: boolean;
                                createdAt: string;
                                disabledAt: string | null;
                            }[];
                            /** @description Whether rows remain past this page (next offset). */
                            hasMore: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    disablePixQrCode: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The code's id (qr_...). */
                    qr_code_id: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            qrCodeId: string;
                            title: string;
                            description: string | null;
                            /** @description The fixed amount in BRL; null: the payer types it. */
                            value: number | null;
                            /** @description The code's own txid (62-05), carried back by every payment to it. */
                            txid: string;
                            /** @description The static BR Code (copy-and-paste). */
                            brCode: string;
                            /** @description A printable poster of the code (A4 and A6), public. */
                            posterUrl: string;
                            /** @description False once disabled: payments to it make no more charges. */
                            active: boolean;
                            livemode: boolean;
                            createdAt: string;
                            disabledAt: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    simulateQrCodePayment: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The code's id (qr_...). */
                    qr_code_id: string;
                    /** @description The amount paid, in BRL: required for a code without a fixed amount; equal to it otherwise. */
                    value?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            chargeId: string;
                            order_id: string;
                            /** @enum {string} */
                            status: "Pendente" | "Aprovado" | "Recusado" | "Cancelado" | "Expirado" | "Falhou" | "Reembolsado";
                            /** @enum {string} */
                            statusCode: "pending" | "approved" | "declined" | "canceled" | "expired" | "failed" | "refunded";
                            livemode: boolean;
                            value: number;
                            title: string | null;
                            product_id: string | null;
                            external_id: string | null;
                            customer_name: string | null;
                            customer_email: string | null;
                            customer_cpf: string | null;
                            customer_phone: string | null;
                            provider: string;
                            createdAt: string;
                            approvedAt: string | null;
                            /** @description Live PIX only, when the payer paid less than the value (the cob is concluded, underpaid): the amount received in BRL. The charge stays pending until it expires; refund or keep the money at your PSP. */
                            amountReceived?: number;
                            /** @description The debtor's CNPJ, when the debtor is a company. */
                            customer_cnpj?: string;
                            /** @description Charges with a due date: the due date (YYYY-MM-DD). */
                            dueDate?: string;
                            /** @description The last day it can be paid: the due date moved to a business day, plus days_after_due. */
                            lastPayableDate?: string;
                            /** @description While pending: the amount due today in Brazil (discount, fine and interest applied), in BRL; once paid, what was paid; else null. */
                            amountDue?: number | null;
                            /** @description Pending and past its due date. */
                            overdue?: boolean;
                            /** @description What the payer paid, in BRL (the amount due that day). */
                            amountPaid?: number;
                            /** @description The terms as created (the create body's fields and units). */
                            dueTerms?: {
                                due_date: string;
                                days_after_due: number;
                                fine?: {
                                    mode: string;
                                    value: number;
                                };
                                interest?: {
                                    mode: string;
                                    value: number;
                                };
                                abatement?: {
                                    mode: string;
                                    value: number;
                                };
                                discounts?: {
                                    mode: string;
                                    value?: number;
                                    tiers?: {
                                        date: string;
                                        value: number;
                                    }[];
                                };
                            };
                            /** @description Once a refund was asked: what is refunded or being refunded, in BRL (refused refunds do not count). */
                            amountRefunded?: number;
                            /** @description Once a refund was asked: the charge's refunds, oldest first. */
                            refunds?: {
                                /** @description The refund's id (rfd_...). */
                                id: string;
                                /** @description Amount refunded, in BRL. */
                                value: number;
                                reason: string | null;
                                /**
                                 * @description in_progress: the PSP has not said yet (live); done; refused: the PSP did not make it.
                                 * @enum {string}
                                 */
                                status: "in_progress" | "done" | "refused";
                                createdAt: string;
                                /** @description When the PSP reported it done. */
                                doneAt?: string;
                                /** @description Why the PSP refused it (its motivo). */
                                refusal?: string;
                            }[];
                            /** @description The subscription this charge belongs to (a period's charge, docs/subscriptions.md). */
                            subscriptionId?: string;
                            /** @description A subscription period's charge: which period it is and its date. */
                            subscriptionPeriod?: {
                                /** @description Which period: 1 is the subscription's first (absent on a charge sent by an earlier release). */
                                number?: number;
                                /** @description The period's date (YYYY-MM-DD, Brazil), when the payer's bank debits it. */
                                dueDate: string;
                            };
                            /** @description Why a subscription period's debit was declined (after the retries its policy allows). */
                            declineReason?: string;
                            /** @description A payment to a reusable QR code (docs/counter.md): the code (qr_...) whose payment made this charge. */
                            qrCodeId?: string;
                            /** @description A live payment to a reusable QR code (docs/counter.md): the end-to-end id of the Pix that made this charge. Absent on other charges. */
                            endToEndId?: string;
                            brCode: string | null;
                            expiresAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    createCounterLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Which counter or cashier the link is for (each sale's title names it). */
                    label: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            counterLinkId: string;
                            label: string;
                            /** @description The mode of the token that made it: its sales are of that mode. */
                            livemode: boolean;
                            createdAt: string;
                            /** @description Once revoked, every page of the link answers 404. */
                            revokedAt: string | null;
                            /** @description The counter's page for the cashier's phone, holding the link's secret: shown in this answer only (only its SHA-256 is stored). */
                            url: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listCounterLinks: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Rows to skip (0..10000). */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            counterLinks: {
                                counterLinkId: string;
                                label: string;
                                /** @description The mode of the token that made it: its sales are of that mode. */
                                livemode: boolean;
                                createdAt: string;
                                /** @description Once revoked, every page of the link answers 404. */
                                revokedAt: string | null;
                            }[];
                            /** @description Whether rows remain past this page (next offset). */
                            hasMore: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    revokeCounterLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The link's id (ctr_...). */
                    counter_link_id: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            counterLinkId: string;
                            label: string;
                            /** @description The mode of the token that made it: its sales are of that mode. */
                            livemode: boolean;
                            createdAt: string;
                            /** @description Once revoked, every page of the link answers 404. */
                            revokedAt: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPixProvider: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            profile: string;
                            baseUrl: string;
                            tokenUrl: string;
                            /** @description True only for a connection stored before homologation was refused: it is not used. */
                            homologation: boolean;
                            clientId: string;
                            pixKey: string;
                            merchantName: string;
                            merchantCity: string;
                            certificate: {
                                subject: string;
                                fingerprintSha256: string;
                                expiresAt: string;
                            };
                            hasCa: boolean;
                            lastSuccessfulCallAt: string | null;
                            /** @description The URL to register at the PSP as the Pix webhook; null until TOSTAO_BASE_URL is set. */
                            notificationUrl: string | null;
                            /** @description The notification path on this server. */
                            notificationPath: string;
                            webhook: {
                                /** @enum {string} */
                                state: "registered" | "manual" | "failed" | "foreign" | "pending";
                                detail: string | null;
                                /** @description State foreign: the URL registered on the Pix key that is not ours, kept; save with replace_webhook to replace it. */
                                foreignUrl: string | null;
                            };
                            /** @description Names of the extra headers (values sealed). */
                            extraHeaderNames: string[];
                            hasAppKey: boolean;
                            /** @enum {boolean} */
                            livemode: true;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    savePixProvider: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description PSP profile: generic, efi, inter, sicoob, itau, santander or bb.
                     * @enum {string}
                     */
                    profile: "generic" | "efi" | "inter" | "sicoob" | "itau" | "santander" | "bb";
                    /** @description API base with its version prefix (generic: required). */
                    base_url?: string;
                    /** @description OAuth2 token endpoint (generic: required). */
                    token_url?: string;
                    /** @description Homologation (sandbox) is test money and is refused on a live connection (true is a 422); use the test mode's simulated PIX to try things. */
                    homologation?: boolean;
                    client_id: string;
                    client_secret?: string;
                    /** @description PEM client certificate (chain allowed). */
                    certificate?: string;
                    /** @description PEM private key of the certificate. */
                    private_key?: string;
                    /** @description PEM CA trusted for the PSP's server, besides the system roots. */
                    ca?: string;
                    /** @description Base64 PKCS#12 (.p12/.pfx) instead of certificate + private_key. */
                    pfx?: string;
                    passphrase?: string;
                    /** @description The Pix key (chave) charges are made to. */
                    pix_key: string;
                    merchant_name: string;
                    merchant_city: string;
                    /** @description Replace a webhook URL that is not ours already registered on the Pix key (kept by default: one URL per key, it may be your ERP's). */
                    replace_webhook?: boolean;
                    /** @description Headers your PSP requires on every call (Inter: x-conta-corrente). Stored sealed, never logged, shown by name. */
                    extra_headers?: {
                        [key: string]: string;
                    };
                    /** @description Banco do Brasil: the developer application key (gw-dev-app-key). */
                    app_key?: string;
                    /** @description Live subscriptions (Pix Automático): your account at this PSP, which each period's charge (cobr) must name. */
                    receiver_account?: {
                        branch?: string;
                        account: string;
                        /** @enum {string} */
                        type: "CORRENTE" | "POUPANCA" | "PAGAMENTO";
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            profile: string;
                            baseUrl: string;
                            tokenUrl: string;
                            /** @description True only for a connection stored before homologation was refused: it is not used. */
                            homologation: boolean;
                            clientId: string;
                            pixKey: string;
                            merchantName: string;
                            merchantCity: string;
                            certificate: {
                                subject: string;
                                fingerprintSha256: string;
                                expiresAt: string;
                            };
                            hasCa: boolean;
                            lastSuccessfulCallAt: string | null;
                            /** @description The URL to register at the PSP as the Pix webhook; null until TOSTAO_BASE_URL is set. */
                            notificationUrl: string | null;
                            /** @description The notification path on this server. */
                            notificationPath: string;
                            webhook: {
                                /** @enum {string} */
                                state: "registered" | "manual" | "failed" | "foreign" | "pending";
                                detail: string | null;
                                /** @description State foreign: the URL registered on the Pix key that is not ours, kept; save with replace_webhook to replace it. */
                                foreignUrl: string | null;
                            };
                            /** @description Names of the extra headers (values sealed). */
                            extraHeaderNames: string[];
                            hasAppKey: boolean;
                            /** @enum {boolean} */
                            livemode: true;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Unavailable"];
        };
    };
    deletePixProvider: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /** @enum {boolean} */
                            deleted: true;
                            profile: string;
                            /**
                             * @description requested: the webhook registered at the PSP is being removed (best effort).
                             * @enum {string}
                             */
                            webhookRemoval: "requested" | "none";
                        };
                    };
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPixStatement: {
        parameters: {
            query?: {
                /** @description The day, YYYY-MM-DD, in America/Sao_Paulo; absent: today there */
                date?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            date: string;
                            /** @enum {string} */
                            timeZone: "America/Sao_Paulo";
                            /** @description The window asked of the PSP (RFC 3339, UTC) */
                            inicio: string;
                            fim: string;
                            prev: string;
                            next: string | null;
                            lines: {
                                endToEndId: string;
                                txid: string | null;
                                /** @description When the PSP says the Pix was paid (RFC 3339, as the PSP sent it) */
                                horario: string;
                                amountCents: number;
                                chargeId: string | null;
                                chargeStatus: string | null;
                                /** @description The payer's name on the matched charge (its customer_name); null when none */
                                payerName: string | null;
                                /** @description Whether one of this account's live charges holds the Pix */
                                matched: boolean;
                                /**
                                 * @description Paid at the PSP, but the charge here is not approved: money unseen
                                 * @enum {string}
                                 */
                                flag?: "charge_not_approved";
                                devolucoes: {
                                    id: string;
                                    amountCents: number;
                                    status: string;
                                }[];
                            }[];
                            totals: {
                                receivedCents: number;
                                refundedCents: number;
                                netCents: number;
                                count: number;
                            };
                            unmatched: number;
                            flagged: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Unavailable"];
        };
    };
    createSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "title": "Plano mensal",
                 *       "external_id": "plan-42",
                 *       "customer_name": "Maria Silva",
                 *       "customer_cpf": "529.982.247-25",
                 *       "periodicity": "monthly",
                 *       "start_date": "2026-12-10",
                 *       "value": 49.9
                 *     }
                 */
                "application/json": {
                    /** @description What the payer subscribes to. */
                    title: string;
                    /** @description Your own identifier for this subscription. */
                    external_id?: string;
                    /** @description The payer (debtor): required. */
                    customer_name?: string;
                    /** @description The payer's CPF (or customer_cnpj). */
                    customer_cpf?: string;
                    /** @description The payer's CNPJ (or customer_cpf). */
                    customer_cnpj?: string;
                    /** @description The payer's e-mail: given, they are mailed the authorisation request, a notice before each debit, a receipt after each paid period, and notices of a failed debit and of a cancellation (docs/subscriptions.md, Payer mail). */
                    customer_email?: string;
                    /**
                     * @description weekly, monthly, quarterly, semiannual or yearly (BACEN's SEMANAL, MENSAL, TRIMESTRAL, SEMESTRAL, ANUAL).
                     * @enum {string}
                     */
                    periodicity: "weekly" | "monthly" | "quarterly" | "semiannual" | "yearly";
                    /** @description The first period's date (YYYY-MM-DD, Brazil). */
                    start_date: string;
                    /** @description The last day periods may fall on; absent: no end. */
                    end_date?: string;
                    /** @description A fixed amount per period, in BRL (or max_value). */
                    value?: number;
                    /** @description A variable amount: the most one period may charge, in BRL; each period's amount is set with POST /api/pix/subscriptions/charge. */
                    max_value?: number;
                    /**
                     * @description After a failed debit: none (BACEN's NAO_PERMITE) or up_to_3_in_7_days (PERMITE_3R_7D, the default).
                     * @default up_to_3_in_7_days
                     * @enum {string}
                     */
                    retry_policy?: "none" | "up_to_3_in_7_days";
                    /** @description An amount paid now, in the same QR as the authorisation (the immediate charge plus recurrence journey). */
                    first_payment_value?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            subscriptionId: string;
                            /**
                             * @description The status in Portuguese, as shown to people.
                             * @enum {string}
                             */
                            status: "Aguardando autorização" | "Ativa" | "Recusada" | "Expirada" | "Cancelada";
                            /** @enum {string} */
                            statusCode: "created" | "approved" | "rejected" | "expired" | "canceled";
                            livemode: boolean;
                            title: string;
                            external_id: string | null;
                            customer_name: string | null;
                            customer_cpf: string | null;
                            customer_cnpj: string | null;
                            /** @description The payer's e-mail, if given. */
                            customer_email: string | null;
                            /** @enum {string} */
                            periodicity: "weekly" | "monthly" | "quarterly" | "semiannual" | "yearly";
                            startDate: string;
                            endDate: string | null;
                            /** @description The fixed amount per period (BRL), or null (variable). */
                            value: number | null;
                            /** @description A variable subscription's most per period (BRL). */
                            maxValue: number | null;
                            firstPaymentValue: number | null;
                            /** @description The journey's immediate charge, if any. */
                            firstChargeId: string | null;
                            /** @enum {string} */
                            retryPolicy: "none" | "up_to_3_in_7_days";
                            provider: string;
                            /** @description The recorrência's id (idRec). */
                            recId: string;
                            /** @description The date of the next period to be charged (null: none left, or not active). */
                            nextChargeDate: string | null;
                            /** @description A variable subscription's amount set for its next period. */
                            nextAmount: number | null;
                            /** @description Who canceled: merchant (the API, the dashboard) or payer (in their bank). */
                            canceledBy: string | null;
                            createdAt: string;
                            approvedAt: string | null;
                            canceledAt: string | null;
                            /** @description The authorisation's deadline while created. */
                            expiresAt: string;
                            updatedAt: string;
                            /** @description The authorisation's BR Code (Pix copy-and-paste, with field 80). */
                            brCode: string;
                            /** @description The hosted authorisation page to send the payer to. */
                            paymentUrl: string;
                            /** @description PNG data URL of the QR code of brCode. */
                            qrCodeImage: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Unavailable"];
        };
    };
    getSubscriptionStatus: {
        parameters: {
            query: {
                subscription_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            subscriptionId: string;
                            /**
                             * @description The status in Portuguese, as shown to people.
                             * @enum {string}
                             */
                            status: "Aguardando autorização" | "Ativa" | "Recusada" | "Expirada" | "Cancelada";
                            /** @enum {string} */
                            statusCode: "created" | "approved" | "rejected" | "expired" | "canceled";
                            livemode: boolean;
                            title: string;
                            external_id: string | null;
                            customer_name: string | null;
                            customer_cpf: string | null;
                            customer_cnpj: string | null;
                            /** @description The payer's e-mail, if given. */
                            customer_email: string | null;
                            /** @enum {string} */
                            periodicity: "weekly" | "monthly" | "quarterly" | "semiannual" | "yearly";
                            startDate: string;
                            endDate: string | null;
                            /** @description The fixed amount per period (BRL), or null (variable). */
                            value: number | null;
                            /** @description A variable subscription's most per period (BRL). */
                            maxValue: number | null;
                            firstPaymentValue: number | null;
                            /** @description The journey's immediate charge, if any. */
                            firstChargeId: string | null;
                            /** @enum {string} */
                            retryPolicy: "none" | "up_to_3_in_7_days";
                            provider: string;
                            /** @description The recorrência's id (idRec). */
                            recId: string;
                            /** @description The date of the next period to be charged (null: none left, or not active). */
                            nextChargeDate: string | null;
                            /** @description A variable subscription's amount set for its next period. */
                            nextAmount: number | null;
                            /** @description Who canceled: merchant (the API, the dashboard) or payer (in their bank). */
                            canceledBy: string | null;
                            createdAt: string;
                            approvedAt: string | null;
                            canceledAt: string | null;
                            /** @description The authorisation's deadline while created. */
                            expiresAt: string;
                            updatedAt: string;
                            /** @description The authorisation's BR Code (Pix copy-and-paste, with field 80). */
                            brCode: string;
                            /** @description The hosted authorisation page to send the payer to. */
                            paymentUrl: string;
                            /** @description PNG data URL of the QR code of brCode. */
                            qrCodeImage: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listSubscriptions: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Rows to skip (0..10000). */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            subscriptions: {
                                subscriptionId: string;
                                /**
                                 * @description The status in Portuguese, as shown to people.
                                 * @enum {string}
                                 */
                                status: "Aguardando autorização" | "Ativa" | "Recusada" | "Expirada" | "Cancelada";
                                /** @enum {string} */
                                statusCode: "created" | "approved" | "rejected" | "expired" | "canceled";
                                livemode: boolean;
                                title: string;
                                external_id: string | null;
                                customer_name: string | null;
                                customer_cpf: string | null;
                                customer_cnpj: string | null;
                                /** @description The payer's e-mail, if given. */
                                customer_email: string | null;
                                /** @enum {string} */
                                periodicity: "weekly" | "monthly" | "quarterly" | "semiannual" | "yearly";
                                startDate: string;
                                endDate: string | null;
                                /** @description The fixed amount per period (BRL), or null (variable). */
                                value: number | null;
                                /** @description A variable subscription's most per period (BRL). */
                                maxValue: number | null;
                                firstPaymentValue: number | null;
                                /** @description The journey's immediate charge, if any. */
                                firstChargeId: string | null;
                                /** @enum {string} */
                                retryPolicy: "none" | "up_to_3_in_7_days";
                                provider: string;
                                /** @description The recorrência's id (idRec). */
                                recId: string;
                                /** @description The date of the next period to be charged (null: none left, or not active). */
                                nextChargeDate: string | null;
                                /** @description A variable subscription's amount set for its next period. */
                                nextAmount: number | null;
                                /** @description Who canceled: merchant (the API, the dashboard) or payer (in their bank). */
                                canceledBy: string | null;
                                createdAt: string;
                                approvedAt: string | null;
                                canceledAt: string | null;
                                /** @description The authorisation's deadline while created. */
                                expiresAt: string;
                                updatedAt: string;
                                /** @description The authorisation's BR Code (Pix copy-and-paste, with field 80). */
                                brCode: string;
                                /** @description The hosted authorisation page to send the payer to. */
                                paymentUrl: string;
                            }[];
                            /** @description Whether rows remain past this page (next offset). */
                            hasMore: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    cancelSubscription: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    subscription_id: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            subscriptionId: string;
                            /**
                             * @description The status in Portuguese, as shown to people.
                             * @enum {string}
                             */
                            status: "Aguardando autorização" | "Ativa" | "Recusada" | "Expirada" | "Cancelada";
                            /** @enum {string} */
                            statusCode: "created" | "approved" | "rejected" | "expired" | "canceled";
                            livemode: boolean;
                            title: string;
                            external_id: string | null;
                            customer_name: string | null;
                            customer_cpf: string | null;
                            customer_cnpj: string | null;
                            /** @description The payer's e-mail, if given. */
                            customer_email: string | null;
                            /** @enum {string} */
                            periodicity: "weekly" | "monthly" | "quarterly" | "semiannual" | "yearly";
                            startDate: string;
                            endDate: string | null;
                            /** @description The fixed amount per period (BRL), or null (variable). */
                            value: number | null;
                            /** @description A variable subscription's most per period (BRL). */
                            maxValue: number | null;
                            firstPaymentValue: number | null;
                            /** @description The journey's immediate charge, if any. */
                            firstChargeId: string | null;
                            /** @enum {string} */
                            retryPolicy: "none" | "up_to_3_in_7_days";
                            provider: string;
                            /** @description The recorrência's id (idRec). */
                            recId: string;
                            /** @description The date of the next period to be charged (null: none left, or not active). */
                            nextChargeDate: string | null;
                            /** @description A variable subscription's amount set for its next period. */
                            nextAmount: number | null;
                            /** @description Who canceled: merchant (the API, the dashboard) or payer (in their bank). */
                            canceledBy: string | null;
                            createdAt: string;
                            approvedAt: string | null;
                            canceledAt: string | null;
                            /** @description The authorisation's deadline while created. */
                            expiresAt: string;
                            updatedAt: string;
                            /** @description The authorisation's BR Code (Pix copy-and-paste, with field 80). */
                            brCode: string;
                            /** @description The hosted authorisation page to send the payer to. */
                            paymentUrl: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            502: components["responses"]["BadGateway"];
            503: components["responses"]["Unavailable"];
        };
    };
    setSubscriptionCharge: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    subscription_id: string;
                    /** @description The next period's amount, in BRL: at most the subscription's max_value. */
                    value: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            subscriptionId: string;
                            /**
                             * @description The status in Portuguese, as shown to people.
                             * @enum {string}
                             */
                            status: "Aguardando autorização" | "Ativa" | "Recusada" | "Expirada" | "Cancelada";
                            /** @enum {string} */
                            statusCode: "created" | "approved" | "rejected" | "expired" | "canceled";
                            livemode: boolean;
                            title: string;
                            external_id: string | null;
                            customer_name: string | null;
                            customer_cpf: string | null;
                            customer_cnpj: string | null;
                            /** @description The payer's e-mail, if given. */
                            customer_email: string | null;
                            /** @enum {string} */
                            periodicity: "weekly" | "monthly" | "quarterly" | "semiannual" | "yearly";
                            startDate: string;
                            endDate: string | null;
                            /** @description The fixed amount per period (BRL), or null (variable). */
                            value: number | null;
                            /** @description A variable subscription's most per period (BRL). */
                            maxValue: number | null;
                            firstPaymentValue: number | null;
                            /** @description The journey's immediate charge, if any. */
                            firstChargeId: string | null;
                            /** @enum {string} */
                            retryPolicy: "none" | "up_to_3_in_7_days";
                            provider: string;
                            /** @description The recorrência's id (idRec). */
                            recId: string;
                            /** @description The date of the next period to be charged (null: none left, or not active). */
                            nextChargeDate: string | null;
                            /** @description A variable subscription's amount set for its next period. */
                            nextAmount: number | null;
                            /** @description Who canceled: merchant (the API, the dashboard) or payer (in their bank). */
                            canceledBy: string | null;
                            createdAt: string;
                            approvedAt: string | null;
                            canceledAt: string | null;
                            /** @description The authorisation's deadline while created. */
                            expiresAt: string;
                            updatedAt: string;
                            /** @description The authorisation's BR Code (Pix copy-and-paste, with field 80). */
                            brCode: string;
                            /** @description The hosted authorisation page to send the payer to. */
                            paymentUrl: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    simulateSubscriptionAuthorize: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    subscription_id: string;
                    /**
                     * @description What the sandbox payer answers in their bank.
                     * @default approve
                     * @enum {string}
                     */
                    decision?: "approve" | "reject";
                    /** @description Sandbox: every debit of this subscription fails from now on (true) or succeeds again (false), to see the retries and the final decline. */
                    fail_debits?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            subscriptionId: string;
                            /**
                             * @description The status in Portuguese, as shown to people.
                             * @enum {string}
                             */
                            status: "Aguardando autorização" | "Ativa" | "Recusada" | "Expirada" | "Cancelada";
                            /** @enum {string} */
                            statusCode: "created" | "approved" | "rejected" | "expired" | "canceled";
                            livemode: boolean;
                            title: string;
                            external_id: string | null;
                            customer_name: string | null;
                            customer_cpf: string | null;
                            customer_cnpj: string | null;
                            /** @description The payer's e-mail, if given. */
                            customer_email: string | null;
                            /** @enum {string} */
                            periodicity: "weekly" | "monthly" | "quarterly" | "semiannual" | "yearly";
                            startDate: string;
                            endDate: string | null;
                            /** @description The fixed amount per period (BRL), or null (variable). */
                            value: number | null;
                            /** @description A variable subscription's most per period (BRL). */
                            maxValue: number | null;
                            firstPaymentValue: number | null;
                            /** @description The journey's immediate charge, if any. */
                            firstChargeId: string | null;
                            /** @enum {string} */
                            retryPolicy: "none" | "up_to_3_in_7_days";
                            provider: string;
                            /** @description The recorrência's id (idRec). */
                            recId: string;
                            /** @description The date of the next period to be charged (null: none left, or not active). */
                            nextChargeDate: string | null;
                            /** @description A variable subscription's amount set for its next period. */
                            nextAmount: number | null;
                            /** @description Who canceled: merchant (the API, the dashboard) or payer (in their bank). */
                            canceledBy: string | null;
                            createdAt: string;
                            approvedAt: string | null;
                            canceledAt: string | null;
                            /** @description The authorisation's deadline while created. */
                            expiresAt: string;
                            updatedAt: string;
                            /** @description The authorisation's BR Code (Pix copy-and-paste, with field 80). */
                            brCode: string;
                            /** @description The hosted authorisation page to send the payer to. */
                            paymentUrl: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    advanceTestClock: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Days to move this account's sandbox clock forward; each day's work (overdue, expiry, subscriptions, payer mail) runs in turn. */
                    days: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /** @description This account's sandbox clock (ISO 8601). */
                            now: string;
                            /** @description How far the clock runs ahead of the real one, in days. */
                            advancedDays: number;
                            /** @description Due-date charges that became overdue on the days passed (charge.updated). */
                            overdue: number;
                            /** @description Test charges that expired on the days passed (charge.declined). */
                            expired: number;
                            /** @description What the subscription billing pass did over the days passed. */
                            subscriptions: {
                                /** @description Period charges issued. */
                                issued: number;
                                /** @description Periods skipped (their window shut). */
                                skipped: number;
                                /** @description Periods debited. */
                                paid: number;
                                /** @description Failed debits to be retried. */
                                retried: number;
                                /** @description Periods declined after their last retry. */
                                declined: number;
                                /** @description Subscriptions nobody authorised in time. */
                                expired: number;
                                /** @description Periods the rail could not send (tried again). */
                                railFailed?: number;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    advanceAccountTestClock: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Days to move this account's sandbox clock forward; each day's work (overdue, expiry, subscriptions, payer mail) runs in turn. */
                    days: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /** @description This account's sandbox clock (ISO 8601). */
                            now: string;
                            /** @description How far the clock runs ahead of the real one, in days. */
                            advancedDays: number;
                            /** @description Due-date charges that became overdue on the days passed (charge.updated). */
                            overdue: number;
                            /** @description Test charges that expired on the days passed (charge.declined). */
                            expired: number;
                            /** @description What the subscription billing pass did over the days passed. */
                            subscriptions: {
                                /** @description Period charges issued. */
                                issued: number;
                                /** @description Periods skipped (their window shut). */
                                skipped: number;
                                /** @description Periods debited. */
                                paid: number;
                                /** @description Failed debits to be retried. */
                                retried: number;
                                /** @description Periods declined after their last retry. */
                                declined: number;
                                /** @description Subscriptions nobody authorised in time. */
                                expired: number;
                                /** @description Periods the rail could not send (tried again). */
                                railFailed?: number;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getTestClock: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /** @description This account's sandbox clock (ISO 8601). */
                            now: string;
                            /** @description How far the clock runs ahead of the real one, in days. */
                            advancedDays: number;
                        };
                    };
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listEvents: {
        parameters: {
            query?: {
                charge_id?: string;
                limit?: number;
                /** @description Rows to skip (0..10000). */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            events: ({
                                id: string;
                                /** @enum {string} */
                                event: "charge.created";
                                chargeId: string | null;
                                createdAt: string;
                                data: {
                                    chargeId: string;
                                    order_id: string;
                                    /** @enum {string} */
                                    status: "Pendente" | "Aprovado" | "Recusado" | "Cancelado" | "Expirado" | "Falhou" | "Reembolsado";
                                    /** @enum {string} */
                                    statusCode: "pending" | "approved" | "declined" | "canceled" | "expired" | "failed" | "refunded";
                                    livemode: boolean;
                                    value: number;
                                    title: string | null;
                                    product_id: string | null;
                                    external_id: string | null;
                                    customer_name: string | null;
                                    customer_email: string | null;
                                    customer_cpf: string | null;
                                    customer_phone: string | null;
                                    provider: string;
                                    createdAt: string;
                                    approvedAt: string | null;
                                    /** @description Live PIX only, when the payer paid less than the value (the cob is concluded, underpaid): the amount received in BRL. The charge stays pending until it expires; refund or keep the money at your PSP. */
                                    amountReceived?: number;
                                    /** @description The debtor's CNPJ, when the debtor is a company. */
                                    customer_cnpj?: string;
                                    /** @description Charges with a due date: the due date (YYYY-MM-DD). */
                                    dueDate?: string;
                                    /** @description The last day it can be paid: the due date moved to a business day, plus days_after_due. */
                                    lastPayableDate?: string;
                                    /** @description While pending: the amount due today in Brazil (discount, fine and interest applied), in BRL; once paid, what was paid; else null. */
                                    amountDue?: number | null;
                                    /** @description Pending and past its due date. */
                                    overdue?: boolean;
                                    /** @description What the payer paid, in BRL (the amount due that day). */
                                    amountPaid?: number;
                                    /** @description The terms as created (the create body's fields and units). */
                                    dueTerms?: {
                                        due_date: string;
                                        days_after_due: number;
                                        fine?: {
                                            mode: string;
                                            value: number;
                                        };
                                        interest?: {
                                            mode: string;
                                            value: number;
                                        };
                                        abatement?: {
                                            mode: string;
                                            value: number;
                                        };
                                        discounts?: {
                                            mode: string;
                                            value?: number;
                                            tiers?: {
                                                date: string;
                                                value: number;
                                            }[];
                                        };
                                    };
                                    /** @description Once a refund was asked: what is refunded or being refunded, in BRL (refused refunds do not count). */
                                    amountRefunded?: number;
                                    /** @description Once a refund was asked: the charge's refunds, oldest first. */
                                    refunds?: {
                                        /** @description The refund's id (rfd_...). */
                                        id: string;
                                        /** @description Amount refunded, in BRL. */
                                        value: number;
                                        reason: string | null;
                                        /**
                                         * @description in_progress: the PSP has not said yet (live); done; refused: the PSP did not make it.
                                         * @enum {string}
                                         */
                                        status: "in_progress" | "done" | "refused";
                                        createdAt: string;
                                        /** @description When the PSP reported it done. */
                                        doneAt?: string;
                                        /** @description Why the PSP refused it (its motivo). */
                                        refusal?: string;
                                    }[];
                                    /** @description The subscription this charge belongs to (a period's charge, docs/subscriptions.md). */
                                    subscriptionId?: string;
                                    /** @description A subscription period's charge: which period it is and its date. */
                                    subscriptionPeriod?: {
                                        /** @description Which period: 1 is the subscription's first (absent on a charge sent by an earlier release). */
                                        number?: number;
                                        /** @description The period's date (YYYY-MM-DD, Brazil), when the payer's bank debits it. */
                                        dueDate: string;
                                    };
                                    /** @description Why a subscription period's debit was declined (after the retries its policy allows). */
                                    declineReason?: string;
                                    /** @description A payment to a reusable QR code (docs/counter.md): the code (qr_...) whose payment made this charge. */
                                    qrCodeId?: string;
                                    /** @description A live payment to a reusable QR code (docs/counter.md): the end-to-end id of the Pix that made this charge. Absent on other charges. */
                                    endToEndId?: string;
                                };
                            } | {
                                id: string;
                                /** @enum {string} */
                                event: "charge.pending";
                                chargeId: string | null;
                                createdAt: string;
                                data: {
                                    chargeId: string;
                                    order_id: string;
                                    /** @enum {string} */
                                    status: "Pendente" | "Aprovado" | "Recusado" | "Cancelado" | "Expirado" | "Falhou" | "Reembolsado";
                                    /** @enum {string} */
                                    statusCode: "pending" | "approved" | "declined" | "canceled" | "expired" | "failed" | "refunded";
                                    livemode: boolean;
                                    value: number;
                                    title: string | null;
                                    product_id: string | null;
                                    external_id: string | null;
                                    customer_name: string | null;
                                    customer_email: string | null;
                                    customer_cpf: string | null;
                                    customer_phone: string | null;
                                    provider: string;
                                    createdAt: string;
                                    approvedAt: string | null;
                                    /** @description Live PIX only, when the payer paid less than the value (the cob is concluded, underpaid): the amount received in BRL. The charge stays pending until it expires; refund or keep the money at your PSP. */
                                    amountReceived?: number;
                                    /** @description The debtor's CNPJ, when the debtor is a company. */
                                    customer_cnpj?: string;
                                    /** @description Charges with a due date: the due date (YYYY-MM-DD). */
                                    dueDate?: string;
                                    /** @description The last day it can be paid: the due date moved to a business day, plus days_after_due. */
                                    lastPayableDate?: string;
                                    /** @description While pending: the amount due today in Brazil (discount, fine and interest applied), in BRL; once paid, what was paid; else null. */
                                    amountDue?: number | null;
                                    /** @description Pending and past its due date. */
                                    overdue?: boolean;
                                    /** @description What the payer paid, in BRL (the amount due that day). */
                                    amountPaid?: number;
                                    /** @description The terms as created (the create body's fields and units). */
                                    dueTerms?: {
                                        due_date: string;
                                        days_after_due: number;
                                        fine?: {
                                            mode: string;
                                            value: number;
                                        };
                                        interest?: {
                                            mode: string;
                                            value: number;
                                        };
                                        abatement?: {
                                            mode: string;
                                            value: number;
                                        };
                                        discounts?: {
                                            mode: string;
                                            value?: number;
                                            tiers?: {
                                                date: string;
                                                value: number;
                                            }[];
                                        };
                                    };
                                    /** @description Once a refund was asked: what is refunded or being refunded, in BRL (refused refunds do not count). */
                                    amountRefunded?: number;
                                    /** @description Once a refund was asked: the charge's refunds, oldest first. */
                                    refunds?: {
                                        /** @description The refund's id (rfd_...). */
                                        id: string;
                                        /** @description Amount refunded, in BRL. */
                                        value: number;
                                        reason: string | null;
                                        /**
                                         * @description in_progress: the PSP has not said yet (live); done; refused: the PSP did not make it.
                                         * @enum {string}
                                         */
                                        status: "in_progress" | "done" | "refused";
                                        createdAt: string;
                                        /** @description When the PSP reported it done. */
                                        doneAt?: string;
                                        /** @description Why the PSP refused it (its motivo). */
                                        refusal?: string;
                                    }[];
                                    /** @description The subscription this charge belongs to (a period's charge, docs/subscriptions.md). */
                                    subscriptionId?: string;
                                    /** @description A subscription period's charge: which period it is and its date. */
                                    subscriptionPeriod?: {
                                        /** @description Which period: 1 is the subscription's first (absent on a charge sent by an earlier release). */
                                        number?: number;
                                        /** @description The period's date (YYYY-MM-DD, Brazil), when the payer's bank debits it. */
                                        dueDate: string;
                                    };
                                    /** @description Why a subscription period's debit was declined (after the retries its policy allows). */
                                    declineReason?: string;
                                    /** @description A payment to a reusable QR code (docs/counter.md): the code (qr_...) whose payment made this charge. */
                                    qrCodeId?: string;
                                    /** @description A live payment to a reusable QR code (docs/counter.md): the end-to-end id of the Pix that made this charge. Absent on other charges. */
                                    endToEndId?: string;
                                };
                            } | {
                                id: string;
                                /** @enum {string} */
                                event: "charge.approved";
                                chargeId: string | null;
                                createdAt: string;
                                data: {
                                    chargeId: string;
                                    order_id: string;
                                    /** @enum {string} */
                                    status: "Pendente" | "Aprovado" | "Recusado" | "Cancelado" | "Expirado" | "Falhou" | "Reembolsado";
                                    /** @enum {string} */
                                    statusCode: "pending" | "approved" | "declined" | "canceled" | "expired" | "failed" | "refunded";
                                    livemode: boolean;
                                    value: number;
                                    title: string | null;
                                    product_id: string | null;
                                    external_id: string | null;
                                    customer_name: string | null;
                                    customer_email: string | null;
                                    customer_cpf: string | null;
                                    customer_phone: string | null;
                                    provider: string;
                                    createdAt: string;
                                    approvedAt: string | null;
                                    /** @description Live PIX only, when the payer paid less than the value (the cob is concluded, underpaid): the amount received in BRL. The charge stays pending until it expires; refund or keep the money at your PSP. */
                                    amountReceived?: number;
                                    /** @description The debtor's CNPJ, when the debtor is a company. */
                                    customer_cnpj?: string;
                                    /** @description Charges with a due date: the due date (YYYY-MM-DD). */
                                    dueDate?: string;
                                    /** @description The last day it can be paid: the due date moved to a business day, plus days_after_due. */
                                    lastPayableDate?: string;
                                    /** @description While pending: the amount due today in Brazil (discount, fine and interest applied), in BRL; once paid, what was paid; else null. */
                                    amountDue?: number | null;
                                    /** @description Pending and past its due date. */
                                    overdue?: boolean;
                                    /** @description What the payer paid, in BRL (the amount due that day). */
                                    amountPaid?: number;
                                    /** @description The terms as created (the create body's fields and units). */
                                    dueTerms?: {
                                        due_date: string;
                                        days_after_due: number;
                                        fine?: {
                                            mode: string;
                                            value: number;
                                        };
                                        interest?: {
                                            mode: string;
                                            value: number;
                                        };
                                        abatement?: {
                                            mode: string;
                                            value: number;
                                        };
                                        discounts?: {
                                            mode: string;
                                            value?: number;
                                            tiers?: {
                                                date: string;
                                                value: number;
                                            }[];
                                        };
                                    };
                                    /** @description Once a refund was asked: what is refunded or being refunded, in BRL (refused refunds do not count). */
                                    amountRefunded?: number;
                                    /** @description Once a refund was asked: the charge's refunds, oldest first. */
                                    refunds?: {
                                        /** @description The refund's id (rfd_...). */
                                        id: string;
                                        /** @description Amount refunded, in BRL. */
                                        value: number;
                                        reason: string | null;
                                        /**
                                         * @description in_progress: the PSP has not said yet (live); done; refused: the PSP did not make it.
                                         * @enum {string}
                                         */
                                        status: "in_progress" | "done" | "refused";
                                        createdAt: string;
                                        /** @description When the PSP reported it done. */
                                        doneAt?: string;
                                        /** @description Why the PSP refused it (its motivo). */
                                        refusal?: string;
                                    }[];
                                    /** @description The subscription this charge belongs to (a period's charge, docs/subscriptions.md). */
                                    subscriptionId?: string;
                                    /** @description A subscription period's charge: which period it is and its date. */
                                    subscriptionPeriod?: {
                                        /** @description Which period: 1 is the subscription's first (absent on a charge sent by an earlier release). */
                                        number?: number;
                                        /** @description The period's date (YYYY-MM-DD, Brazil), when the payer's bank debits it. */
                                        dueDate: string;
                                    };
                                    /** @description Why a subscription period's debit was declined (after the retries its policy allows). */
                                    declineReason?: string;
                                    /** @description A payment to a reusable QR code (docs/counter.md): the code (qr_...) whose payment made this charge. */
                                    qrCodeId?: string;
                                    /** @description A live payment to a reusable QR code (docs/counter.md): the end-to-end id of the Pix that made this charge. Absent on other charges. */
                                    endToEndId?: string;
                                    /**
                                     * @description Bitcoin charges: paid over Lightning (the invoice) or on-chain (the address).
                                     * @enum {string}
                                     */
                                    paymentMethod?: "lightning" | "onchain";
                                };
                            } | {
                                id: string;
                                /** @enum {string} */
                                event: "charge.declined";
                                chargeId: string | null;
                                createdAt: string;
                                data: {
                                    chargeId: string;
                                    order_id: string;
                                    /** @enum {string} */
                                    status: "Pendente" | "Aprovado" | "Recusado" | "Cancelado" | "Expirado" | "Falhou" | "Reembolsado";
                                    /** @enum {string} */
                                    statusCode: "pending" | "approved" | "declined" | "canceled" | "expired" | "failed" | "refunded";
                                    livemode: boolean;
                                    value: number;
                                    title: string | null;
                                    product_id: string | null;
                                    external_id: string | null;
                                    customer_name: string | null;
                                    customer_email: string | null;
                                    customer_cpf: string | null;
                                    customer_phone: string | null;
                                    provider: string;
                                    createdAt: string;
                                    approvedAt: string | null;
                                    /** @description Live PIX only, when the payer paid less than the value (the cob is concluded, underpaid): the amount received in BRL. The charge stays pending until it expires; refund or keep the money at your PSP. */
                                    amountReceived?: number;
                                    /** @description The debtor's CNPJ, when the debtor is a company. */
                                    customer_cnpj?: string;
                                    /** @description Charges with a due date: the due date (YYYY-MM-DD). */
                                    dueDate?: string;
                                    /** @description The last day it can be paid: the due date moved to a business day, plus days_after_due. */
                                    lastPayableDate?: string;
                                    /** @description While pending: the amount due today in Brazil (discount, fine and interest applied), in BRL; once paid, what was paid; else null. */
                                    amountDue?: number | null;
                                    /** @description Pending and past its due date. */
                                    overdue?: boolean;
                                    /** @description What the payer paid, in BRL (the amount due that day). */
                                    amountPaid?: number;
                                    /** @description The terms as created (the create body's fields and units). */
                                    dueTerms?: {
                                        due_date: string;
                                        days_after_due: number;
                                        fine?: {
                                            mode: string;
                                            value: number;
                                        };
                                        interest?: {
                                            mode: string;
                                            value: number;
                                        };
                                        abatement?: {
                                            mode: string;
                                            value: number;
                                        };
                                        discounts?: {
                                            mode: string;
                                            value?: number;
                                            tiers?: {
                                                date: string;
                                                value: number;
                                            }[];
                                        };
                                    };
                                    /** @description Once a refund was asked: what is refunded or being refunded, in BRL (refused refunds do not count). */
                                    amountRefunded?: number;
                                    /** @description Once a refund was asked: the charge's refunds, oldest first. */
                                    refunds?: {
                                        /** @description The refund's id (rfd_...). */
                                        id: string;
                                        /** @description Amount refunded, in BRL. */
                                        value: number;
                                        reason: string | null;
                                        /**
                                         * @description in_progress: the PSP has not said yet (live); done; refused: the PSP did not make it.
                                         * @enum {string}
                                         */
                                        status: "in_progress" | "done" | "refused";
                                        createdAt: string;
                                        /** @description When the PSP reported it done. */
                                        doneAt?: string;
                                        /** @description Why the PSP refused it (its motivo). */
                                        refusal?: string;
                                    }[];
                                    /** @description The subscription this charge belongs to (a period's charge, docs/subscriptions.md). */
                                    subscriptionId?: string;
                                    /** @description A subscription period's charge: which period it is and its date. */
                                    subscriptionPeriod?: {
                                        /** @description Which period: 1 is the subscription's first (absent on a charge sent by an earlier release). */
                                        number?: number;
                                        /** @description The period's date (YYYY-MM-DD, Brazil), when the payer's bank debits it. */
                                        dueDate: string;
                                    };
                                    /** @description Why a subscription period's debit was declined (after the retries its policy allows). */
                                    declineReason?: string;
                                    /** @description A payment to a reusable QR code (docs/counter.md): the code (qr_...) whose payment made this charge. */
                                    qrCodeId?: string;
                                    /** @description A live payment to a reusable QR code (docs/counter.md): the end-to-end id of the Pix that made this charge. Absent on other charges. */
                                    endToEndId?: string;
                                };
                            } | {
                                id: string;
                                /** @enum {string} */
                                event: "charge.refund";
                                chargeId: string | null;
                                createdAt: string;
                                data: {
                                    chargeId: string;
                                    order_id: string;
                                    /** @enum {string} */
                                    status: "Pendente" | "Aprovado" | "Recusado" | "Cancelado" | "Expirado" | "Falhou" | "Reembolsado";
                                    /** @enum {string} */
                                    statusCode: "pending" | "approved" | "declined" | "canceled" | "expired" | "failed" | "refunded";
                                    livemode: boolean;
                                    value: number;
                                    title: string | null;
                                    product_id: string | null;
                                    external_id: string | null;
                                    customer_name: string | null;
                                    customer_email: string | null;
                                    customer_cpf: string | null;
                                    customer_phone: string | null;
                                    provider: string;
                                    createdAt: string;
                                    approvedAt: string | null;
                                    /** @description Live PIX only, when the payer paid less than the value (the cob is concluded, underpaid): the amount received in BRL. The charge stays pending until it expires; refund or keep the money at your PSP. */
                                    amountReceived?: number;
                                    /** @description The debtor's CNPJ, when the debtor is a company. */
                                    customer_cnpj?: string;
                                    /** @description Charges with a due date: the due date (YYYY-MM-DD). */
                                    dueDate?: string;
                                    /** @description The last day it can be paid: the due date moved to a business day, plus days_after_due. */
                                    lastPayableDate?: string;
                                    /** @description While pending: the amount due today in Brazil (discount, fine and interest applied), in BRL; once paid, what was paid; else null. */
                                    amountDue?: number | null;
                                    /** @description Pending and past its due date. */
                                    overdue?: boolean;
                                    /** @description What the payer paid, in BRL (the amount due that day). */
                                    amountPaid?: number;
                                    /** @description The terms as created (the create body's fields and units). */
                                    dueTerms?: {
                                        due_date: string;
                                        days_after_due: number;
                                        fine?: {
                                            mode: string;
                                            value: number;
                                        };
                                        interest?: {
                                            mode: string;
                                            value: number;
                                        };
                                        abatement?: {
                                            mode: string;
                                            value: number;
                                        };
                                        discounts?: {
                                            mode: string;
                                            value?: number;
                                            tiers?: {
                                                date: string;
                                                value: number;
                                            }[];
                                        };
                                    };
                                    /** @description Once a refund was asked: what is refunded or being refunded, in BRL (refused refunds do not count). */
                                    amountRefunded?: number;
                                    /** @description Once a refund was asked: the charge's refunds, oldest first. */
                                    refunds?: {
                                        /** @description The refund's id (rfd_...). */
                                        id: string;
                                        /** @description Amount refunded, in BRL. */
                                        value: number;
                                        reason: string | null;
                                        /**
                                         * @description in_progress: the PSP has not said yet (live); done; refused: the PSP did not make it.
                                         * @enum {string}
                                         */
                                        status: "in_progress" | "done" | "refused";
                                        createdAt: string;
                                        /** @description When the PSP reported it done. */
                                        doneAt?: string;
                                        /** @description Why the PSP refused it (its motivo). */
                                        refusal?: string;
                                    }[];
                                    /** @description The subscription this charge belongs to (a period's charge, docs/subscriptions.md). */
                                    subscriptionId?: string;
                                    /** @description A subscription period's charge: which period it is and its date. */
                                    subscriptionPeriod?: {
                                        /** @description Which period: 1 is the subscription's first (absent on a charge sent by an earlier release). */
                                        number?: number;
                                        /** @description The period's date (YYYY-MM-DD, Brazil), when the payer's bank debits it. */
                                        dueDate: string;
                                    };
                                    /** @description Why a subscription period's debit was declined (after the retries its policy allows). */
                                    declineReason?: string;
                                    /** @description A payment to a reusable QR code (docs/counter.md): the code (qr_...) whose payment made this charge. */
                                    qrCodeId?: string;
                                    /** @description A live payment to a reusable QR code (docs/counter.md): the end-to-end id of the Pix that made this charge. Absent on other charges. */
                                    endToEndId?: string;
                                    /** @description The refund this event is about (each refund, partial or whole, fires its own charge.refund). */
                                    refund?: {
                                        /** @description The refund's id (rfd_...). */
                                        id: string;
                                        /** @description Amount refunded, in BRL. */
                                        value: number;
                                        reason: string | null;
                                        /**
                                         * @description in_progress: the PSP has not said yet (live); done; refused: the PSP did not make it.
                                         * @enum {string}
                                         */
                                        status: "in_progress" | "done" | "refused";
                                        createdAt: string;
                                        /** @description When the PSP reported it done. */
                                        doneAt?: string;
                                        /** @description Why the PSP refused it (its motivo). */
                                        refusal?: string;
                                    };
                                };
                            } | {
                                id: string;
                                /** @enum {string} */
                                event: "charge.updated";
                                chargeId: string | null;
                                createdAt: string;
                                data: {
                                    chargeId: string;
                                    order_id: string;
                                    /** @enum {string} */
                                    status: "Pendente" | "Aprovado" | "Recusado" | "Cancelado" | "Expirado" | "Falhou" | "Reembolsado";
                                    /** @enum {string} */
                                    statusCode: "pending" | "approved" | "declined" | "canceled" | "expired" | "failed" | "refunded";
                                    livemode: boolean;
                                    value: number;
                                    title: string | null;
                                    product_id: string | null;
                                    external_id: string | null;
                                    customer_name: string | null;
                                    customer_email: string | null;
                                    customer_cpf: string | null;
                                    customer_phone: string | null;
                                    provider: string;
                                    createdAt: string;
                                    approvedAt: string | null;
                                    /** @description Live PIX only, when the payer paid less than the value (the cob is concluded, underpaid): the amount received in BRL. The charge stays pending until it expires; refund or keep the money at your PSP. */
                                    amountReceived?: number;
                                    /** @description The debtor's CNPJ, when the debtor is a company. */
                                    customer_cnpj?: string;
                                    /** @description Charges with a due date: the due date (YYYY-MM-DD). */
                                    dueDate?: string;
                                    /** @description The last day it can be paid: the due date moved to a business day, plus days_after_due. */
                                    lastPayableDate?: string;
                                    /** @description While pending: the amount due today in Brazil (discount, fine and interest applied), in BRL; once paid, what was paid; else null. */
                                    amountDue?: number | null;
                                    /** @description Pending and past its due date. */
                                    overdue?: boolean;
                                    /** @description What the payer paid, in BRL (the amount due that day). */
                                    amountPaid?: number;
                                    /** @description The terms as created (the create body's fields and units). */
                                    dueTerms?: {
                                        due_date: string;
                                        days_after_due: number;
                                        fine?: {
                                            mode: string;
                                            value: number;
                                        };
                                        interest?: {
                                            mode: string;
                                            value: number;
                                        };
                                        abatement?: {
                                            mode: string;
                                            value: number;
                                        };
                                        discounts?: {
                                            mode: string;
                                            value?: number;
                                            tiers?: {
                                                date: string;
                                                value: number;
                                            }[];
                                        };
                                    };
                                    /** @description Once a refund was asked: what is refunded or being refunded, in BRL (refused refunds do not count). */
                                    amountRefunded?: number;
                                    /** @description Once a refund was asked: the charge's refunds, oldest first. */
                                    refunds?: {
                                        /** @description The refund's id (rfd_...). */
                                        id: string;
                                        /** @description Amount refunded, in BRL. */
                                        value: number;
                                        reason: string | null;
                                        /**
                                         * @description in_progress: the PSP has not said yet (live); done; refused: the PSP did not make it.
                                         * @enum {string}
                                         */
                                        status: "in_progress" | "done" | "refused";
                                        createdAt: string;
                                        /** @description When the PSP reported it done. */
                                        doneAt?: string;
                                        /** @description Why the PSP refused it (its motivo). */
                                        refusal?: string;
                                    }[];
                                    /** @description The subscription this charge belongs to (a period's charge, docs/subscriptions.md). */
                                    subscriptionId?: string;
                                    /** @description A subscription period's charge: which period it is and its date. */
                                    subscriptionPeriod?: {
                                        /** @description Which period: 1 is the subscription's first (absent on a charge sent by an earlier release). */
                                        number?: number;
                                        /** @description The period's date (YYYY-MM-DD, Brazil), when the payer's bank debits it. */
                                        dueDate: string;
                                    };
                                    /** @description Why a subscription period's debit was declined (after the retries its policy allows). */
                                    declineReason?: string;
                                    /** @description A payment to a reusable QR code (docs/counter.md): the code (qr_...) whose payment made this charge. */
                                    qrCodeId?: string;
                                    /** @description A live payment to a reusable QR code (docs/counter.md): the end-to-end id of the Pix that made this charge. Absent on other charges. */
                                    endToEndId?: string;
                                    /** @description Present when the update is a refund the PSP did not make. */
                                    refund?: {
                                        /** @enum {string} */
                                        status: "failed";
                                        reason: string;
                                        /** @description The refund's id (rfd_...). */
                                        id?: string;
                                        /** @description The refund's amount, in BRL. */
                                        value?: number;
                                    };
                                };
                            } | {
                                id: string;
                                /** @enum {string} */
                                event: "charge.disputed";
                                chargeId: string | null;
                                createdAt: string;
                                data: {
                                    chargeId: string;
                                    order_id: string;
                                    /** @enum {string} */
                                    status: "Pendente" | "Aprovado" | "Recusado" | "Cancelado" | "Expirado" | "Falhou" | "Reembolsado";
                                    /** @enum {string} */
                                    statusCode: "pending" | "approved" | "declined" | "canceled" | "expired" | "failed" | "refunded";
                                    livemode: boolean;
                                    value: number;
                                    title: string | null;
                                    product_id: string | null;
                                    external_id: string | null;
                                    customer_name: string | null;
                                    customer_email: string | null;
                                    customer_cpf: string | null;
                                    customer_phone: string | null;
                                    provider: string;
                                    createdAt: string;
                                    approvedAt: string | null;
                                    /** @description Live PIX only, when the payer paid less than the value (the cob is concluded, underpaid): the amount received in BRL. The charge stays pending until it expires; refund or keep the money at your PSP. */
                                    amountReceived?: number;
                                    /** @description The debtor's CNPJ, when the debtor is a company. */
                                    customer_cnpj?: string;
                                    /** @description Charges with a due date: the due date (YYYY-MM-DD). */
                                    dueDate?: string;
                                    /** @description The last day it can be paid: the due date moved to a business day, plus days_after_due. */
                                    lastPayableDate?: string;
                                    /** @description While pending: the amount due today in Brazil (discount, fine and interest applied), in BRL; once paid, what was paid; else null. */
                                    amountDue?: number | null;
                                    /** @description Pending and past its due date. */
                                    overdue?: boolean;
                                    /** @description What the payer paid, in BRL (the amount due that day). */
                                    amountPaid?: number;
                                    /** @description The terms as created (the create body's fields and units). */
                                    dueTerms?: {
                                        due_date: string;
                                        days_after_due: number;
                                        fine?: {
                                            mode: string;
                                            value: number;
                                        };
                                        interest?: {
                                            mode: string;
                                            value: number;
                                        };
                                        abatement?: {
                                            mode: string;
                                            value: number;
                                        };
                                        discounts?: {
                                            mode: string;
                                            value?: number;
                                            tiers?: {
                                                date: string;
                                                value: number;
                                            }[];
                                        };
                                    };
                                    /** @description Once a refund was asked: what is refunded or being refunded, in BRL (refused refunds do not count). */
                                    amountRefunded?: number;
                                    /** @description Once a refund was asked: the charge's refunds, oldest first. */
                                    refunds?: {
                                        /** @description The refund's id (rfd_...). */
                                        id: string;
                                        /** @description Amount refunded, in BRL. */
                                        value: number;
                                        reason: string | null;
                                        /**
                                         * @description in_progress: the PSP has not said yet (live); done; refused: the PSP did not make it.
                                         * @enum {string}
                                         */
                                        status: "in_progress" | "done" | "refused";
                                        createdAt: string;
                                        /** @description When the PSP reported it done. */
                                        doneAt?: string;
                                        /** @description Why the PSP refused it (its motivo). */
                                        refusal?: string;
                                    }[];
                                    /** @description The subscription this charge belongs to (a period's charge, docs/subscriptions.md). */
                                    subscriptionId?: string;
                                    /** @description A subscription period's charge: which period it is and its date. */
                                    subscriptionPeriod?: {
                                        /** @description Which period: 1 is the subscription's first (absent on a charge sent by an earlier release). */
                                        number?: number;
                                        /** @description The period's date (YYYY-MM-DD, Brazil), when the payer's bank debits it. */
                                        dueDate: string;
                                    };
                                    /** @description Why a subscription period's debit was declined (after the retries its policy allows). */
                                    declineReason?: string;
                                    /** @description A payment to a reusable QR code (docs/counter.md): the code (qr_...) whose payment made this charge. */
                                    qrCodeId?: string;
                                    /** @description A live payment to a reusable QR code (docs/counter.md): the end-to-end id of the Pix that made this charge. Absent on other charges. */
                                    endToEndId?: string;
                                    dispute: {
                                        /** @description The devolução's id at the PSP. */
                                        id: string;
                                        /** @description The payment it claws back. */
                                        endToEndId: string;
                                        /** @description MED_OPERACIONAL (an operational failure) or MED_FRAUDE (suspected fraud). */
                                        nature: string;
                                        /** @description The devolução's status: EM_PROCESSAMENTO, DEVOLVIDO or NAO_REALIZADO. */
                                        status: string;
                                        /** @description The amount clawed back, in BRL. */
                                        value: number;
                                        /** @description The PSP's words (motivo), when it gives them. */
                                        reason: string | null;
                                    };
                                };
                            } | {
                                id: string;
                                /** @enum {string} */
                                event: "webhook.test";
                                chargeId: string | null;
                                createdAt: string;
                                data: {
                                    message: string;
                                    webhookId: string;
                                    livemode: boolean;
                                };
                            } | {
                                id: string;
                                /** @enum {string} */
                                event: "payment.unmatched";
                                chargeId: string | null;
                                createdAt: string;
                                data: {
                                    /** @enum {string} */
                                    kind: "pix";
                                    /** @description The unmatched payment's id (upm_...). */
                                    id: string;
                                    endToEndId: string;
                                    /** @description The cob's txid the payer paid: one no charge holds, or chargeId's. */
                                    txid: string | null;
                                    /** @description A second payment to a charge already paid (its txid): that charge. Absent or null when no charge holds the txid. */
                                    chargeId?: string | null;
                                    /** @description Amount received, in BRL. */
                                    value: number;
                                    paidAt: string | null;
                                    /** @enum {string} */
                                    source: "notification" | "reconciliation" | "sweep";
                                    /** @enum {boolean} */
                                    livemode: true;
                                } | {
                                    /** @enum {string} */
                                    kind: "bitcoin";
                                    address: string;
                                    txid: string;
                                    amountSats: number;
                                    amountCrypto: string;
                                    /** @enum {string} */
                                    network: "mainnet" | "testnet" | "signet";
                                    /** @description The charges that have held the address, oldest first. */
                                    chargeIds: string[];
                                    livemode: boolean;
                                    seenAt: string;
                                };
                            } | {
                                id: string;
                                /** @enum {string} */
                                event: "subscription.created";
                                chargeId: string | null;
                                createdAt: string;
                                data: {
                                    subscriptionId: string;
                                    /**
                                     * @description The status in Portuguese, as shown to people.
                                     * @enum {string}
                                     */
                                    status: "Aguardando autorização" | "Ativa" | "Recusada" | "Expirada" | "Cancelada";
                                    /** @enum {string} */
                                    statusCode: "created" | "approved" | "rejected" | "expired" | "canceled";
                                    livemode: boolean;
                                    title: string;
                                    external_id: string | null;
                                    customer_name: string | null;
                                    customer_cpf: string | null;
                                    customer_cnpj: string | null;
                                    /** @description The payer's e-mail, if given. */
                                    customer_email: string | null;
                                    /** @enum {string} */
                                    periodicity: "weekly" | "monthly" | "quarterly" | "semiannual" | "yearly";
                                    startDate: string;
                                    endDate: string | null;
                                    /** @description The fixed amount per period (BRL), or null (variable). */
                                    value: number | null;
                                    /** @description A variable subscription's most per period (BRL). */
                                    maxValue: number | null;
                                    firstPaymentValue: number | null;
                                    /** @description The journey's immediate charge, if any. */
                                    firstChargeId: string | null;
                                    /** @enum {string} */
                                    retryPolicy: "none" | "up_to_3_in_7_days";
                                    provider: string;
                                    /** @description The recorrência's id (idRec). */
                                    recId: string;
                                    /** @description The date of the next period to be charged (null: none left, or not active). */
                                    nextChargeDate: string | null;
                                    /** @description A variable subscription's amount set for its next period. */
                                    nextAmount: number | null;
                                    /** @description Who canceled: merchant (the API, the dashboard) or payer (in their bank). */
                                    canceledBy: string | null;
                                    createdAt: string;
                                    approvedAt: string | null;
                                    canceledAt: string | null;
                                    /** @description The authorisation's deadline while created. */
                                    expiresAt: string;
                                    updatedAt: string;
                                };
                            } | {
                                id: string;
                                /** @enum {string} */
                                event: "subscription.approved";
                                chargeId: string | null;
                                createdAt: string;
                                data: {
                                    subscriptionId: string;
                                    /**
                                     * @description The status in Portuguese, as shown to people.
                                     * @enum {string}
                                     */
                                    status: "Aguardando autorização" | "Ativa" | "Recusada" | "Expirada" | "Cancelada";
                                    /** @enum {string} */
                                    statusCode: "created" | "approved" | "rejected" | "expired" | "canceled";
                                    livemode: boolean;
                                    title: string;
                                    external_id: string | null;
                                    customer_name: string | null;
                                    customer_cpf: string | null;
                                    customer_cnpj: string | null;
                                    /** @description The payer's e-mail, if given. */
                                    customer_email: string | null;
                                    /** @enum {string} */
                                    periodicity: "weekly" | "monthly" | "quarterly" | "semiannual" | "yearly";
                                    startDate: string;
                                    endDate: string | null;
                                    /** @description The fixed amount per period (BRL), or null (variable). */
                                    value: number | null;
                                    /** @description A variable subscription's most per period (BRL). */
                                    maxValue: number | null;
                                    firstPaymentValue: number | null;
                                    /** @description The journey's immediate charge, if any. */
                                    firstChargeId: string | null;
                                    /** @enum {string} */
                                    retryPolicy: "none" | "up_to_3_in_7_days";
                                    provider: string;
                                    /** @description The recorrência's id (idRec). */
                                    recId: string;
                                    /** @description The date of the next period to be charged (null: none left, or not active). */
                                    nextChargeDate: string | null;
                                    /** @description A variable subscription's amount set for its next period. */
                                    nextAmount: number | null;
                                    /** @description Who canceled: merchant (the API, the dashboard) or payer (in their bank). */
                                    canceledBy: string | null;
                                    createdAt: string;
                                    approvedAt: string | null;
                                    canceledAt: string | null;
                                    /** @description The authorisation's deadline while created. */
                                    expiresAt: string;
                                    updatedAt: string;
                                };
                            } | {
                                id: string;
                                /** @enum {string} */
                                event: "subscription.rejected";
                                chargeId: string | null;
                                createdAt: string;
                                data: {
                                    subscriptionId: string;
                                    /**
                                     * @description The status in Portuguese, as shown to people.
                                     * @enum {string}
                                     */
                                    status: "Aguardando autorização" | "Ativa" | "Recusada" | "Expirada" | "Cancelada";
                                    /** @enum {string} */
                                    statusCode: "created" | "approved" | "rejected" | "expired" | "canceled";
                                    livemode: boolean;
                                    title: string;
                                    external_id: string | null;
                                    customer_name: string | null;
                                    customer_cpf: string | null;
                                    customer_cnpj: string | null;
                                    /** @description The payer's e-mail, if given. */
                                    customer_email: string | null;
                                    /** @enum {string} */
                                    periodicity: "weekly" | "monthly" | "quarterly" | "semiannual" | "yearly";
                                    startDate: string;
                                    endDate: string | null;
                                    /** @description The fixed amount per period (BRL), or null (variable). */
                                    value: number | null;
                                    /** @description A variable subscription's most per period (BRL). */
                                    maxValue: number | null;
                                    firstPaymentValue: number | null;
                                    /** @description The journey's immediate charge, if any. */
                                    firstChargeId: string | null;
                                    /** @enum {string} */
                                    retryPolicy: "none" | "up_to_3_in_7_days";
                                    provider: string;
                                    /** @description The recorrência's id (idRec). */
                                    recId: string;
                                    /** @description The date of the next period to be charged (null: none left, or not active). */
                                    nextChargeDate: string | null;
                                    /** @description A variable subscription's amount set for its next period. */
                                    nextAmount: number | null;
                                    /** @description Who canceled: merchant (the API, the dashboard) or payer (in their bank). */
                                    canceledBy: string | null;
                                    createdAt: string;
                                    approvedAt: string | null;
                                    canceledAt: string | null;
                                    /** @description The authorisation's deadline while created. */
                                    expiresAt: string;
                                    updatedAt: string;
                                };
                            } | {
                                id: string;
                                /** @enum {string} */
                                event: "subscription.canceled";
                                chargeId: string | null;
                                createdAt: string;
                                data: {
                                    subscriptionId: string;
                                    /**
                                     * @description The status in Portuguese, as shown to people.
                                     * @enum {string}
                                     */
                                    status: "Aguardando autorização" | "Ativa" | "Recusada" | "Expirada" | "Cancelada";
                                    /** @enum {string} */
                                    statusCode: "created" | "approved" | "rejected" | "expired" | "canceled";
                                    livemode: boolean;
                                    title: string;
                                    external_id: string | null;
                                    customer_name: string | null;
                                    customer_cpf: string | null;
                                    customer_cnpj: string | null;
                                    /** @description The payer's e-mail, if given. */
                                    customer_email: string | null;
                                    /** @enum {string} */
                                    periodicity: "weekly" | "monthly" | "quarterly" | "semiannual" | "yearly";
                                    startDate: string;
                                    endDate: string | null;
                                    /** @description The fixed amount per period (BRL), or null (variable). */
                                    value: number | null;
                                    /** @description A variable subscription's most per period (BRL). */
                                    maxValue: number | null;
                                    firstPaymentValue: number | null;
                                    /** @description The journey's immediate charge, if any. */
                                    firstChargeId: string | null;
                                    /** @enum {string} */
                                    retryPolicy: "none" | "up_to_3_in_7_days";
                                    provider: string;
                                    /** @description The recorrência's id (idRec). */
                                    recId: string;
                                    /** @description The date of the next period to be charged (null: none left, or not active). */
                                    nextChargeDate: string | null;
                                    /** @description A variable subscription's amount set for its next period. */
                                    nextAmount: number | null;
                                    /** @description Who canceled: merchant (the API, the dashboard) or payer (in their bank). */
                                    canceledBy: string | null;
                                    createdAt: string;
                                    approvedAt: string | null;
                                    canceledAt: string | null;
                                    /** @description The authorisation's deadline while created. */
                                    expiresAt: string;
                                    updatedAt: string;
                                };
                            } | {
                                id: string;
                                /** @enum {string} */
                                event: "subscription.expired";
                                chargeId: string | null;
                                createdAt: string;
                                data: {
                                    subscriptionId: string;
                                    /**
                                     * @description The status in Portuguese, as shown to people.
                                     * @enum {string}
                                     */
                                    status: "Aguardando autorização" | "Ativa" | "Recusada" | "Expirada" | "Cancelada";
                                    /** @enum {string} */
                                    statusCode: "created" | "approved" | "rejected" | "expired" | "canceled";
                                    livemode: boolean;
                                    title: string;
                                    external_id: string | null;
                                    customer_name: string | null;
                                    customer_cpf: string | null;
                                    customer_cnpj: string | null;
                                    /** @description The payer's e-mail, if given. */
                                    customer_email: string | null;
                                    /** @enum {string} */
                                    periodicity: "weekly" | "monthly" | "quarterly" | "semiannual" | "yearly";
                                    startDate: string;
                                    endDate: string | null;
                                    /** @description The fixed amount per period (BRL), or null (variable). */
                                    value: number | null;
                                    /** @description A variable subscription's most per period (BRL). */
                                    maxValue: number | null;
                                    firstPaymentValue: number | null;
                                    /** @description The journey's immediate charge, if any. */
                                    firstChargeId: string | null;
                                    /** @enum {string} */
                                    retryPolicy: "none" | "up_to_3_in_7_days";
                                    provider: string;
                                    /** @description The recorrência's id (idRec). */
                                    recId: string;
                                    /** @description The date of the next period to be charged (null: none left, or not active). */
                                    nextChargeDate: string | null;
                                    /** @description A variable subscription's amount set for its next period. */
                                    nextAmount: number | null;
                                    /** @description Who canceled: merchant (the API, the dashboard) or payer (in their bank). */
                                    canceledBy: string | null;
                                    createdAt: string;
                                    approvedAt: string | null;
                                    canceledAt: string | null;
                                    /** @description The authorisation's deadline while created. */
                                    expiresAt: string;
                                    updatedAt: string;
                                };
                            } | {
                                id: string;
                                /** @enum {string} */
                                event: "notification.failed";
                                chargeId: string | null;
                                createdAt: string;
                                data: {
                                    id: string;
                                    /** @enum {string} */
                                    kind: "bill" | "reminder_before" | "reminder_due" | "reminder_overdue" | "reminder_overdue_weekly" | "receipt" | "refund" | "subscription_request" | "subscription_debit_notice" | "subscription_debit_failed" | "subscription_canceled";
                                    recipient: string;
                                    /** @enum {string} */
                                    status: "pending" | "sent" | "failed" | "not_sent";
                                    lastError: string | null;
                                    chargeId: string | null;
                                    subscriptionId: string | null;
                                };
                            } | {
                                id: string;
                                /** @enum {string} */
                                event: "account.security";
                                chargeId: string | null;
                                createdAt: string;
                                data: {
                                    /** @description The audit log entry (GET /api/audit-log). */
                                    auditId: string;
                                    /** @enum {string} */
                                    action: "sign_in.succeeded" | "sign_in.failed" | "session.ended" | "key.created" | "key.revoked" | "webhook.created" | "webhook.deleted" | "wallet.changed" | "psp_connection.saved" | "psp_connection.deleted" | "lightning.saved" | "lightning.deleted" | "member.invited" | "member.joined" | "member.removed" | "member.role_changed" | "settings.changed" | "two_factor.enabled" | "two_factor.disabled" | "two_factor.recovery_code_used" | "passkey.added" | "passkey.removed";
                                    actor: {
                                        /** @enum {string} */
                                        kind: "user" | "key" | "system";
                                        /** @description The user's e-mail, the API key's id, or `cli`. */
                                        id: string;
                                    };
                                    ip: string | null;
                                    /** @description When the change was made (ISO 8601). */
                                    at: string;
                                    /** @description What changed: a webhook's or key's id, a node id… */
                                    target: string | null;
                                    /** @description Each changed field, before and after; never a secret's value. */
                                    changes: {
                                        [key: string]: {
                                            before?: unknown;
                                            after?: unknown;
                                        };
                                    };
                                };
                            })[];
                            /** @description Whether rows remain past this page (next offset). */
                            hasMore: boolean;
                            /** @description How far back history goes: events older than this many days are pruned (TOSTAO_RETENTION_DAYS); charges never are. */
                            retentionDays: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    createWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://shop.example.com/webhooks/tostao",
                 *       "events": [
                 *         "*"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description https URL that receives POST deliveries; must resolve to public addresses. */
                    url: string;
                    /** @description Event names, or ["*"] for all events. */
                    events: string[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: string;
                            url: string;
                            events: string[];
                            livemode: boolean;
                            createdAt: string;
                            active: boolean;
                            disabledAt: string | null;
                            disabledReason: string | null;
                            /** @description whsec_ signing secret. Shown in this response only; store it now. */
                            secret: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listWebhooks: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Rows to skip (0..10000). */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            webhooks: {
                                id: string;
                                url: string;
                                events: string[];
                                livemode: boolean;
                                createdAt: string;
                                active: boolean;
                                disabledAt: string | null;
                                disabledReason: string | null;
                            }[];
                            /** @description Whether rows remain past this page (next offset). */
                            hasMore: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    sendWebhookTest: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            webhookId: string;
                            eventId: string;
                            deliveryId: string;
                            event: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    deleteWebhook: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: string;
                            url: string;
                            events: string[];
                            livemode: boolean;
                            createdAt: string;
                            active: boolean;
                            disabledAt: string | null;
                            disabledReason: string | null;
                            /** @enum {boolean} */
                            deleted: true;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                webhook_id?: string;
                event?: string;
                status?: "pending" | "succeeded" | "failed";
                limit?: number;
                /** @description Rows to skip (0..10000). */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            deliveries: {
                                id: string;
                                webhookId: string;
                                eventId: string;
                                event: string;
                                /** @enum {string} */
                                status: "pending" | "succeeded" | "failed";
                                attempts: number;
                                nextAttemptAt: string | null;
                                lastStatusCode: number | null;
                                lastError: string | null;
                                createdAt: string;
                                completedAt: string | null;
                                attemptLog: {
                                    attemptedAt: string;
                                    statusCode: number | null;
                                    latencyMs: number;
                                    error: string | null;
                                    responseSnippet: string | null;
                                }[];
                            }[];
                            /** @description Whether rows remain past this page (next offset). */
                            hasMore: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    redeliverWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    id: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: string;
                            /** @enum {string} */
                            status: "pending";
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listNotifications: {
        parameters: {
            query?: {
                /** @description Only the mails of this charge. */
                charge_id?: string;
                /** @description Only the mails of this subscription. */
                subscription_id?: string;
                status?: "pending" | "sent" | "failed" | "not_sent";
                kind?: "bill" | "reminder_before" | "reminder_due" | "reminder_overdue" | "reminder_overdue_weekly" | "receipt" | "refund" | "subscription_request" | "subscription_debit_notice" | "subscription_debit_failed" | "subscription_canceled";
                limit?: number;
                /** @description Rows to skip (0..10000). */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            notifications: {
                                id: string;
                                /** @enum {string} */
                                kind: "bill" | "reminder_before" | "reminder_due" | "reminder_overdue" | "reminder_overdue_weekly" | "receipt" | "refund" | "subscription_request" | "subscription_debit_notice" | "subscription_debit_failed" | "subscription_canceled";
                                recipient: string;
                                /** @description Set once the mail was rendered. */
                                subject: string | null;
                                /**
                                 * @description pending (waiting or retrying), sent (the relay accepted it), failed (a 5xx reply, or retries ran out), not_sent (not to be sent: no relay, the kind off, unsubscribed, the daily cap).
                                 * @enum {string}
                                 */
                                status: "pending" | "sent" | "failed" | "not_sent";
                                attempts: number;
                                /** @description The relay's reply or why it was not sent. */
                                lastError: string | null;
                                chargeId: string | null;
                                subscriptionId: string | null;
                                /** @description When it is due, on the account's clock for its mode. */
                                scheduledFor: string;
                                createdAt: string;
                                updatedAt: string;
                                sentAt: string | null;
                            }[];
                            /** @description Whether rows remain past this page (next offset). */
                            hasMore: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getNotificationSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            kinds: {
                                bill: boolean;
                                reminder_before: boolean;
                                reminder_due: boolean;
                                reminder_overdue: boolean;
                                reminder_overdue_weekly: boolean;
                                receipt: boolean;
                                refund: boolean;
                                subscription_request: boolean;
                                subscription_debit_notice: boolean;
                                subscription_debit_failed: boolean;
                                subscription_canceled: boolean;
                            };
                            /** @enum {string} */
                            language: "pt-BR" | "en";
                            reply_to: string | null;
                            tax_id: string | null;
                            reminder_days_before: number[];
                            /** @description Whether this mode's mail can leave the service, and why not when it cannot. */
                            relay: {
                                configured: boolean;
                                explanation: string;
                            };
                        };
                    };
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    updateNotificationSettings: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Kinds of mail to turn on (true) or off (false); those not named keep theirs. */
                    kinds?: {
                        [key: string]: boolean;
                    };
                    /**
                     * @description The language payers' mail is written in: pt-BR (the default) or en.
                     * @enum {string}
                     */
                    language?: "pt-BR" | "en";
                    /** @description Where a payer's reply goes (your support address); null: no Reply-To. */
                    reply_to?: string | null;
                    /** @description The shop's CNPJ, printed on a due-date bill's PDF. */
                    tax_id?: string | null;
                    /** @description Days before a due date that a reminder goes (1..30, at most 5; default [3]). */
                    reminder_days_before?: number[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            kinds: {
                                bill: boolean;
                                reminder_before: boolean;
                                reminder_due: boolean;
                                reminder_overdue: boolean;
                                reminder_overdue_weekly: boolean;
                                receipt: boolean;
                                refund: boolean;
                                subscription_request: boolean;
                                subscription_debit_notice: boolean;
                                subscription_debit_failed: boolean;
                                subscription_canceled: boolean;
                            };
                            /** @enum {string} */
                            language: "pt-BR" | "en";
                            reply_to: string | null;
                            tax_id: string | null;
                            reminder_days_before: number[];
                            /** @description Whether this mode's mail can leave the service, and why not when it cannot. */
                            relay: {
                                configured: boolean;
                                explanation: string;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    resendBill: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The charge whose bill is sent again to its customer_email. */
                    charge_id: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: string;
                            /** @enum {string} */
                            kind: "bill" | "reminder_before" | "reminder_due" | "reminder_overdue" | "reminder_overdue_weekly" | "receipt" | "refund" | "subscription_request" | "subscription_debit_notice" | "subscription_debit_failed" | "subscription_canceled";
                            recipient: string;
                            /** @description Set once the mail was rendered. */
                            subject: string | null;
                            /**
                             * @description pending (waiting or retrying), sent (the relay accepted it), failed (a 5xx reply, or retries ran out), not_sent (not to be sent: no relay, the kind off, unsubscribed, the daily cap).
                             * @enum {string}
                             */
                            status: "pending" | "sent" | "failed" | "not_sent";
                            attempts: number;
                            /** @description The relay's reply or why it was not sent. */
                            lastError: string | null;
                            chargeId: string | null;
                            subscriptionId: string | null;
                            /** @description When it is due, on the account's clock for its mode. */
                            scheduledFor: string;
                            createdAt: string;
                            updatedAt: string;
                            sentAt: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getCryptoWallet: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /** @enum {string} */
                            network: "mainnet" | "testnet" | "signet";
                            fingerprint: string;
                            descriptor: string;
                            nextIndex: number;
                            generated: boolean;
                            livemode: boolean;
                            unpaidAddresses: number;
                            gapWarning: string | null;
                            /** @description How many times this key's addresses were handed out again: an address whose charge expired unpaid, unused on the chain, went to a later charge instead of a new index. */
                            reusedAddresses: number;
                            /** @description Addresses waiting in the pool to be handed out again. */
                            pooledAddresses: number;
                            /** @description Payments to addresses handed out again that matched no charge's amount (payment.unmatched events). */
                            unmatchedPayments: number;
                        };
                    };
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    activateCryptoWallet: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An account-level extended public key (xpub, zpub; tpub, vpub for test networks) or a wpkh(...) descriptor. */
                    key: string;
                    /**
                     * @description For tpub/vpub keys: which test network (default testnet).
                     * @enum {string}
                     */
                    network?: "testnet" | "signet";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /** @enum {string} */
                            network: "mainnet" | "testnet" | "signet";
                            fingerprint: string;
                            descriptor: string;
                            nextIndex: number;
                            generated: boolean;
                            livemode: boolean;
                            unpaidAddresses: number;
                            gapWarning: string | null;
                            /** @description How many times this key's addresses were handed out again: an address whose charge expired unpaid, unused on the chain, went to a later charge instead of a new index. */
                            reusedAddresses: number;
                            /** @description Addresses waiting in the pool to be handed out again. */
                            pooledAddresses: number;
                            /** @description Payments to addresses handed out again that matched no charge's amount (payment.unmatched events). */
                            unmatchedPayments: number;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getCryptoQuote: {
        parameters: {
            query?: {
                brl?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /** @enum {string} */
                            pair: "BTC/BRL";
                            /** @description BRL per BTC. */
                            price: number;
                            brl: number | null;
                            /** @description BTC for `brl`, 8 decimals. */
                            btc: string | null;
                            sources: {
                                name: string;
                                price: number | null;
                                ok: boolean;
                                error?: string;
                            }[];
                            updatedAt: string;
                            validUntil: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    createCryptoCharge: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Amount in BRL; with product_id it may be omitted (the product's value is used), except for a pay-what-you-want product (within its open_amount bounds). */
                    value?: number;
                    product_name?: string;
                    product_id?: string;
                    customer_name?: string;
                    customer_email?: string;
                    /** @description The payer's CPF (valid check digits; stored as 11 digits), as on PIX charges. */
                    customer_cpf?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            chargeId: string;
                            status: string;
                            statusCode: string;
                            amountBrl: number;
                            amountCrypto: string;
                            address: string;
                            copyAddress: string;
                            payUri: string;
                            qrCodeImage: string;
                            expiresAt: string;
                            /** @enum {string} */
                            provider: "crypto";
                            livemode: boolean;
                            /** @description The charge's hosted payment page (QR, address, live status) to send a payer to. */
                            paymentUrl: string;
                            /** @description The BOLT11 invoice of the same amount (also in payUri as lightning=), or null when the charge has none. */
                            lightningInvoice?: string | null;
                            /**
                             * @description Lightning on this charge: included (unified QR), lightning_only (below the on-chain dust limit), simulated (sandbox invoice, no node), not_connected, unavailable (the node did not answer: on-chain only).
                             * @enum {string}
                             */
                            lightning?: "included" | "lightning_only" | "simulated" | "not_connected" | "unavailable";
                            /** @description Why the charge is Lightning-only or on-chain only. */
                            lightningNote?: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getCryptoChargeStatus: {
        parameters: {
            query: {
                charge_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            chargeId: string;
                            status: string;
                            statusCode: string;
                            amountBrl: number;
                            amountCrypto: string;
                            address: string;
                            copyAddress: string;
                            payUri: string;
                            qrCodeImage: string;
                            expiresAt: string;
                            /** @enum {string} */
                            provider: "crypto";
                            livemode: boolean;
                            /** @description The BOLT11 invoice of the same amount (also in payUri as lightning=), or null when the charge has none. */
                            lightningInvoice?: string | null;
                            /** @description How an approved charge was paid (null while unpaid). */
                            paymentMethod?: ("lightning" | "onchain") | null;
                            amountReceived: string;
                            paidLate: boolean;
                            simulated: boolean;
                            network: string;
                            createdAt: string;
                            approvedAt: string | null;
                            updatedAt: string;
                            product_id?: string | null;
                            product_name?: string | null;
                            customer_name?: string | null;
                            customer_email?: string | null;
                            customer_cpf?: string | null;
                            /** @description Once the charge is paid (approved, or refunded after it was paid): its public receipt page, to send the payer (no sign-in; an unguessable address, not the charge id). Absent before payment. */
                            receiptUrl?: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listCryptoCharges: {
        parameters: {
            query?: {
                limit?: number;
                /** @description Rows to skip (0..10000). */
                offset?: number;
                /** @description Only charges in this status. */
                status?: "pending" | "approved" | "declined" | "canceled" | "expired" | "failed" | "refunded";
                /** @description Only charges created at or after this instant. */
                created_from?: string;
                /** @description Only charges created before this instant. */
                created_to?: string;
                /** @description Your own identifier. */
                external_id?: string;
                /** @description The customer's e-mail (any case). */
                customer_email?: string;
                /** @description Only the charges made by payments to this reusable QR code (qr_...). */
                qr_code_id?: string;
                /** @description The asOf of the first page: later pages then list the same rows however many charges are created meanwhile. */
                as_of?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            charges: {
                                chargeId: string;
                                status: string;
                                statusCode: string;
                                amountBrl: number;
                                amountCrypto: string;
                                address: string;
                                copyAddress: string;
                                payUri: string;
                                qrCodeImage: string;
                                expiresAt: string;
                                /** @enum {string} */
                                provider: "crypto";
                                livemode: boolean;
                                /** @description The BOLT11 invoice of the same amount (also in payUri as lightning=), or null when the charge has none. */
                                lightningInvoice?: string | null;
                                /** @description How an approved charge was paid (null while unpaid). */
                                paymentMethod?: ("lightning" | "onchain") | null;
                                amountReceived: string;
                                paidLate: boolean;
                                simulated: boolean;
                                network: string;
                                createdAt: string;
                                approvedAt: string | null;
                                updatedAt: string;
                                product_id?: string | null;
                                product_name?: string | null;
                                customer_name?: string | null;
                                customer_email?: string | null;
                                customer_cpf?: string | null;
                            }[];
                            /** @description Whether rows remain past this page (next offset). */
                            hasMore: boolean;
                            /** @description Pass as as_of with the next offsets to page through the same rows (null: empty). */
                            asOf: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    exportCryptoCharges: {
        parameters: {
            query?: {
                /** @description The file's format: csv (RFC 4180, UTF-8, a header row). */
                format?: "csv";
                /** @description rfc4180: commas and a decimal dot; excel-br: semicolons, a decimal comma and a UTF-8 BOM, for a spreadsheet set to Portuguese (Brazil). */
                dialect?: "rfc4180" | "excel-br";
                /** @description Only charges in this status. */
                status?: "pending" | "approved" | "declined" | "canceled" | "expired" | "failed" | "refunded";
                /** @description Only charges created at or after this instant. */
                created_from?: string;
                /** @description Only charges created before this instant. */
                created_to?: string;
                /** @description Your own identifier. */
                external_id?: string;
                /** @description The customer's e-mail (any case). */
                customer_email?: string;
                /** @description Only the charges made by payments to this reusable QR code (qr_...). */
                qr_code_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/csv; charset=utf-8; header=present": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getLightningConnection: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /** @enum {string} */
                            backend: "lnd" | "phoenixd";
                            url: string;
                            /** @enum {string} */
                            network: "mainnet" | "testnet" | "signet" | "regtest";
                            nodeId: string | null;
                            addressName: string | null;
                            hasTlsCertificate: boolean;
                            livemode: boolean;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    saveLightningConnection: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description lnd (REST API) or phoenixd (HTTP API).
                     * @enum {string}
                     */
                    backend: "lnd" | "phoenixd";
                    /** @description The node's REST/HTTP base URL (https; http only for hosts in TOSTAO_WEBHOOK_ALLOW_HOSTS). */
                    url: string;
                    /** @description lnd: a macaroon, hex; invoice.macaroon is enough (create and read invoices). */
                    macaroon?: string;
                    /** @description lnd: its tls.cert (PEM); omit when the node's certificate is publicly trusted. */
                    tls_certificate?: string;
                    /** @description phoenixd: the http-password (or http-password-limited-access) of phoenix.conf. */
                    password?: string;
                    /** @description Live only: the name of this node's Lightning address, name@<host of TOSTAO_BASE_URL> (unique on the instance); null removes it, omitted keeps it. */
                    address_name?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /** @enum {string} */
                            backend: "lnd" | "phoenixd";
                            url: string;
                            /** @enum {string} */
                            network: "mainnet" | "testnet" | "signet" | "regtest";
                            nodeId: string | null;
                            addressName: string | null;
                            hasTlsCertificate: boolean;
                            livemode: boolean;
                            createdAt: string;
                            updatedAt: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    deleteLightningConnection: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /** @enum {boolean} */
                            deleted: true;
                            /** @enum {string} */
                            backend: "lnd" | "phoenixd";
                        };
                    };
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: string;
                            display_name: string | null;
                            createdAt: string;
                        };
                    };
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    updateAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The name payers see on the payment and checkout pages */
                    display_name: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            id: string;
                            display_name: string | null;
                            createdAt: string;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    resetTestMode: {
        parameters: {
            query?: never;
            header?: {
                /** @description Up to 255 printable ASCII characters. A repeat with the same key and body answers the stored response (Idempotent-Replayed: true); with another body, 422. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Must be true: the account's test data is deleted for good
                     * @enum {boolean}
                     */
                    confirm: true;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    "Idempotent-Replayed": components["headers"]["Idempotent-Replayed"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            /** @description How many rows of each kind were deleted */
                            deleted: {
                                charges: number;
                                events: number;
                                deliveries: number;
                                subscriptions: number;
                                idempotencyKeys: number;
                            };
                            testClock: {
                                /** @description The test clock after the reset: the real time */
                                now: string;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                /** @description Only this action, e.g. sign_in.failed or key.created. */
                action?: string;
                /** @description Only this actor: a user's e-mail or a key's id. */
                actor?: string;
                /** @description Only entries at or after this instant. */
                from?: string;
                /** @description Only entries before this instant. */
                to?: string;
                limit?: number;
                /** @description Rows to skip (0..10000). */
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            entries: {
                                id: string;
                                /** @description Position in the account's chain, from 1. */
                                seq: number;
                                at: string;
                                /** @description The mode the action concerned; null: the whole account. */
                                mode: ("test" | "live") | null;
                                /** @enum {string} */
                                actorKind: "user" | "key" | "system";
                                /** @description The user's e-mail, the key's id, or the system part (cli). */
                                actor: string;
                                ip: string | null;
                                userAgent: string | null;
                                action: string;
                                /** @description What was acted on (a key, a webhook, a member). */
                                target: string | null;
                                /** @description Fields changed, before and after; never a secret. */
                                changes: {
                                    [key: string]: {
                                        before?: unknown;
                                        after?: unknown;
                                    };
                                } | null;
                                prevHash: string;
                                /** @description sha256 of the entry's fields and prevHash. */
                                hash: string;
                            }[];
                            /** @description Whether rows remain past this page (next offset). */
                            hasMore: boolean;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getPaymentStatus: {
        parameters: {
            query: {
                charge_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            chargeId: string;
                            /** @enum {string} */
                            method: "pix" | "crypto";
                            /** @enum {string} */
                            statusCode: "pending" | "approved" | "declined" | "canceled" | "expired" | "failed" | "refunded";
                            /** @enum {string} */
                            status: "Pendente" | "Aprovado" | "Recusado" | "Cancelado" | "Expirado" | "Falhou" | "Reembolsado";
                            livemode: boolean;
                            expiresAt: string;
                            approvedAt: string | null;
                            /** @description Bitcoin: BTC received so far at the charge's address (8 decimals); PIX: null. */
                            amountReceived: string | null;
                            /** @description Once paid: the product's success_url, where the page sends the payer; else null. */
                            successUrl: string | null;
                        };
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getCryptoChargeQr: {
        parameters: {
            query: {
                charge_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "image/png": string;
                };
            };
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    callIntegrationTool: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    tool: string;
                    arguments?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["Unprocessable"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    listIntegrationTools: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        data: {
                            tools: string[];
                        };
                    };
                };
            };
            401: components["responses"]["Unauthenticated"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getIntegrationManifest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    getIntegrationGuide: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/markdown": string;
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    getOpenApiDocument: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    callMcp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            401: components["responses"]["Unauthenticated"];
            403: components["responses"]["Forbidden"];
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
            503: components["responses"]["Unavailable"];
        };
    };
    getApiReference: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    RateLimit: components["headers"]["RateLimit"];
                    "RateLimit-Policy": components["headers"]["RateLimit-Policy"];
                    "X-Request-Id": components["headers"]["X-Request-Id"];
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            401: components["responses"]["Unauthenticated"];
            /** @description Metrics are off (the default). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            429: components["responses"]["RateLimited"];
            500: components["responses"]["Internal"];
        };
    };
    onChargeCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description `sha256=` and the lowercase hex HMAC-SHA256 of the raw body, keyed with the whole `whsec_` secret as UTF-8. */
                "X-Service-Signature": string;
                /** @description The event's id (the body's `id`). */
                "X-Service-Event-Id": string;
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Standard Webhooks: the event's id. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds of this attempt (reject if far from now). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-decoded part of the secret after `whsec_`. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event's id: the same on every retry, so discard repeats by it. */
                    id: string;
                    /** @constant */
                    event: "charge.created";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        chargeId: string;
                        order_id: string;
                        /** @enum {string} */
                        status: "Pendente" | "Aprovado" | "Recusado" | "Cancelado" | "Expirado" | "Falhou" | "Reembolsado";
                        /** @enum {string} */
                        statusCode: "pending" | "approved" | "declined" | "canceled" | "expired" | "failed" | "refunded";
                        livemode: boolean;
                        value: number;
                        title: string | null;
                        product_id: string | null;
                        external_id: string | null;
                        customer_name: string | null;
                        customer_email: string | null;
                        customer_cpf: string | null;
                        customer_phone: string | null;
                        provider: string;
                        createdAt: string;
                        approvedAt: string | null;
                        /** @description Live PIX only, when the payer paid less than the value (the cob is concluded, underpaid): the amount received in BRL. The charge stays pending until it expires; refund or keep the money at your PSP. */
                        amountReceived?: number;
                        /** @description The debtor's CNPJ, when the debtor is a company. */
                        customer_cnpj?: string;
                        /** @description Charges with a due date: the due date (YYYY-MM-DD). */
                        dueDate?: string;
                        /** @description The last day it can be paid: the due date moved to a business day, plus days_after_due. */
                        lastPayableDate?: string;
                        /** @description While pending: the amount due today in Brazil (discount, fine and interest applied), in BRL; once paid, what was paid; else null. */
                        amountDue?: number | null;
                        /** @description Pending and past its due date. */
                        overdue?: boolean;
                        /** @description What the payer paid, in BRL (the amount due that day). */
                        amountPaid?: number;
                        /** @description The terms as created (the create body's fields and units). */
                        dueTerms?: {
                            due_date: string;
                            days_after_due: number;
                            fine?: {
                                mode: string;
                                value: number;
                            };
                            interest?: {
                                mode: string;
                                value: number;
                            };
                            abatement?: {
                                mode: string;
                                value: number;
                            };
                            discounts?: {
                                mode: string;
                                value?: number;
                                tiers?: {
                                    date: string;
                                    value: number;
                                }[];
                            };
                        };
                        /** @description Once a refund was asked: what is refunded or being refunded, in BRL (refused refunds do not count). */
                        amountRefunded?: number;
                        /** @description Once a refund was asked: the charge's refunds, oldest first. */
                        refunds?: {
                            /** @description The refund's id (rfd_...). */
                            id: string;
                            /** @description Amount refunded, in BRL. */
                            value: number;
                            reason: string | null;
                            /**
                             * @description in_progress: the PSP has not said yet (live); done; refused: the PSP did not make it.
                             * @enum {string}
                             */
                            status: "in_progress" | "done" | "refused";
                            createdAt: string;
                            /** @description When the PSP reported it done. */
                            doneAt?: string;
                            /** @description Why the PSP refused it (its motivo). */
                            refusal?: string;
                        }[];
                        /** @description The subscription this charge belongs to (a period's charge, docs/subscriptions.md). */
                        subscriptionId?: string;
                        /** @description A subscription period's charge: which period it is and its date. */
                        subscriptionPeriod?: {
                            /** @description Which period: 1 is the subscription's first (absent on a charge sent by an earlier release). */
                            number?: number;
                            /** @description The period's date (YYYY-MM-DD, Brazil), when the payer's bank debits it. */
                            dueDate: string;
                        };
                        /** @description Why a subscription period's debit was declined (after the retries its policy allows). */
                        declineReason?: string;
                        /** @description A payment to a reusable QR code (docs/counter.md): the code (qr_...) whose payment made this charge. */
                        qrCodeId?: string;
                        /** @description A live payment to a reusable QR code (docs/counter.md): the end-to-end id of the Pix that made this charge. Absent on other charges. */
                        endToEndId?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): the delivery succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the service disables this webhook and stops sending. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onChargePending: {
        parameters: {
            query?: never;
            header: {
                /** @description `sha256=` and the lowercase hex HMAC-SHA256 of the raw body, keyed with the whole `whsec_` secret as UTF-8. */
                "X-Service-Signature": string;
                /** @description The event's id (the body's `id`). */
                "X-Service-Event-Id": string;
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Standard Webhooks: the event's id. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds of this attempt (reject if far from now). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-decoded part of the secret after `whsec_`. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event's id: the same on every retry, so discard repeats by it. */
                    id: string;
                    /** @constant */
                    event: "charge.pending";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        chargeId: string;
                        order_id: string;
                        /** @enum {string} */
                        status: "Pendente" | "Aprovado" | "Recusado" | "Cancelado" | "Expirado" | "Falhou" | "Reembolsado";
                        /** @enum {string} */
                        statusCode: "pending" | "approved" | "declined" | "canceled" | "expired" | "failed" | "refunded";
                        livemode: boolean;
                        value: number;
                        title: string | null;
                        product_id: string | null;
                        external_id: string | null;
                        customer_name: string | null;
                        customer_email: string | null;
                        customer_cpf: string | null;
                        customer_phone: string | null;
                        provider: string;
                        createdAt: string;
                        approvedAt: string | null;
                        /** @description Live PIX only, when the payer paid less than the value (the cob is concluded, underpaid): the amount received in BRL. The charge stays pending until it expires; refund or keep the money at your PSP. */
                        amountReceived?: number;
                        /** @description The debtor's CNPJ, when the debtor is a company. */
                        customer_cnpj?: string;
                        /** @description Charges with a due date: the due date (YYYY-MM-DD). */
                        dueDate?: string;
                        /** @description The last day it can be paid: the due date moved to a business day, plus days_after_due. */
                        lastPayableDate?: string;
                        /** @description While pending: the amount due today in Brazil (discount, fine and interest applied), in BRL; once paid, what was paid; else null. */
                        amountDue?: number | null;
                        /** @description Pending and past its due date. */
                        overdue?: boolean;
                        /** @description What the payer paid, in BRL (the amount due that day). */
                        amountPaid?: number;
                        /** @description The terms as created (the create body's fields and units). */
                        dueTerms?: {
                            due_date: string;
                            days_after_due: number;
                            fine?: {
                                mode: string;
                                value: number;
                            };
                            interest?: {
                                mode: string;
                                value: number;
                            };
                            abatement?: {
                                mode: string;
                                value: number;
                            };
                            discounts?: {
                                mode: string;
                                value?: number;
                                tiers?: {
                                    date: string;
                                    value: number;
                                }[];
                            };
                        };
                        /** @description Once a refund was asked: what is refunded or being refunded, in BRL (refused refunds do not count). */
                        amountRefunded?: number;
                        /** @description Once a refund was asked: the charge's refunds, oldest first. */
                        refunds?: {
                            /** @description The refund's id (rfd_...). */
                            id: string;
                            /** @description Amount refunded, in BRL. */
                            value: number;
                            reason: string | null;
                            /**
                             * @description in_progress: the PSP has not said yet (live); done; refused: the PSP did not make it.
                             * @enum {string}
                             */
                            status: "in_progress" | "done" | "refused";
                            createdAt: string;
                            /** @description When the PSP reported it done. */
                            doneAt?: string;
                            /** @description Why the PSP refused it (its motivo). */
                            refusal?: string;
                        }[];
                        /** @description The subscription this charge belongs to (a period's charge, docs/subscriptions.md). */
                        subscriptionId?: string;
                        /** @description A subscription period's charge: which period it is and its date. */
                        subscriptionPeriod?: {
                            /** @description Which period: 1 is the subscription's first (absent on a charge sent by an earlier release). */
                            number?: number;
                            /** @description The period's date (YYYY-MM-DD, Brazil), when the payer's bank debits it. */
                            dueDate: string;
                        };
                        /** @description Why a subscription period's debit was declined (after the retries its policy allows). */
                        declineReason?: string;
                        /** @description A payment to a reusable QR code (docs/counter.md): the code (qr_...) whose payment made this charge. */
                        qrCodeId?: string;
                        /** @description A live payment to a reusable QR code (docs/counter.md): the end-to-end id of the Pix that made this charge. Absent on other charges. */
                        endToEndId?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): the delivery succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the service disables this webhook and stops sending. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onChargeApproved: {
        parameters: {
            query?: never;
            header: {
                /** @description `sha256=` and the lowercase hex HMAC-SHA256 of the raw body, keyed with the whole `whsec_` secret as UTF-8. */
                "X-Service-Signature": string;
                /** @description The event's id (the body's `id`). */
                "X-Service-Event-Id": string;
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Standard Webhooks: the event's id. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds of this attempt (reject if far from now). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-decoded part of the secret after `whsec_`. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event's id: the same on every retry, so discard repeats by it. */
                    id: string;
                    /** @constant */
                    event: "charge.approved";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        chargeId: string;
                        order_id: string;
                        /** @enum {string} */
                        status: "Pendente" | "Aprovado" | "Recusado" | "Cancelado" | "Expirado" | "Falhou" | "Reembolsado";
                        /** @enum {string} */
                        statusCode: "pending" | "approved" | "declined" | "canceled" | "expired" | "failed" | "refunded";
                        livemode: boolean;
                        value: number;
                        title: string | null;
                        product_id: string | null;
                        external_id: string | null;
                        customer_name: string | null;
                        customer_email: string | null;
                        customer_cpf: string | null;
                        customer_phone: string | null;
                        provider: string;
                        createdAt: string;
                        approvedAt: string | null;
                        /** @description Live PIX only, when the payer paid less than the value (the cob is concluded, underpaid): the amount received in BRL. The charge stays pending until it expires; refund or keep the money at your PSP. */
                        amountReceived?: number;
                        /** @description The debtor's CNPJ, when the debtor is a company. */
                        customer_cnpj?: string;
                        /** @description Charges with a due date: the due date (YYYY-MM-DD). */
                        dueDate?: string;
                        /** @description The last day it can be paid: the due date moved to a business day, plus days_after_due. */
                        lastPayableDate?: string;
                        /** @description While pending: the amount due today in Brazil (discount, fine and interest applied), in BRL; once paid, what was paid; else null. */
                        amountDue?: number | null;
                        /** @description Pending and past its due date. */
                        overdue?: boolean;
                        /** @description What the payer paid, in BRL (the amount due that day). */
                        amountPaid?: number;
                        /** @description The terms as created (the create body's fields and units). */
                        dueTerms?: {
                            due_date: string;
                            days_after_due: number;
                            fine?: {
                                mode: string;
                                value: number;
                            };
                            interest?: {
                                mode: string;
                                value: number;
                            };
                            abatement?: {
                                mode: string;
                                value: number;
                            };
                            discounts?: {
                                mode: string;
                                value?: number;
                                tiers?: {
                                    date: string;
                                    value: number;
                                }[];
                            };
                        };
                        /** @description Once a refund was asked: what is refunded or being refunded, in BRL (refused refunds do not count). */
                        amountRefunded?: number;
                        /** @description Once a refund was asked: the charge's refunds, oldest first. */
                        refunds?: {
                            /** @description The refund's id (rfd_...). */
                            id: string;
                            /** @description Amount refunded, in BRL. */
                            value: number;
                            reason: string | null;
                            /**
                             * @description in_progress: the PSP has not said yet (live); done; refused: the PSP did not make it.
                             * @enum {string}
                             */
                            status: "in_progress" | "done" | "refused";
                            createdAt: string;
                            /** @description When the PSP reported it done. */
                            doneAt?: string;
                            /** @description Why the PSP refused it (its motivo). */
                            refusal?: string;
                        }[];
                        /** @description The subscription this charge belongs to (a period's charge, docs/subscriptions.md). */
                        subscriptionId?: string;
                        /** @description A subscription period's charge: which period it is and its date. */
                        subscriptionPeriod?: {
                            /** @description Which period: 1 is the subscription's first (absent on a charge sent by an earlier release). */
                            number?: number;
                            /** @description The period's date (YYYY-MM-DD, Brazil), when the payer's bank debits it. */
                            dueDate: string;
                        };
                        /** @description Why a subscription period's debit was declined (after the retries its policy allows). */
                        declineReason?: string;
                        /** @description A payment to a reusable QR code (docs/counter.md): the code (qr_...) whose payment made this charge. */
                        qrCodeId?: string;
                        /** @description A live payment to a reusable QR code (docs/counter.md): the end-to-end id of the Pix that made this charge. Absent on other charges. */
                        endToEndId?: string;
                        /**
                         * @description Bitcoin charges: paid over Lightning (the invoice) or on-chain (the address).
                         * @enum {string}
                         */
                        paymentMethod?: "lightning" | "onchain";
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): the delivery succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the service disables this webhook and stops sending. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onChargeDeclined: {
        parameters: {
            query?: never;
            header: {
                /** @description `sha256=` and the lowercase hex HMAC-SHA256 of the raw body, keyed with the whole `whsec_` secret as UTF-8. */
                "X-Service-Signature": string;
                /** @description The event's id (the body's `id`). */
                "X-Service-Event-Id": string;
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Standard Webhooks: the event's id. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds of this attempt (reject if far from now). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-decoded part of the secret after `whsec_`. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event's id: the same on every retry, so discard repeats by it. */
                    id: string;
                    /** @constant */
                    event: "charge.declined";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        chargeId: string;
                        order_id: string;
                        /** @enum {string} */
                        status: "Pendente" | "Aprovado" | "Recusado" | "Cancelado" | "Expirado" | "Falhou" | "Reembolsado";
                        /** @enum {string} */
                        statusCode: "pending" | "approved" | "declined" | "canceled" | "expired" | "failed" | "refunded";
                        livemode: boolean;
                        value: number;
                        title: string | null;
                        product_id: string | null;
                        external_id: string | null;
                        customer_name: string | null;
                        customer_email: string | null;
                        customer_cpf: string | null;
                        customer_phone: string | null;
                        provider: string;
                        createdAt: string;
                        approvedAt: string | null;
                        /** @description Live PIX only, when the payer paid less than the value (the cob is concluded, underpaid): the amount received in BRL. The charge stays pending until it expires; refund or keep the money at your PSP. */
                        amountReceived?: number;
                        /** @description The debtor's CNPJ, when the debtor is a company. */
                        customer_cnpj?: string;
                        /** @description Charges with a due date: the due date (YYYY-MM-DD). */
                        dueDate?: string;
                        /** @description The last day it can be paid: the due date moved to a business day, plus days_after_due. */
                        lastPayableDate?: string;
                        /** @description While pending: the amount due today in Brazil (discount, fine and interest applied), in BRL; once paid, what was paid; else null. */
                        amountDue?: number | null;
                        /** @description Pending and past its due date. */
                        overdue?: boolean;
                        /** @description What the payer paid, in BRL (the amount due that day). */
                        amountPaid?: number;
                        /** @description The terms as created (the create body's fields and units). */
                        dueTerms?: {
                            due_date: string;
                            days_after_due: number;
                            fine?: {
                                mode: string;
                                value: number;
                            };
                            interest?: {
                                mode: string;
                                value: number;
                            };
                            abatement?: {
                                mode: string;
                                value: number;
                            };
                            discounts?: {
                                mode: string;
                                value?: number;
                                tiers?: {
                                    date: string;
                                    value: number;
                                }[];
                            };
                        };
                        /** @description Once a refund was asked: what is refunded or being refunded, in BRL (refused refunds do not count). */
                        amountRefunded?: number;
                        /** @description Once a refund was asked: the charge's refunds, oldest first. */
                        refunds?: {
                            /** @description The refund's id (rfd_...). */
                            id: string;
                            /** @description Amount refunded, in BRL. */
                            value: number;
                            reason: string | null;
                            /**
                             * @description in_progress: the PSP has not said yet (live); done; refused: the PSP did not make it.
                             * @enum {string}
                             */
                            status: "in_progress" | "done" | "refused";
                            createdAt: string;
                            /** @description When the PSP reported it done. */
                            doneAt?: string;
                            /** @description Why the PSP refused it (its motivo). */
                            refusal?: string;
                        }[];
                        /** @description The subscription this charge belongs to (a period's charge, docs/subscriptions.md). */
                        subscriptionId?: string;
                        /** @description A subscription period's charge: which period it is and its date. */
                        subscriptionPeriod?: {
                            /** @description Which period: 1 is the subscription's first (absent on a charge sent by an earlier release). */
                            number?: number;
                            /** @description The period's date (YYYY-MM-DD, Brazil), when the payer's bank debits it. */
                            dueDate: string;
                        };
                        /** @description Why a subscription period's debit was declined (after the retries its policy allows). */
                        declineReason?: string;
                        /** @description A payment to a reusable QR code (docs/counter.md): the code (qr_...) whose payment made this charge. */
                        qrCodeId?: string;
                        /** @description A live payment to a reusable QR code (docs/counter.md): the end-to-end id of the Pix that made this charge. Absent on other charges. */
                        endToEndId?: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): the delivery succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the service disables this webhook and stops sending. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onChargeRefund: {
        parameters: {
            query?: never;
            header: {
                /** @description `sha256=` and the lowercase hex HMAC-SHA256 of the raw body, keyed with the whole `whsec_` secret as UTF-8. */
                "X-Service-Signature": string;
                /** @description The event's id (the body's `id`). */
                "X-Service-Event-Id": string;
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Standard Webhooks: the event's id. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds of this attempt (reject if far from now). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-decoded part of the secret after `whsec_`. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event's id: the same on every retry, so discard repeats by it. */
                    id: string;
                    /** @constant */
                    event: "charge.refund";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        chargeId: string;
                        order_id: string;
                        /** @enum {string} */
                        status: "Pendente" | "Aprovado" | "Recusado" | "Cancelado" | "Expirado" | "Falhou" | "Reembolsado";
                        /** @enum {string} */
                        statusCode: "pending" | "approved" | "declined" | "canceled" | "expired" | "failed" | "refunded";
                        livemode: boolean;
                        value: number;
                        title: string | null;
                        product_id: string | null;
                        external_id: string | null;
                        customer_name: string | null;
                        customer_email: string | null;
                        customer_cpf: string | null;
                        customer_phone: string | null;
                        provider: string;
                        createdAt: string;
                        approvedAt: string | null;
                        /** @description Live PIX only, when the payer paid less than the value (the cob is concluded, underpaid): the amount received in BRL. The charge stays pending until it expires; refund or keep the money at your PSP. */
                        amountReceived?: number;
                        /** @description The debtor's CNPJ, when the debtor is a company. */
                        customer_cnpj?: string;
                        /** @description Charges with a due date: the due date (YYYY-MM-DD). */
                        dueDate?: string;
                        /** @description The last day it can be paid: the due date moved to a business day, plus days_after_due. */
                        lastPayableDate?: string;
                        /** @description While pending: the amount due today in Brazil (discount, fine and interest applied), in BRL; once paid, what was paid; else null. */
                        amountDue?: number | null;
                        /** @description Pending and past its due date. */
                        overdue?: boolean;
                        /** @description What the payer paid, in BRL (the amount due that day). */
                        amountPaid?: number;
                        /** @description The terms as created (the create body's fields and units). */
                        dueTerms?: {
                            due_date: string;
                            days_after_due: number;
                            fine?: {
                                mode: string;
                                value: number;
                            };
                            interest?: {
                                mode: string;
                                value: number;
                            };
                            abatement?: {
                                mode: string;
                                value: number;
                            };
                            discounts?: {
                                mode: string;
                                value?: number;
                                tiers?: {
                                    date: string;
                                    value: number;
                                }[];
                            };
                        };
                        /** @description Once a refund was asked: what is refunded or being refunded, in BRL (refused refunds do not count). */
                        amountRefunded?: number;
                        /** @description Once a refund was asked: the charge's refunds, oldest first. */
                        refunds?: {
                            /** @description The refund's id (rfd_...). */
                            id: string;
                            /** @description Amount refunded, in BRL. */
                            value: number;
                            reason: string | null;
                            /**
                             * @description in_progress: the PSP has not said yet (live); done; refused: the PSP did not make it.
                             * @enum {string}
                             */
                            status: "in_progress" | "done" | "refused";
                            createdAt: string;
                            /** @description When the PSP reported it done. */
                            doneAt?: string;
                            /** @description Why the PSP refused it (its motivo). */
                            refusal?: string;
                        }[];
                        /** @description The subscription this charge belongs to (a period's charge, docs/subscriptions.md). */
                        subscriptionId?: string;
                        /** @description A subscription period's charge: which period it is and its date. */
                        subscriptionPeriod?: {
                            /** @description Which period: 1 is the subscription's first (absent on a charge sent by an earlier release). */
                            number?: number;
                            /** @description The period's date (YYYY-MM-DD, Brazil), when the payer's bank debits it. */
                            dueDate: string;
                        };
                        /** @description Why a subscription period's debit was declined (after the retries its policy allows). */
                        declineReason?: string;
                        /** @description A payment to a reusable QR code (docs/counter.md): the code (qr_...) whose payment made this charge. */
                        qrCodeId?: string;
                        /** @description A live payment to a reusable QR code (docs/counter.md): the end-to-end id of the Pix that made this charge. Absent on other charges. */
                        endToEndId?: string;
                        /** @description The refund this event is about (each refund, partial or whole, fires its own charge.refund). */
                        refund?: {
                            /** @description The refund's id (rfd_...). */
                            id: string;
                            /** @description Amount refunded, in BRL. */
                            value: number;
                            reason: string | null;
                            /**
                             * @description in_progress: the PSP has not said yet (live); done; refused: the PSP did not make it.
                             * @enum {string}
                             */
                            status: "in_progress" | "done" | "refused";
                            createdAt: string;
                            /** @description When the PSP reported it done. */
                            doneAt?: string;
                            /** @description Why the PSP refused it (its motivo). */
                            refusal?: string;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): the delivery succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the service disables this webhook and stops sending. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onChargeUpdated: {
        parameters: {
            query?: never;
            header: {
                /** @description `sha256=` and the lowercase hex HMAC-SHA256 of the raw body, keyed with the whole `whsec_` secret as UTF-8. */
                "X-Service-Signature": string;
                /** @description The event's id (the body's `id`). */
                "X-Service-Event-Id": string;
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Standard Webhooks: the event's id. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds of this attempt (reject if far from now). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-decoded part of the secret after `whsec_`. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event's id: the same on every retry, so discard repeats by it. */
                    id: string;
                    /** @constant */
                    event: "charge.updated";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        chargeId: string;
                        order_id: string;
                        /** @enum {string} */
                        status: "Pendente" | "Aprovado" | "Recusado" | "Cancelado" | "Expirado" | "Falhou" | "Reembolsado";
                        /** @enum {string} */
                        statusCode: "pending" | "approved" | "declined" | "canceled" | "expired" | "failed" | "refunded";
                        livemode: boolean;
                        value: number;
                        title: string | null;
                        product_id: string | null;
                        external_id: string | null;
                        customer_name: string | null;
                        customer_email: string | null;
                        customer_cpf: string | null;
                        customer_phone: string | null;
                        provider: string;
                        createdAt: string;
                        approvedAt: string | null;
                        /** @description Live PIX only, when the payer paid less than the value (the cob is concluded, underpaid): the amount received in BRL. The charge stays pending until it expires; refund or keep the money at your PSP. */
                        amountReceived?: number;
                        /** @description The debtor's CNPJ, when the debtor is a company. */
                        customer_cnpj?: string;
                        /** @description Charges with a due date: the due date (YYYY-MM-DD). */
                        dueDate?: string;
                        /** @description The last day it can be paid: the due date moved to a business day, plus days_after_due. */
                        lastPayableDate?: string;
                        /** @description While pending: the amount due today in Brazil (discount, fine and interest applied), in BRL; once paid, what was paid; else null. */
                        amountDue?: number | null;
                        /** @description Pending and past its due date. */
                        overdue?: boolean;
                        /** @description What the payer paid, in BRL (the amount due that day). */
                        amountPaid?: number;
                        /** @description The terms as created (the create body's fields and units). */
                        dueTerms?: {
                            due_date: string;
                            days_after_due: number;
                            fine?: {
                                mode: string;
                                value: number;
                            };
                            interest?: {
                                mode: string;
                                value: number;
                            };
                            abatement?: {
                                mode: string;
                                value: number;
                            };
                            discounts?: {
                                mode: string;
                                value?: number;
                                tiers?: {
                                    date: string;
                                    value: number;
                                }[];
                            };
                        };
                        /** @description Once a refund was asked: what is refunded or being refunded, in BRL (refused refunds do not count). */
                        amountRefunded?: number;
                        /** @description Once a refund was asked: the charge's refunds, oldest first. */
                        refunds?: {
                            /** @description The refund's id (rfd_...). */
                            id: string;
                            /** @description Amount refunded, in BRL. */
                            value: number;
                            reason: string | null;
                            /**
                             * @description in_progress: the PSP has not said yet (live); done; refused: the PSP did not make it.
                             * @enum {string}
                             */
                            status: "in_progress" | "done" | "refused";
                            createdAt: string;
                            /** @description When the PSP reported it done. */
                            doneAt?: string;
                            /** @description Why the PSP refused it (its motivo). */
                            refusal?: string;
                        }[];
                        /** @description The subscription this charge belongs to (a period's charge, docs/subscriptions.md). */
                        subscriptionId?: string;
                        /** @description A subscription period's charge: which period it is and its date. */
                        subscriptionPeriod?: {
                            /** @description Which period: 1 is the subscription's first (absent on a charge sent by an earlier release). */
                            number?: number;
                            /** @description The period's date (YYYY-MM-DD, Brazil), when the payer's bank debits it. */
                            dueDate: string;
                        };
                        /** @description Why a subscription period's debit was declined (after the retries its policy allows). */
                        declineReason?: string;
                        /** @description A payment to a reusable QR code (docs/counter.md): the code (qr_...) whose payment made this charge. */
                        qrCodeId?: string;
                        /** @description A live payment to a reusable QR code (docs/counter.md): the end-to-end id of the Pix that made this charge. Absent on other charges. */
                        endToEndId?: string;
                        /** @description Present when the update is a refund the PSP did not make. */
                        refund?: {
                            /** @constant */
                            status: "failed";
                            reason: string;
                            /** @description The refund's id (rfd_...). */
                            id?: string;
                            /** @description The refund's amount, in BRL. */
                            value?: number;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): the delivery succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the service disables this webhook and stops sending. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onChargeDisputed: {
        parameters: {
            query?: never;
            header: {
                /** @description `sha256=` and the lowercase hex HMAC-SHA256 of the raw body, keyed with the whole `whsec_` secret as UTF-8. */
                "X-Service-Signature": string;
                /** @description The event's id (the body's `id`). */
                "X-Service-Event-Id": string;
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Standard Webhooks: the event's id. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds of this attempt (reject if far from now). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-decoded part of the secret after `whsec_`. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event's id: the same on every retry, so discard repeats by it. */
                    id: string;
                    /** @constant */
                    event: "charge.disputed";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        chargeId: string;
                        order_id: string;
                        /** @enum {string} */
                        status: "Pendente" | "Aprovado" | "Recusado" | "Cancelado" | "Expirado" | "Falhou" | "Reembolsado";
                        /** @enum {string} */
                        statusCode: "pending" | "approved" | "declined" | "canceled" | "expired" | "failed" | "refunded";
                        livemode: boolean;
                        value: number;
                        title: string | null;
                        product_id: string | null;
                        external_id: string | null;
                        customer_name: string | null;
                        customer_email: string | null;
                        customer_cpf: string | null;
                        customer_phone: string | null;
                        provider: string;
                        createdAt: string;
                        approvedAt: string | null;
                        /** @description Live PIX only, when the payer paid less than the value (the cob is concluded, underpaid): the amount received in BRL. The charge stays pending until it expires; refund or keep the money at your PSP. */
                        amountReceived?: number;
                        /** @description The debtor's CNPJ, when the debtor is a company. */
                        customer_cnpj?: string;
                        /** @description Charges with a due date: the due date (YYYY-MM-DD). */
                        dueDate?: string;
                        /** @description The last day it can be paid: the due date moved to a business day, plus days_after_due. */
                        lastPayableDate?: string;
                        /** @description While pending: the amount due today in Brazil (discount, fine and interest applied), in BRL; once paid, what was paid; else null. */
                        amountDue?: number | null;
                        /** @description Pending and past its due date. */
                        overdue?: boolean;
                        /** @description What the payer paid, in BRL (the amount due that day). */
                        amountPaid?: number;
                        /** @description The terms as created (the create body's fields and units). */
                        dueTerms?: {
                            due_date: string;
                            days_after_due: number;
                            fine?: {
                                mode: string;
                                value: number;
                            };
                            interest?: {
                                mode: string;
                                value: number;
                            };
                            abatement?: {
                                mode: string;
                                value: number;
                            };
                            discounts?: {
                                mode: string;
                                value?: number;
                                tiers?: {
                                    date: string;
                                    value: number;
                                }[];
                            };
                        };
                        /** @description Once a refund was asked: what is refunded or being refunded, in BRL (refused refunds do not count). */
                        amountRefunded?: number;
                        /** @description Once a refund was asked: the charge's refunds, oldest first. */
                        refunds?: {
                            /** @description The refund's id (rfd_...). */
                            id: string;
                            /** @description Amount refunded, in BRL. */
                            value: number;
                            reason: string | null;
                            /**
                             * @description in_progress: the PSP has not said yet (live); done; refused: the PSP did not make it.
                             * @enum {string}
                             */
                            status: "in_progress" | "done" | "refused";
                            createdAt: string;
                            /** @description When the PSP reported it done. */
                            doneAt?: string;
                            /** @description Why the PSP refused it (its motivo). */
                            refusal?: string;
                        }[];
                        /** @description The subscription this charge belongs to (a period's charge, docs/subscriptions.md). */
                        subscriptionId?: string;
                        /** @description A subscription period's charge: which period it is and its date. */
                        subscriptionPeriod?: {
                            /** @description Which period: 1 is the subscription's first (absent on a charge sent by an earlier release). */
                            number?: number;
                            /** @description The period's date (YYYY-MM-DD, Brazil), when the payer's bank debits it. */
                            dueDate: string;
                        };
                        /** @description Why a subscription period's debit was declined (after the retries its policy allows). */
                        declineReason?: string;
                        /** @description A payment to a reusable QR code (docs/counter.md): the code (qr_...) whose payment made this charge. */
                        qrCodeId?: string;
                        /** @description A live payment to a reusable QR code (docs/counter.md): the end-to-end id of the Pix that made this charge. Absent on other charges. */
                        endToEndId?: string;
                        dispute: {
                            /** @description The devolução's id at the PSP. */
                            id: string;
                            /** @description The payment it claws back. */
                            endToEndId: string;
                            /** @description MED_OPERACIONAL (an operational failure) or MED_FRAUDE (suspected fraud). */
                            nature: string;
                            /** @description The devolução's status: EM_PROCESSAMENTO, DEVOLVIDO or NAO_REALIZADO. */
                            status: string;
                            /** @description The amount clawed back, in BRL. */
                            value: number;
                            /** @description The PSP's words (motivo), when it gives them. */
                            reason: string | null;
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): the delivery succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the service disables this webhook and stops sending. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onPaymentUnmatched: {
        parameters: {
            query?: never;
            header: {
                /** @description `sha256=` and the lowercase hex HMAC-SHA256 of the raw body, keyed with the whole `whsec_` secret as UTF-8. */
                "X-Service-Signature": string;
                /** @description The event's id (the body's `id`). */
                "X-Service-Event-Id": string;
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Standard Webhooks: the event's id. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds of this attempt (reject if far from now). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-decoded part of the secret after `whsec_`. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event's id: the same on every retry, so discard repeats by it. */
                    id: string;
                    /** @constant */
                    event: "payment.unmatched";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        /** @constant */
                        kind: "pix";
                        /** @description The unmatched payment's id (upm_...). */
                        id: string;
                        endToEndId: string;
                        /** @description The cob's txid the payer paid: one no charge holds, or chargeId's. */
                        txid: string | null;
                        /** @description A second payment to a charge already paid (its txid): that charge. Absent or null when no charge holds the txid. */
                        chargeId?: string | null;
                        /** @description Amount received, in BRL. */
                        value: number;
                        paidAt: string | null;
                        /** @enum {string} */
                        source: "notification" | "reconciliation" | "sweep";
                        /** @constant */
                        livemode: true;
                    } | {
                        /** @constant */
                        kind: "bitcoin";
                        address: string;
                        txid: string;
                        amountSats: number;
                        amountCrypto: string;
                        /** @enum {string} */
                        network: "mainnet" | "testnet" | "signet";
                        /** @description The charges that have held the address, oldest first. */
                        chargeIds: string[];
                        livemode: boolean;
                        seenAt: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): the delivery succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the service disables this webhook and stops sending. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onWebhookTest: {
        parameters: {
            query?: never;
            header: {
                /** @description `sha256=` and the lowercase hex HMAC-SHA256 of the raw body, keyed with the whole `whsec_` secret as UTF-8. */
                "X-Service-Signature": string;
                /** @description The event's id (the body's `id`). */
                "X-Service-Event-Id": string;
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Standard Webhooks: the event's id. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds of this attempt (reject if far from now). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-decoded part of the secret after `whsec_`. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event's id: the same on every retry, so discard repeats by it. */
                    id: string;
                    /** @constant */
                    event: "webhook.test";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        message: string;
                        webhookId: string;
                        livemode: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): the delivery succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the service disables this webhook and stops sending. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSubscriptionCreated: {
        parameters: {
            query?: never;
            header: {
                /** @description `sha256=` and the lowercase hex HMAC-SHA256 of the raw body, keyed with the whole `whsec_` secret as UTF-8. */
                "X-Service-Signature": string;
                /** @description The event's id (the body's `id`). */
                "X-Service-Event-Id": string;
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Standard Webhooks: the event's id. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds of this attempt (reject if far from now). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-decoded part of the secret after `whsec_`. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event's id: the same on every retry, so discard repeats by it. */
                    id: string;
                    /** @constant */
                    event: "subscription.created";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        subscriptionId: string;
                        /**
                         * @description The status in Portuguese, as shown to people.
                         * @enum {string}
                         */
                        status: "Aguardando autorização" | "Ativa" | "Recusada" | "Expirada" | "Cancelada";
                        /** @enum {string} */
                        statusCode: "created" | "approved" | "rejected" | "expired" | "canceled";
                        livemode: boolean;
                        title: string;
                        external_id: string | null;
                        customer_name: string | null;
                        customer_cpf: string | null;
                        customer_cnpj: string | null;
                        /** @description The payer's e-mail, if given. */
                        customer_email: string | null;
                        /** @enum {string} */
                        periodicity: "weekly" | "monthly" | "quarterly" | "semiannual" | "yearly";
                        startDate: string;
                        endDate: string | null;
                        /** @description The fixed amount per period (BRL), or null (variable). */
                        value: number | null;
                        /** @description A variable subscription's most per period (BRL). */
                        maxValue: number | null;
                        firstPaymentValue: number | null;
                        /** @description The journey's immediate charge, if any. */
                        firstChargeId: string | null;
                        /** @enum {string} */
                        retryPolicy: "none" | "up_to_3_in_7_days";
                        provider: string;
                        /** @description The recorrência's id (idRec). */
                        recId: string;
                        /** @description The date of the next period to be charged (null: none left, or not active). */
                        nextChargeDate: string | null;
                        /** @description A variable subscription's amount set for its next period. */
                        nextAmount: number | null;
                        /** @description Who canceled: merchant (the API, the dashboard) or payer (in their bank). */
                        canceledBy: string | null;
                        createdAt: string;
                        approvedAt: string | null;
                        canceledAt: string | null;
                        /** @description The authorisation's deadline while created. */
                        expiresAt: string;
                        updatedAt: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): the delivery succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the service disables this webhook and stops sending. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSubscriptionApproved: {
        parameters: {
            query?: never;
            header: {
                /** @description `sha256=` and the lowercase hex HMAC-SHA256 of the raw body, keyed with the whole `whsec_` secret as UTF-8. */
                "X-Service-Signature": string;
                /** @description The event's id (the body's `id`). */
                "X-Service-Event-Id": string;
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Standard Webhooks: the event's id. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds of this attempt (reject if far from now). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-decoded part of the secret after `whsec_`. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event's id: the same on every retry, so discard repeats by it. */
                    id: string;
                    /** @constant */
                    event: "subscription.approved";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        subscriptionId: string;
                        /**
                         * @description The status in Portuguese, as shown to people.
                         * @enum {string}
                         */
                        status: "Aguardando autorização" | "Ativa" | "Recusada" | "Expirada" | "Cancelada";
                        /** @enum {string} */
                        statusCode: "created" | "approved" | "rejected" | "expired" | "canceled";
                        livemode: boolean;
                        title: string;
                        external_id: string | null;
                        customer_name: string | null;
                        customer_cpf: string | null;
                        customer_cnpj: string | null;
                        /** @description The payer's e-mail, if given. */
                        customer_email: string | null;
                        /** @enum {string} */
                        periodicity: "weekly" | "monthly" | "quarterly" | "semiannual" | "yearly";
                        startDate: string;
                        endDate: string | null;
                        /** @description The fixed amount per period (BRL), or null (variable). */
                        value: number | null;
                        /** @description A variable subscription's most per period (BRL). */
                        maxValue: number | null;
                        firstPaymentValue: number | null;
                        /** @description The journey's immediate charge, if any. */
                        firstChargeId: string | null;
                        /** @enum {string} */
                        retryPolicy: "none" | "up_to_3_in_7_days";
                        provider: string;
                        /** @description The recorrência's id (idRec). */
                        recId: string;
                        /** @description The date of the next period to be charged (null: none left, or not active). */
                        nextChargeDate: string | null;
                        /** @description A variable subscription's amount set for its next period. */
                        nextAmount: number | null;
                        /** @description Who canceled: merchant (the API, the dashboard) or payer (in their bank). */
                        canceledBy: string | null;
                        createdAt: string;
                        approvedAt: string | null;
                        canceledAt: string | null;
                        /** @description The authorisation's deadline while created. */
                        expiresAt: string;
                        updatedAt: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): the delivery succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the service disables this webhook and stops sending. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSubscriptionRejected: {
        parameters: {
            query?: never;
            header: {
                /** @description `sha256=` and the lowercase hex HMAC-SHA256 of the raw body, keyed with the whole `whsec_` secret as UTF-8. */
                "X-Service-Signature": string;
                /** @description The event's id (the body's `id`). */
                "X-Service-Event-Id": string;
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Standard Webhooks: the event's id. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds of this attempt (reject if far from now). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-decoded part of the secret after `whsec_`. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event's id: the same on every retry, so discard repeats by it. */
                    id: string;
                    /** @constant */
                    event: "subscription.rejected";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        subscriptionId: string;
                        /**
                         * @description The status in Portuguese, as shown to people.
                         * @enum {string}
                         */
                        status: "Aguardando autorização" | "Ativa" | "Recusada" | "Expirada" | "Cancelada";
                        /** @enum {string} */
                        statusCode: "created" | "approved" | "rejected" | "expired" | "canceled";
                        livemode: boolean;
                        title: string;
                        external_id: string | null;
                        customer_name: string | null;
                        customer_cpf: string | null;
                        customer_cnpj: string | null;
                        /** @description The payer's e-mail, if given. */
                        customer_email: string | null;
                        /** @enum {string} */
                        periodicity: "weekly" | "monthly" | "quarterly" | "semiannual" | "yearly";
                        startDate: string;
                        endDate: string | null;
                        /** @description The fixed amount per period (BRL), or null (variable). */
                        value: number | null;
                        /** @description A variable subscription's most per period (BRL). */
                        maxValue: number | null;
                        firstPaymentValue: number | null;
                        /** @description The journey's immediate charge, if any. */
                        firstChargeId: string | null;
                        /** @enum {string} */
                        retryPolicy: "none" | "up_to_3_in_7_days";
                        provider: string;
                        /** @description The recorrência's id (idRec). */
                        recId: string;
                        /** @description The date of the next period to be charged (null: none left, or not active). */
                        nextChargeDate: string | null;
                        /** @description A variable subscription's amount set for its next period. */
                        nextAmount: number | null;
                        /** @description Who canceled: merchant (the API, the dashboard) or payer (in their bank). */
                        canceledBy: string | null;
                        createdAt: string;
                        approvedAt: string | null;
                        canceledAt: string | null;
                        /** @description The authorisation's deadline while created. */
                        expiresAt: string;
                        updatedAt: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): the delivery succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the service disables this webhook and stops sending. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSubscriptionCanceled: {
        parameters: {
            query?: never;
            header: {
                /** @description `sha256=` and the lowercase hex HMAC-SHA256 of the raw body, keyed with the whole `whsec_` secret as UTF-8. */
                "X-Service-Signature": string;
                /** @description The event's id (the body's `id`). */
                "X-Service-Event-Id": string;
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Standard Webhooks: the event's id. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds of this attempt (reject if far from now). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-decoded part of the secret after `whsec_`. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event's id: the same on every retry, so discard repeats by it. */
                    id: string;
                    /** @constant */
                    event: "subscription.canceled";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        subscriptionId: string;
                        /**
                         * @description The status in Portuguese, as shown to people.
                         * @enum {string}
                         */
                        status: "Aguardando autorização" | "Ativa" | "Recusada" | "Expirada" | "Cancelada";
                        /** @enum {string} */
                        statusCode: "created" | "approved" | "rejected" | "expired" | "canceled";
                        livemode: boolean;
                        title: string;
                        external_id: string | null;
                        customer_name: string | null;
                        customer_cpf: string | null;
                        customer_cnpj: string | null;
                        /** @description The payer's e-mail, if given. */
                        customer_email: string | null;
                        /** @enum {string} */
                        periodicity: "weekly" | "monthly" | "quarterly" | "semiannual" | "yearly";
                        startDate: string;
                        endDate: string | null;
                        /** @description The fixed amount per period (BRL), or null (variable). */
                        value: number | null;
                        /** @description A variable subscription's most per period (BRL). */
                        maxValue: number | null;
                        firstPaymentValue: number | null;
                        /** @description The journey's immediate charge, if any. */
                        firstChargeId: string | null;
                        /** @enum {string} */
                        retryPolicy: "none" | "up_to_3_in_7_days";
                        provider: string;
                        /** @description The recorrência's id (idRec). */
                        recId: string;
                        /** @description The date of the next period to be charged (null: none left, or not active). */
                        nextChargeDate: string | null;
                        /** @description A variable subscription's amount set for its next period. */
                        nextAmount: number | null;
                        /** @description Who canceled: merchant (the API, the dashboard) or payer (in their bank). */
                        canceledBy: string | null;
                        createdAt: string;
                        approvedAt: string | null;
                        canceledAt: string | null;
                        /** @description The authorisation's deadline while created. */
                        expiresAt: string;
                        updatedAt: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): the delivery succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the service disables this webhook and stops sending. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onSubscriptionExpired: {
        parameters: {
            query?: never;
            header: {
                /** @description `sha256=` and the lowercase hex HMAC-SHA256 of the raw body, keyed with the whole `whsec_` secret as UTF-8. */
                "X-Service-Signature": string;
                /** @description The event's id (the body's `id`). */
                "X-Service-Event-Id": string;
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Standard Webhooks: the event's id. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds of this attempt (reject if far from now). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-decoded part of the secret after `whsec_`. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event's id: the same on every retry, so discard repeats by it. */
                    id: string;
                    /** @constant */
                    event: "subscription.expired";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        subscriptionId: string;
                        /**
                         * @description The status in Portuguese, as shown to people.
                         * @enum {string}
                         */
                        status: "Aguardando autorização" | "Ativa" | "Recusada" | "Expirada" | "Cancelada";
                        /** @enum {string} */
                        statusCode: "created" | "approved" | "rejected" | "expired" | "canceled";
                        livemode: boolean;
                        title: string;
                        external_id: string | null;
                        customer_name: string | null;
                        customer_cpf: string | null;
                        customer_cnpj: string | null;
                        /** @description The payer's e-mail, if given. */
                        customer_email: string | null;
                        /** @enum {string} */
                        periodicity: "weekly" | "monthly" | "quarterly" | "semiannual" | "yearly";
                        startDate: string;
                        endDate: string | null;
                        /** @description The fixed amount per period (BRL), or null (variable). */
                        value: number | null;
                        /** @description A variable subscription's most per period (BRL). */
                        maxValue: number | null;
                        firstPaymentValue: number | null;
                        /** @description The journey's immediate charge, if any. */
                        firstChargeId: string | null;
                        /** @enum {string} */
                        retryPolicy: "none" | "up_to_3_in_7_days";
                        provider: string;
                        /** @description The recorrência's id (idRec). */
                        recId: string;
                        /** @description The date of the next period to be charged (null: none left, or not active). */
                        nextChargeDate: string | null;
                        /** @description A variable subscription's amount set for its next period. */
                        nextAmount: number | null;
                        /** @description Who canceled: merchant (the API, the dashboard) or payer (in their bank). */
                        canceledBy: string | null;
                        createdAt: string;
                        approvedAt: string | null;
                        canceledAt: string | null;
                        /** @description The authorisation's deadline while created. */
                        expiresAt: string;
                        updatedAt: string;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): the delivery succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the service disables this webhook and stops sending. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onNotificationFailed: {
        parameters: {
            query?: never;
            header: {
                /** @description `sha256=` and the lowercase hex HMAC-SHA256 of the raw body, keyed with the whole `whsec_` secret as UTF-8. */
                "X-Service-Signature": string;
                /** @description The event's id (the body's `id`). */
                "X-Service-Event-Id": string;
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Standard Webhooks: the event's id. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds of this attempt (reject if far from now). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-decoded part of the secret after `whsec_`. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event's id: the same on every retry, so discard repeats by it. */
                    id: string;
                    /** @constant */
                    event: "notification.failed";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        id: string;
                        /** @enum {string} */
                        kind: "bill" | "reminder_before" | "reminder_due" | "reminder_overdue" | "reminder_overdue_weekly" | "receipt" | "refund" | "subscription_request" | "subscription_debit_notice" | "subscription_debit_failed" | "subscription_canceled";
                        recipient: string;
                        /** @enum {string} */
                        status: "pending" | "sent" | "failed" | "not_sent";
                        lastError: string | null;
                        chargeId: string | null;
                        subscriptionId: string | null;
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): the delivery succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the service disables this webhook and stops sending. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    onAccountSecurity: {
        parameters: {
            query?: never;
            header: {
                /** @description `sha256=` and the lowercase hex HMAC-SHA256 of the raw body, keyed with the whole `whsec_` secret as UTF-8. */
                "X-Service-Signature": string;
                /** @description The event's id (the body's `id`). */
                "X-Service-Event-Id": string;
                /** @description Unix seconds of this attempt. */
                "X-Service-Timestamp": string;
                /** @description Standard Webhooks: the event's id. */
                "webhook-id": string;
                /** @description Standard Webhooks: unix seconds of this attempt (reject if far from now). */
                "webhook-timestamp": string;
                /** @description Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{raw body}`, keyed with the base64-decoded part of the secret after `whsec_`. */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The event's id: the same on every retry, so discard repeats by it. */
                    id: string;
                    /** @constant */
                    event: "account.security";
                    /** @description When the event happened (ISO 8601). */
                    timestamp: string;
                    data: {
                        /** @description The audit log entry (GET /api/audit-log). */
                        auditId: string;
                        /** @enum {string} */
                        action: "sign_in.succeeded" | "sign_in.failed" | "session.ended" | "key.created" | "key.revoked" | "webhook.created" | "webhook.deleted" | "wallet.changed" | "psp_connection.saved" | "psp_connection.deleted" | "lightning.saved" | "lightning.deleted" | "member.invited" | "member.joined" | "member.removed" | "member.role_changed" | "settings.changed" | "two_factor.enabled" | "two_factor.disabled" | "two_factor.recovery_code_used" | "passkey.added" | "passkey.removed";
                        actor: {
                            /** @enum {string} */
                            kind: "user" | "key" | "system";
                            /** @description The user's e-mail, the API key's id, or `cli`. */
                            id: string;
                        };
                        ip: string | null;
                        /** @description When the change was made (ISO 8601). */
                        at: string;
                        /** @description What changed: a webhook's or key's id, a node id… */
                        target: string | null;
                        /** @description Each changed field, before and after; never a secret's value. */
                        changes: {
                            [key: string]: {
                                before?: unknown;
                                after?: unknown;
                            };
                        };
                    };
                };
            };
        };
        responses: {
            /** @description Received (any 2xx): the delivery succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Gone: the service disables this webhook and stops sending. */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
