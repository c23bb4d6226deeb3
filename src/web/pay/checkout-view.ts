import type { CheckoutPage, PayMethod } from "../../domain/checkout/checkout-page.ts";
import { FORM_KEY_FIELD } from "../../domain/idempotency/submit-once.ts";
import { html, raw, type SafeHtml } from "../html.ts";
import { formatBrl, type Lang, translator } from "../i18n/catalogue.ts";
import { common } from "../i18n/common.ts";
import { pay } from "../i18n/pay.ts";
import { page } from "../layout.ts";
import { testBanner } from "./payment-view.ts";

// The public checkout page of a product: what it is and costs, how to pay (only the ways the
// merchant has enabled in the product's mode), and optional details for the merchant. One plain
// form that works without script; a refused field is shown beside itself, with the message
// tied to the field (aria-describedby) and the values kept.

export type CheckoutFormState = {
  values: {
    method?: string;
    customer_name?: string;
    customer_email?: string;
    customer_cpf?: string;
  };
  /** Field -> message key of the pay area (error.*). */
  errors: Partial<Record<"method" | "customer_name" | "customer_email" | "customer_cpf", string>>;
};

const FIELDS = [
  ["customer_name", "checkout.name", "text", "name", ""],
  ["customer_email", "checkout.email", "email", "email", ""],
  ["customer_cpf", "checkout.cpf", "text", "off", "numeric"],
] as const;

export function checkoutPageHtml(
  v: CheckoutPage,
  opts: { lang: Lang; url: string; state?: CheckoutFormState; formKey: string },
): SafeHtml {
  const t = translator(opts.lang, common, pay);
  const amount = formatBrl(opts.lang, v.amountCents);
  const state = opts.state ?? { values: {}, errors: {} };
  const methods = (["pix", "crypto"] as const).filter((m) => v.methods[m]);
  const chosen = state.values.method ?? methods[0];
  const err = (f: keyof CheckoutFormState["errors"]) => {
    const key = state.errors[f];
    return key ? t(key as Parameters<typeof t>[0]) : undefined;
  };
  const hasErrors = Object.keys(state.errors).length > 0;

  const methodErr = err("method");
  const methodField = html`<fieldset class="pay-methods"${methodErr ? raw(' aria-describedby="err-method"') : ""}>
<legend>${t("checkout.choose")}</legend>
${methods.map(
  (
    m,
  ) => html`<label class="method"><input type="radio" name="method" value="${m}"${m === chosen ? raw(" checked") : ""} required>
<span><strong>${t(`method.${m}`)}</strong><small>${t(m === "pix" ? "checkout.pixHint" : "checkout.cryptoHint")}</small></span></label>`,
)}
${methodErr ? html`<p class="field-error" id="err-method">${methodErr}</p>` : ""}
</fieldset>`;

  const details = html`<fieldset>
<legend>${t("checkout.about")}</legend>
<p class="muted small">${t("checkout.aboutHint")}</p>
${FIELDS.map(([name, label, type, autocomplete, inputmode]) => {
  const message = err(name);
  return html`<label for="f-${name}">${t(label)}</label>
<input id="f-${name}" name="${name}" type="${type}" autocomplete="${autocomplete}"${inputmode ? html` inputmode="${inputmode}"` : ""} value="${state.values[name] ?? ""}"${message ? html` aria-invalid="true" aria-describedby="err-${name}"` : ""}>
${message ? html`<p class="field-error" id="err-${name}">${message}</p>` : ""}`;
})}
</fieldset>`;

  const form =
    methods.length === 0
      ? html`<p class="flash warn">${t("checkout.none")}</p>`
      : html`<form class="stack" method="post" action="/checkout/${encodeURIComponent(v.productId)}" novalidate>
${hasErrors ? html`<div class="flash error" role="alert">${t("checkout.errors")}</div>` : ""}
${methodField}
${details}
<input type="hidden" name="${FORM_KEY_FIELD}" value="${opts.formKey}">
<button type="submit" class="pay-submit">${t("checkout.submit", { amount })}</button>
</form>`;

  return page({
    lang: opts.lang,
    title: `${v.name} · ${amount}`,
    url: opts.url,
    header: html`<header class="paybar"><div class="inner"><span class="merchant">${v.merchantName ? t("merchant.payTo", { merchant: v.merchantName }) : t("merchant.payment")}</span></div></header>`,
    banner: v.livemode ? "" : testBanner(t),
    mainClass: "pay",
    main: html`<section class="card pay-card">
<h1 class="pay-product">${v.name}</h1>
${v.description ? html`<p class="pay-description">${v.description}</p>` : ""}
<p class="pay-amount"><span class="brl">${amount}</span></p>
${form}
</section>`,
  });
}

export type { PayMethod };
