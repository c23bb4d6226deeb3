import type { FastifyInstance, FastifyRequest } from "fastify";
import { baseUrlOf } from "../../base-url.ts";
import type { AppDeps } from "../../deps.ts";
import { claimCheckoutForm, spendCheckoutBudget } from "../../domain/checkout/checkout-budget.ts";
import {
  CheckoutFormSchema,
  checkoutPage,
  createCheckoutCharge,
} from "../../domain/checkout/checkout-page.ts";
import { payerAmount } from "../../domain/checkout/payer-amount.ts";
import { paymentPage, simulateFromPage } from "../../domain/checkout/payment-page.ts";
import { AppError } from "../../domain/errors.ts";
import { FORM_KEY_FIELD } from "../../domain/idempotency/submit-once.ts";
import { checkOrigin } from "../csrf.ts";
import { formText } from "../forms.ts";
import { sendPage } from "../layout.ts";
import { WEB_ROUTE } from "../route-options.ts";
import { type CheckoutFormState, checkoutPageHtml } from "./checkout-view.ts";
import { paymentPageHtml } from "./payment-view.ts";
import { registerLightningAddress } from "./register-lightning-address.ts";
import { registerQrPoster } from "./register-qr-poster.ts";
import { registerReceiptPage } from "./register-receipt-page.ts";
import { registerSubscriptionPage } from "./register-subscription-page.ts";

// The payer's pages, public like the API's public checkout and kept to its rules: the guard's
// per-IP limit on every request (these routes have no token), the checkout budgets per client IP
// and per product on every creation, the amount the product's (or within its bounds), and no customer data on
// any page. Forms post to these same-origin pages only (the Origin is checked: there is no
// session, so no CSRF token; what a forged post could do is open a checkout or pay a test
// charge, both things anyone may do). The amount is the product's, or, for a pay-what-you-want
// product, the payer's within its bounds (payer-amount.ts).

type IdParams = { Params: { id: string } };
const ID = /^[\w-]{1,64}$/;

function idOf(req: FastifyRequest<IdParams>): string {
  const id = req.params.id;
  if (!ID.test(id)) throw new AppError("NOT_FOUND", "not found");
  return id;
}

export function registerPayPages(web: FastifyInstance, deps: AppDeps): void {
  // Each render of the checkout form draws its own key: one submission, one charge.
  const newFormKey = () => deps.random.bytes(16).toString("base64url");

  web.get<IdParams>("/pay/:id", WEB_ROUTE, async (req, reply) => {
    const view = await paymentPage(deps, idOf(req));
    return sendPage(reply, paymentPageHtml(view, { lang: req.lang, url: req.url }));
  });

  web.post<IdParams>("/pay/:id/simulate", WEB_ROUTE, async (req, reply) => {
    checkOrigin(deps, req);
    const id = idOf(req);
    try {
      await simulateFromPage(deps, id);
    } catch (err) {
      // A charge that can no longer be paid (expired meanwhile) shows as such on its page.
      if (!(err instanceof AppError) || err.code !== "UNPROCESSABLE") throw err;
    }
    return reply.redirect(`/pay/${encodeURIComponent(id)}`, 303);
  });

  registerSubscriptionPage(web, deps, idOf);
  registerReceiptPage(web, deps);
  registerQrPoster(web, deps);
  registerLightningAddress(web, deps);

  web.get<IdParams>("/checkout/:id", WEB_ROUTE, async (req, reply) => {
    const view = await checkoutPage(deps, idOf(req));
    return sendPage(
      reply,
      checkoutPageHtml(view, { lang: req.lang, url: req.url, formKey: newFormKey() }),
    );
  });

  web.post<IdParams>("/checkout/:id", WEB_ROUTE, async (req, reply) => {
    checkOrigin(deps, req);
    const productId = idOf(req);
    const view = await checkoutPage(deps, productId);
    const values = {
      method: formText(req.body, "method"),
      customer_name: formText(req.body, "customer_name"),
      customer_email: formText(req.body, "customer_email"),
      customer_cpf: formText(req.body, "customer_cpf"),
      amount: formText(req.body, "amount"),
      suggested: formText(req.body, "suggested"),
    };
    const refuse = (errors: CheckoutFormState["errors"]) =>
      sendPage(
        reply,
        checkoutPageHtml(view, {
          lang: req.lang,
          url: req.url,
          state: { values, errors },
          formKey: newFormKey(),
        }),
        422,
      );
    // Pay what you want: the payer's amount, refused beside its field (no charge) when it is
    // not an amount or is out of the product's bounds.
    const chosen = view.openAmount ? payerAmount(view.openAmount, values, req.lang) : undefined;
    const amountError = chosen && "error" in chosen ? chosen.error : undefined;
    const amountCents = chosen && "cents" in chosen ? chosen.cents : undefined;
    const parsed = CheckoutFormSchema.safeParse(values);
    if (!parsed.success) {
      const errors: CheckoutFormState["errors"] = amountError ? { amount: amountError } : {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (
          field === "method" ||
          field === "customer_name" ||
          field === "customer_email" ||
          field === "customer_cpf"
        ) {
          errors[field] = `error.${field}`;
        }
      }
      return refuse(errors);
    }
    if (!view.methods[parsed.data.method]) return refuse({ method: "error.methodOff" });
    if (amountError) return refuse({ amount: amountError });
    const chargeId = await createCheckoutCharge(
      deps,
      productId,
      { ...parsed.data, ...(amountCents === undefined ? {} : { amountCents }) },
      baseUrlOf(deps, req),
      {
        formKey: formText(req.body, FORM_KEY_FIELD),
        spendBudget: () => spendCheckoutBudget(deps, req, productId),
        claimForm: (formKey) => claimCheckoutForm(deps, productId, formKey),
      },
    );
    return reply.redirect(`/pay/${encodeURIComponent(chargeId)}`, 303);
  });
}
