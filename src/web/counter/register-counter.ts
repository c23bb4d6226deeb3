import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { baseUrlOf } from "../../base-url.ts";
import type { AppDeps } from "../../deps.ts";
import {
  counterSale,
  type OpenLink,
  openCounterLink,
  ringUpSale,
  todaysSales,
} from "../../domain/counter/counter-sale.ts";
import { AppError } from "../../domain/errors.ts";
import { formatCents } from "../../domain/money.ts";
import { parseAmountText } from "../../domain/products/amount-text.ts";
import { checkOrigin } from "../csrf.ts";
import { formText } from "../forms.ts";
import { translator } from "../i18n/catalogue.ts";
import { counter } from "../i18n/counter.ts";
import { sendPage } from "../layout.ts";
import { WEB_ROUTE } from "../route-options.ts";
import { type CounterLinkPage, keypadPageHtml, salePageHtml } from "./counter-view.ts";

// The counter's routes, all under /counter/{secret}: the keypad, a sale's page, its status feed,
// and the post that makes the sale. The secret is the only credential, so every route opens the
// link first (an unknown or revoked secret is 404 on every path) and reads only the link's own
// charges. The post's Origin is checked (no session, so no CSRF token: the page is public to
// whoever holds the link); nothing here opens the dashboard or the API. Pages are never cached
// or indexed: their URL holds the secret (the access log writes route patterns, never URLs).

type P = { Params: { secret: string } };
type SaleP = { Params: { secret: string; id: string } };
type StatusQ = { Params: { secret: string }; Querystring: { charge_id?: string } };
const CHARGE_ID = /^pix_[0-9a-z]{26}$/;

export function registerCounterPages(web: FastifyInstance, deps: AppDeps): void {
  const open = async (req: FastifyRequest<P>, reply: FastifyReply) => {
    reply.header("Cache-Control", "no-store").header("X-Robots-Tag", "noindex");
    const link = await openCounterLink(deps, req.params.secret);
    const view: CounterLinkPage = {
      label: link.label,
      livemode: link.mode === "live",
      base: `/counter/${req.params.secret}`,
    };
    return { link, view };
  };
  const keypad = async (
    req: FastifyRequest<P>,
    reply: FastifyReply,
    link: OpenLink,
    view: CounterLinkPage,
    refused?: { amount: string; error: string; status: number },
  ) => {
    const sales = await todaysSales(deps, link);
    const html = keypadPageHtml(view, sales, {
      lang: req.lang,
      url: req.url,
      ...(refused ? { amount: refused.amount, error: refused.error } : {}),
    });
    return sendPage(reply, html, refused?.status ?? 200);
  };

  web.get<P>("/counter/:secret", WEB_ROUTE, async (req, reply) => {
    const { link, view } = await open(req, reply);
    return keypad(req, reply, link, view);
  });

  web.post<P>("/counter/:secret/sale", WEB_ROUTE, async (req, reply) => {
    checkOrigin(deps, req);
    const { link, view } = await open(req, reply);
    const t = translator(req.lang, counter);
    const amount = formText(req.body, "amount");
    // Read as the checkout reads a payer's amount (the keypad writes "25,00", or "25.00" in
    // English): integer centavos, never a float.
    const parsed = parseAmountText(amount, req.lang);
    const cents = parsed !== undefined && parsed > 0 ? parsed : undefined;
    const refuse = (error: string, status: number) =>
      keypad(req, reply, link, view, { amount, error, status });
    if (cents === undefined) return refuse(t("counter.badAmount"), 422);
    if (cents > deps.maxChargeCents) {
      return refuse(t("counter.tooMuch", { max: `R$ ${formatCents(deps.maxChargeCents)}` }), 422);
    }
    let chargeId: string;
    try {
      chargeId = await ringUpSale(deps, link, cents, baseUrlOf(deps, req));
    } catch (err) {
      if (err instanceof AppError && err.code === "RATE_LIMITED") {
        const seconds = err.headers?.["Retry-After"] ?? "60";
        if (err.headers) reply.headers(err.headers);
        return refuse(t("counter.busy", { seconds }), 429);
      }
      throw err;
    }
    return reply.redirect(`${view.base}/sale/${encodeURIComponent(chargeId)}`, 303);
  });

  web.get<SaleP>("/counter/:secret/sale/:id", WEB_ROUTE, async (req, reply) => {
    const { link, view } = await open(req, reply);
    if (!CHARGE_ID.test(req.params.id)) throw new AppError("NOT_FOUND", "not found");
    const sale = await counterSale(deps, link, req.params.id);
    const sales = await todaysSales(deps, link);
    return sendPage(reply, salePageHtml(view, sale, sales, { lang: req.lang, url: req.url }));
  });

  // The sale page's feed ([data-pay-feed] in assets/app.js): the status of one of the link's
  // charges, the shape of the payment page's feed ({data: {statusCode, status}}).
  web.get<StatusQ>("/counter/:secret/status", WEB_ROUTE, async (req, reply) => {
    const { link } = await open(req, reply);
    const id = req.query.charge_id ?? "";
    if (!CHARGE_ID.test(id)) throw new AppError("NOT_FOUND", `charge_id: charge ${id} not found`);
    const sale = await counterSale(deps, link, id);
    return reply.send({ data: { chargeId: sale.chargeId, statusCode: sale.statusCode } });
  });
}
