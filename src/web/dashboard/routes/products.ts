import type { FastifyInstance } from "fastify";
import { baseUrlOf } from "../../../base-url.ts";
import type { AppDeps } from "../../../deps.ts";
import { submitOnce } from "../../../domain/idempotency/submit-once.ts";
import {
  archiveProduct,
  CreateProductSchema,
  createProduct,
  listProducts,
} from "../../../domain/products/products.ts";
import { submission } from "../../form-once.ts";
import { formText } from "../../forms.ts";
import { dashT, runAction } from "../chrome.ts";
import { formAmount, parseForm } from "../format.ts";
import { signed, signedInRoutes } from "../session.ts";
import { productsView } from "../views/products.ts";
import { dashPage } from "./page.ts";

// Products (views/products.ts): create, archive.

export function registerProductPages(web: FastifyInstance, deps: AppDeps): void {
  const r = signedInRoutes(web, deps);
  const show = dashPage(
    deps,
    "products",
    async (req) => ({
      products: (
        await listProducts(deps, signed(req).who, { limit: 200, include_archived: "true" })
      ).products,
      baseUrl: baseUrlOf(deps, req),
    }),
    productsView,
  );

  r.get("/dashboard/products", "products:read", (req, reply) => show(req, reply));

  r.post("/dashboard/products", "products:write", async (req, reply) => {
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
          const input = parseForm(CreateProductSchema, fields);
          return { name: (await createProduct({ ...deps, db }, who, input)).name };
        },
      }),
    );
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    const text = dashT(req)("products.created", { name: done.value.name });
    return show(req, reply, { flash: { kind: "ok", text } });
  });

  r.post("/dashboard/products/:id/archive", "products:write", async (req, reply) => {
    const id = (req.params as { id: string }).id;
    const done = await runAction(() => archiveProduct(deps, signed(req).who, id));
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    const text = dashT(req)("products.archivedDone", { name: done.value.name });
    return show(req, reply, { flash: { kind: "ok", text } });
  });
}
