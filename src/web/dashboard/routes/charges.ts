import { Readable } from "node:stream";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { baseUrlOf } from "../../../base-url.ts";
import type { AppDeps } from "../../../deps.ts";
import { preparePixCharge } from "../../../domain/charge-lifecycle/create-pix-charge.ts";
import { CreatePixChargeSchema } from "../../../domain/charges/schemas.ts";
import { startCryptoCharge } from "../../../domain/crypto/create-crypto-charge.ts";
import { CreateCryptoChargeSchema } from "../../../domain/crypto/schemas.ts";
import {
  type ChargeListQuery,
  chargeListFilter,
  listChargesPage,
} from "../../../domain/dashboard/charge-list.ts";
import { exportRows } from "../../../domain/exports/export-charges.ts";
import { idempotencySeed } from "../../../domain/idempotency/request-identity.ts";
import { submitOnce, writeOnce } from "../../../domain/idempotency/submit-once.ts";
import type { Principal } from "../../../kernel/mode.ts";
import { submission } from "../../form-once.ts";
import { formText } from "../../forms.ts";
import { runAction } from "../chrome.ts";
import { formAmount, parseForm } from "../format.ts";
import { signed, signedInRoutes } from "../session.ts";
import { chargesView } from "../views/charges.ts";
import { dashPage } from "./page.ts";

// Charges (views/charges.ts): the list, and a new PIX or Bitcoin charge from its form.

export function registerChargePages(web: FastifyInstance, deps: AppDeps): void {
  const r = signedInRoutes(web, deps);
  const show = dashPage(
    deps,
    "charges",
    async (req) => {
      const query = req.query as ChargeListQuery;
      return { query, ...(await listChargesPage(deps, signed(req).who, query)) };
    },
    chargesView,
  );

  r.get("/dashboard/charges", "charges:read", (req, reply) => show(req, reply));

  // The list's CSV export with the filters on screen (docs/exports.md), streamed as the API's.
  r.get("/dashboard/charges/export", "exports:read", (req, reply) => {
    const query = req.query as ChargeListQuery & { dialect?: string };
    const filter = chargeListFilter(deps, signed(req).who, query);
    const dialect = query.dialect === "rfc4180" ? "rfc4180" : "excel-br";
    return reply
      .type("text/csv; charset=utf-8; header=present")
      .header("content-disposition", 'attachment; filename="charges.csv"')
      .header("cache-control", "no-store")
      .send(Readable.from(exportRows(deps, filter, dialect)));
  });

  r.post("/dashboard/charges", "charges:write", async (req, reply) => {
    const done = await runAction(() => createFromForm(deps, req, signed(req).who));
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    return reply.redirect(`/dashboard/charges/${encodeURIComponent(done.value)}?done=created`, 303);
  });
}

/** The new charge's id. A double click makes one charge (the form's key): the second answer goes to the same one. */
async function createFromForm(deps: AppDeps, req: FastifyRequest, who: Principal) {
  const method = formText(req.body, "method");
  const value = formAmount(formText(req.body, "value"));
  const title = formText(req.body, "title");
  const customer = formText(req.body, "customer_name");
  const base = baseUrlOf(deps, req);
  const sub = submission(req, who, "/dashboard/charges", { method, value, title, customer });
  if (method === "crypto") {
    const input = parseForm(CreateCryptoChargeSchema, {
      value,
      ...(title ? { product_name: title } : {}),
      ...(customer ? { customer_name: customer } : {}),
    });
    return submitOnce(deps, sub, {
      before: () => startCryptoCharge(deps, who, input, base),
      run: async (db, create) => (await create(db)).chargeId,
    });
  }
  const input = parseForm(CreatePixChargeSchema, {
    value,
    ...(title ? { title } : {}),
    ...(customer ? { customer_name: customer } : {}),
  });
  return writeOnce(deps, sub, async (scope) => {
    // A live charge's txid is derived from the key bound to the submission (live-create.ts);
    // the scope's route ("form:…") keeps a page's keys apart from an API client's.
    const seed = scope ? { idempotencySeed: idempotencySeed(scope) } : {};
    const p = await preparePixCharge(deps, who, input, base, seed);
    return { value: p.data.chargeId, write: p.write, ...(p.abandon ? { abandon: p.abandon } : {}) };
  });
}
