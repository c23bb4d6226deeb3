import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { baseUrlOf } from "../../base-url.ts";
import type { AppDeps } from "../../deps.ts";
import { submitOnce } from "../../domain/idempotency/submit-once.ts";
import { brlToCents } from "../../domain/money.ts";
import {
  archiveProduct,
  CreateProductSchema,
  createProduct,
  listProducts,
} from "../../domain/products/products.ts";
import { onceField, submission } from "../form-once.ts";
import { formText } from "../forms.ts";
import { html } from "../html.ts";
import { confirmAction, dashT, type Flash, postForm, runAction, sendDashPage } from "./chrome.ts";
import { formAmount, money, parseForm, when } from "./format.ts";
import { signed, signedInRoutes } from "./session.ts";

// Products: create, archive, and each product's public checkout link (the hosted payment page).

export function registerProductPages(web: FastifyInstance, deps: AppDeps): void {
  const r = signedInRoutes(web, deps);

  const render = async (req: FastifyRequest, reply: FastifyReply, flash?: Flash, status = 200) => {
    const t = dashT(req);
    const { who } = signed(req);
    const { products } = await listProducts(deps, who, { limit: 200, include_archived: "true" });
    const base = baseUrlOf(deps, req);
    return sendDashPage(req, reply, {
      section: "products",
      title: t("nav.products"),
      flash,
      status,
      main: html`<h1>${t("products.heading")}</h1>
${
  products.length === 0
    ? html`<p class="muted">${t("products.none")}</p>`
    : html`<div class="table-wrap"><table><thead><tr><th>${t("products.name")}</th><th class="num">${t("charges.amount")}</th><th>${t("products.link")}</th><th>${t("charges.created")}</th><th></th></tr></thead><tbody>${products.map(
        (
          p,
          i,
        ) => html`<tr><td>${p.name}${p.description ? html`<br><span class="muted">${p.description}</span>` : ""}</td>
<td class="num">${money(t, brlToCents(p.value) ?? 0)}</td>
<td>${
          p.active
            ? html`<span class="mono" id="link-${i}">${base}/checkout/${p.id}</span> <button type="button" class="secondary" data-copy="#link-${i}" data-copied="${t("action.copied")}">${t("action.copy")}</button>`
            : html`<span class="badge">${t("products.archived")}</span>`
        }</td>
<td>${when(t, p.createdAt)}</td>
<td class="actions">${p.active ? confirmAction(req, { action: `/dashboard/products/${encodeURIComponent(p.id)}/archive`, label: t("products.archive"), question: t("products.archive.q"), confirm: t("products.archive") }) : ""}</td></tr>`,
      )}</tbody></table></div>`
}
<section class="card"><h2>${t("products.new")}</h2>${postForm(
        req,
        "/dashboard/products",
        html`<label>${t("products.name")}<input type="text" name="name" maxlength="140" required></label>
<label>${t("charges.amount")}<input type="text" name="value" inputmode="decimal" placeholder="49,90" required></label>
<label>${t("products.description")}<textarea name="description" maxlength="500"></textarea></label>
<label>${t("products.successUrl")}<input type="url" name="success_url" maxlength="2000" placeholder="https://loja.example/obrigado"><span class="hint">${t("products.successUrl.help")}</span></label>
${onceField(deps)}<button type="submit">${t("products.create")}</button>`,
        { class: "stack" },
      )}</section>`,
    });
  };

  r.get("/dashboard/products", (req, reply) => render(req, reply));

  r.post("/dashboard/products", async (req, reply) => {
    const t = dashT(req);
    const { who } = signed(req);
    const description = formText(req.body, "description");
    const successUrl = formText(req.body, "success_url");
    const fields = {
      name: formText(req.body, "name"),
      value: formAmount(formText(req.body, "value")),
      ...(description ? { description } : {}),
      ...(successUrl ? { success_url: successUrl } : {}),
    };
    // A double click makes one product (the form's key, form-once.ts).
    const done = await runAction(() =>
      submitOnce(deps, submission(req, who, "/dashboard/products", fields), {
        run: async (db) => {
          const product = await createProduct(
            { ...deps, db },
            who,
            parseForm(CreateProductSchema, fields),
          );
          return { name: product.name };
        },
      }),
    );
    if (!done.ok) return render(req, reply, done.flash, done.status);
    return render(req, reply, {
      kind: "ok",
      text: t("products.created", { name: done.value.name }),
    });
  });

  r.post("/dashboard/products/:id/archive", async (req, reply) => {
    const t = dashT(req);
    const id = (req.params as { id: string }).id;
    const done = await runAction(() => archiveProduct(deps, signed(req).who, id));
    if (!done.ok) return render(req, reply, done.flash, done.status);
    return render(req, reply, {
      kind: "ok",
      text: t("products.archivedDone", { name: done.value.name }),
    });
  });
}
