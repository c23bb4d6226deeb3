import type { FastifyInstance } from "fastify";
import { baseUrlOf } from "../../../base-url.ts";
import type { AppDeps } from "../../../deps.ts";
import {
  createCounterLink,
  listCounterLinks,
  revokeCounterLink,
} from "../../../domain/counter/counter-links.ts";
import { CreateCounterLinkSchema } from "../../../domain/counter/schemas.ts";
import { submitOnce } from "../../../domain/idempotency/submit-once.ts";
import { sealFor, submission } from "../../form-once.ts";
import { formText } from "../../forms.ts";
import { translator } from "../../i18n/catalogue.ts";
import { counter } from "../../i18n/counter.ts";
import { runAction } from "../chrome.ts";
import { parseForm } from "../format.ts";
import { signed, signedInRoutes } from "../session.ts";
import {
  type CounterLinks,
  counterLinksView,
  type NewCounterLink,
} from "../views/counter-links.ts";
import { dashPage } from "./page.ts";

// Counter links (views/counter-links.ts): list the mode's links, make one (its URL shown in that
// answer only, stored sealed for a double click's replay, as a new API key's value), revoke one.

export function registerCounterLinkPages(web: FastifyInstance, deps: AppDeps): void {
  const r = signedInRoutes(web, deps);
  const show = dashPage<CounterLinks, { created?: NewCounterLink }>(
    deps,
    "keys",
    async (req) =>
      (await listCounterLinks(deps, signed(req).who, { limit: 200, offset: 0 })).counterLinks,
    counterLinksView,
  );

  r.get("/dashboard/counter", "charges:read", (req, reply) => show(req, reply));

  r.post("/dashboard/counter", "charges:write", async (req, reply) => {
    const { who } = signed(req);
    const label = formText(req.body, "label");
    const sub = submission(req, who, "/dashboard/counter", { label });
    const done = await runAction(() =>
      submitOnce(
        deps,
        sub,
        {
          run: async (db) => {
            const input = parseForm(CreateCounterLinkSchema, { label });
            const made = await createCounterLink({ ...deps, db }, who, input, baseUrlOf(deps, req));
            return { url: made.url, label: made.label };
          },
        },
        sealFor(deps, sub),
      ),
    );
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    return show(req, reply, { created: done.value });
  });

  r.post("/dashboard/counter/:id/revoke", "charges:write", async (req, reply) => {
    const { who } = signed(req);
    const id = (req.params as { id: string }).id;
    const done = await runAction(() => revokeCounterLink(deps, who, id));
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    const text = translator(req.lang, counter)("links.revokedFlash", { label: done.value.label });
    return show(req, reply, { flash: { kind: "ok", text } });
  });
}
