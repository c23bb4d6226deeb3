import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../deps.ts";
import { AppError } from "../../domain/errors.ts";
import { receiptPage } from "../../domain/receipts/receipt-page.ts";
import { sendPage } from "../layout.ts";
import { WEB_ROUTE } from "../route-options.ts";
import { receiptPageHtml } from "./receipt-view.ts";

// The public receipt page, GET /receipt/{token}: no sign-in (the token is the key), under the
// guard's per-IP limit as every page without a token is. Its answer may be kept by no shared
// cache (a receipt is the payer's), and the page is kept out of search engines.

type TokenParams = { Params: { token: string } };
/** A charge id (64 at most), a dot, 22 base64url characters: anything else is not a token. */
const TOKEN = /^[\w-]{1,64}\.[\w-]{22}$/;

export function registerReceiptPage(web: FastifyInstance, deps: AppDeps): void {
  web.get<TokenParams>("/receipt/:token", WEB_ROUTE, async (req, reply) => {
    const token = req.params.token;
    if (!TOKEN.test(token)) throw new AppError("NOT_FOUND", "not found");
    const view = await receiptPage(deps, token);
    reply.header("Cache-Control", "private, no-store");
    reply.header("X-Robots-Tag", "noindex");
    return sendPage(reply, receiptPageHtml(view, { lang: req.lang, url: req.url }));
  });
}
