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
    /** Pay what you want: the amount typed, and the suggested amount chosen (centavos). */
    amount?: string;
    suggested?: string;
  };
  /** Field -> message key of the pay area (error.*). */
  errors: Partial<
    Record<"method" | "customer_name" | "customer_email" | "customer_cpf" | "amount", string>
  >;
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
  const state = opts.state ?? { values: {}, errors: {} };
  const open = v.openAmount;
  const bounds = open
    ? { min: formatBrl(opts.lang, open.min), max: formatBrl(opts.lang, open.max) }
    : undefined;
  // The price, or for pay what you want its range ("R$ 5,00 a R$ 500,00").
  const amount = bounds ? t("open.range", bounds) : formatBrl(opts.lang, v.amountCents ?? 0);
  const methods = (["pix", "crypto"] as const).filter((m) => v.methods[m]);
  const chosen = state.values.method ?? methods[0];
  const err = (f: keyof CheckoutFormState["errors"]) => {
    const key = state.errors[f];
    return key ? t(key as Parameters<typeof t>[0], bounds) : undefined;
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
${open ? amountField(t, open, state, opts.lang, err("amount")) : ""}
${methodField}
${details}
<input type="hidden" name="${FORM_KEY_FIELD}" value="${opts.formKey}">
${
  open
    ? html`<button type="submit" class="pay-submit" data-label="${t("checkout.submit", { amount: "{amount}" })}" data-plain="${t("open.submit")}">${submitOpen(t, open, state, opts.lang)}</button>`
    : html`<button type="submit" class="pay-submit">${t("checkout.submit", { amount })}</button>`
}
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
${open ? "" : html`<p class="pay-amount"><span class="brl">${amount}</span></p>`}
${form}
</section>`,
  });
}

type T = ReturnType<typeof translator<[typeof common, typeof pay]>>;
type Open = NonNullable<CheckoutPage["openAmount"]>;

/**
 * Pay what you want: the suggested amounts as buttons (radios, so the form works without
 * script), and a field for any other amount, with the bounds said beside it. With script
 * (assets/app.js, [data-open-amount]) a suggestion chosen empties the field and typing in the
 * field lets go of the suggestion; without it, a typed amount wins (payer-amount.ts).
 */
function amountField(
  t: T,
  open: Open,
  state: CheckoutFormState,
  lang: Lang,
  message: string | undefined,
): SafeHtml {
  const range = t("open.between", {
    min: formatBrl(lang, open.min),
    max: formatBrl(lang, open.max),
  });
  const described = message ? "amount-range err-amount" : "amount-range";
  const chips = open.suggested.map((c) => {
    const on = state.values.suggested === String(c) && !state.values.amount;
    return html`<label class="amount-chip"><input type="radio" name="suggested" value="${String(c)}"${on ? raw(" checked") : ""}><span>${formatBrl(lang, c)}</span></label>`;
  });
  return html`<fieldset class="pay-amount-choice" data-open-amount>
<legend>${t("open.choose")}</legend>
<p class="muted small" id="amount-range">${range}</p>
${chips.length ? html`<div class="amount-chips">${chips}</div>` : ""}
<label for="f-amount">${t(chips.length ? "open.other" : "open.amount")}</label>
<input id="f-amount" name="amount" type="text" inputmode="decimal" autocomplete="off" placeholder="${lang === "en" ? "12.34" : "12,34"}" value="${state.values.amount ?? ""}" aria-describedby="${described}"${message ? raw(' aria-invalid="true"') : ""}>
${message ? html`<p class="field-error" id="err-amount">${message}</p>` : ""}
</fieldset>`;
}

/** The submit button of a pay-what-you-want form: "Pagar R$ 10,00" once a suggestion is kept. */
function submitOpen(t: T, open: Open, state: CheckoutFormState, lang: Lang): string {
  const kept = open.suggested.find((c) => String(c) === state.values.suggested);
  return kept !== undefined && !state.values.amount
    ? t("checkout.submit", { amount: formatBrl(lang, kept) })
    : t("open.submit");
}

export type { PayMethod };
