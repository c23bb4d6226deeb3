import type { z } from "zod";
import type { CounterLinkListSchema } from "../../../domain/counter/schemas.ts";
import { renderQrSvg } from "../../../qr/qr-svg.ts";
import { onceInput } from "../../form-once.ts";
import { type HtmlValue, html, raw } from "../../html.ts";
import { translator } from "../../i18n/catalogue.ts";
import { counter } from "../../i18n/counter.ts";
import { confirmAction, postForm } from "../chrome.ts";
import { when } from "../format.ts";
import type { ViewCtx } from "../routes/page.ts";
import { dataTable, longValue } from "./parts.ts";

// Counter links (docs/counter.md, "The counter"): the mode's links, a new link's URL shown once
// with a QR to open it on the cashier's phone, revoke behind a confirmation, the form for one.

export type CounterLinks = z.infer<typeof CounterLinkListSchema>["counterLinks"];
export type NewCounterLink = { url: string; label: string };

export function counterLinksView(
  ctx: ViewCtx,
  links: CounterLinks,
  opts: { created?: NewCounterLink | undefined },
) {
  const { t } = ctx;
  const c = translator(ctx.lang, counter);
  const table =
    links.length === 0
      ? html`<p class="muted">${c("links.none")}</p>`
      : dataTable(
          links,
          [
            { label: c("links.label"), cell: (l) => l.label },
            { label: c("links.created"), cell: (l) => when(t, l.createdAt) },
            {
              label: c("links.state"),
              cell: (l) =>
                l.revokedAt
                  ? html`<span class="badge">${c("links.revoked")}</span>`
                  : html`<span class="badge ok">${c("links.active")}</span>`,
            },
            {
              label: c("links.revoke"),
              hideLabel: true,
              class: "actions",
              cell: (l) =>
                l.revokedAt
                  ? ""
                  : confirmAction(ctx, {
                      action: `/dashboard/counter/${encodeURIComponent(l.counterLinkId)}/revoke`,
                      label: c("links.revoke"),
                      question: c("links.revokeQ", { label: l.label }),
                      confirm: c("links.revoke"),
                      danger: true,
                    }),
            },
          ],
          { rowAttrs: (l) => html` data-counter-link="${l.counterLinkId}"` },
        );
  return {
    title: c("links.title"),
    main: html`<h1>${c("links.title")}</h1><p class="muted">${c("links.intro")}</p>${opts.created ? createdLink(ctx, opts.created) : ""}
${table}
${newLinkForm(ctx)}`,
  };
}

function createdLink(ctx: ViewCtx, created: NewCounterLink): HtmlValue {
  const c = translator(ctx.lang, counter);
  return html`<section class="flash warn counter-created" role="status"><strong>${c("links.madeOnce", { label: created.label })}</strong>
<figure class="pay-qr counter-link-qr">${raw(renderQrSvg(created.url, { title: c("links.qrAlt", { label: created.label }) }))}</figure>
<div class="secret">${longValue(ctx.t, created.url, "new-counter-link")}</div></section>`;
}

function newLinkForm(ctx: ViewCtx) {
  const c = translator(ctx.lang, counter);
  return html`<section class="card"><h2>${c("links.new")}</h2>${postForm(
    ctx,
    "/dashboard/counter",
    html`<label>${c("links.label")}<input type="text" name="label" maxlength="60" required placeholder="${c("links.labelExample")}"></label>
${onceInput(ctx.formKey)}<button type="submit">${c("links.create")}</button>`,
    { class: "stack" },
  )}</section>`;
}
