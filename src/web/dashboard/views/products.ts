import { brlToCents } from "../../../domain/money.ts";
import type { listProducts } from "../../../domain/products/products.ts";
import { onceInput } from "../../form-once.ts";
import { html } from "../../html.ts";
import { confirmAction, postForm } from "../chrome.ts";
import { amount, when } from "../format.ts";
import type { ViewCtx } from "../routes/page.ts";
import { dataTable, longValue } from "./parts.ts";

// Products: the list with each active product's public checkout link (the hosted payment page),
// archive behind a confirmation, and the form for a new one.

export type Products = {
  products: Awaited<ReturnType<typeof listProducts>>["products"];
  /** The service's public URL, which the checkout links start with. */
  baseUrl: string;
};

export function productsView(ctx: ViewCtx, data: Products) {
  const { t } = ctx;
  const table =
    data.products.length === 0
      ? html`<p class="muted">${t("products.none")}</p>`
      : dataTable(data.products, [
          {
            label: t("products.name"),
            cell: (p) =>
              html`${p.name}${p.description ? html`<br><span class="muted">${p.description}</span>` : ""}`,
          },
          {
            label: t("charges.amount"),
            class: "num",
            // A pay-what-you-want product shows its bounds: the payer chooses within them.
            cell: (p) =>
              p.openAmount
                ? html`${amount(t, brlToCents(p.openAmount.min) ?? 0)} – ${amount(t, brlToCents(p.openAmount.max) ?? 0)}`
                : amount(t, brlToCents(p.value ?? 0) ?? 0),
          },
          {
            label: t("products.link"),
            cell: (p, i) =>
              p.active
                ? longValue(t, `${data.baseUrl}/checkout/${p.id}`, `link-${i}`)
                : html`<span class="badge">${t("products.archived")}</span>`,
          },
          { label: t("charges.created"), cell: (p) => when(t, p.createdAt) },
          {
            label: t("keys.actions"),
            hideLabel: true,
            class: "actions",
            cell: (p) =>
              p.active && ctx.can("products:write")
                ? confirmAction(ctx, {
                    action: `/dashboard/products/${encodeURIComponent(p.id)}/archive`,
                    label: t("products.archive"),
                    question: t("products.archive.q"),
                    confirm: t("products.archive"),
                  })
                : "",
          },
        ]);
  return {
    title: t("nav.products"),
    main: html`<h1>${t("products.heading")}</h1>
${table}
${
  ctx.can("products:write")
    ? html`<section class="card"><h2>${t("products.new")}</h2>${postForm(
        ctx,
        "/dashboard/products",
        html`<label>${t("products.name")}<input type="text" name="name" maxlength="140" required></label>
<label>${t("charges.amount")}<input type="text" name="value" inputmode="decimal" placeholder="49,90" required></label>
<label>${t("products.description")}<textarea name="description" maxlength="500"></textarea></label>
<label>${t("products.successUrl")}<input type="url" name="success_url" maxlength="2000" placeholder="https://loja.example/obrigado"><span class="hint">${t("products.successUrl.help")}</span></label>
${onceInput(ctx.formKey)}<button type="submit">${t("products.create")}</button>`,
        { class: "stack" },
      )}</section>`
    : ""
}`,
  };
}
