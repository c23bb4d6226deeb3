import type { keysOfMode } from "../../../domain/dashboard/settings.ts";
import { FIRST_START_TOKEN_LABEL } from "../../../domain/first-start/bootstrap.ts";
import type { Mode } from "../../../kernel/mode.ts";
import { onceInput } from "../../form-once.ts";
import { type HtmlValue, html } from "../../html.ts";
import { translator } from "../../i18n/catalogue.ts";
import { counter } from "../../i18n/counter.ts";
import { confirmAction, postForm } from "../chrome.ts";
import { badge, when } from "../format.ts";
import type { ViewCtx } from "../routes/page.ts";
import { dataTable, longValue } from "./parts.ts";

// API keys: the new key's value shown once (with a copy button and a warning), the mode's keys
// by prefix with their scopes, revoke behind a confirmation, and the form for a new key (full
// access or the "charges only" preset).

export type Keys = Awaited<ReturnType<typeof keysOfMode>>;
export type NewKey = { token: string; mode: Mode; label: string };

export function keysView(ctx: ViewCtx, keys: Keys, opts: { created?: NewKey | undefined }) {
  const { t } = ctx;
  // The first start's token was labelled before anyone chose a language.
  const labelOf = (label: string) =>
    label === FIRST_START_TOKEN_LABEL ? t("keys.firstStartLabel") : label;
  const table =
    keys.length === 0
      ? html`<p class="muted">${t("keys.none")}</p>`
      : dataTable(
          keys,
          [
            { label: t("keys.label"), cell: (k) => labelOf(k.label) },
            { label: t("keys.prefix"), cell: (k) => `${k.prefix}…`, class: "mono" },
            {
              label: t("keys.scopes"),
              cell: (k) =>
                html`<span class="mono" data-scopes>${k.scopes ? k.scopes.join(" ") : t("keys.scopes.all")}</span>`,
            },
            { label: t("charges.created"), cell: (k) => when(t, k.createdAt) },
            { label: t("keys.lastUsed"), cell: (k) => when(t, k.lastUsedAt) },
            {
              label: t("keys.actions"),
              hideLabel: true,
              class: "actions",
              cell: (k) =>
                k.revokedAt
                  ? badge(t, "revoked")
                  : !ctx.can("tokens:write")
                    ? ""
                    : confirmAction(ctx, {
                        action: `/dashboard/keys/${encodeURIComponent(k.id)}/revoke`,
                        label: t("keys.revoke"),
                        question: t("keys.revoke.q", { label: labelOf(k.label) }),
                        confirm: t("keys.revoke"),
                        danger: true,
                      }),
            },
          ],
          { rowAttrs: (k) => html` data-key="${k.id}"` },
        );
  return {
    title: t("nav.keys"),
    main: html`<h1>${t("keys.heading")}</h1>${opts.created ? createdKey(ctx, opts.created) : ""}
${table}
${ctx.can("tokens:write") ? newKeyForm(ctx) : ""}
<p><a href="/dashboard/counter">${translator(ctx.lang, counter)("links.fromKeys")}</a></p>`,
  };
}

function createdKey(ctx: ViewCtx, created: NewKey): HtmlValue {
  const { t } = ctx;
  const mode = t(`mode.${created.mode}`);
  // A key made for the other mode is not in this view's list: say where it went.
  const elsewhere = created.mode !== ctx.who.mode;
  return html`<section class="flash warn" role="status"><strong>${t("keys.created", { label: created.label, mode })}</strong>
<p>${t("keys.once")}</p>${elsewhere ? html`<p class="key-elsewhere">${t("keys.elsewhere", { mode })}</p>` : ""}
<div class="secret">${longValue(t, created.token, "new-key")}</div></section>`;
}

function newKeyForm(ctx: ViewCtx) {
  const { t } = ctx;
  const opt = (m: Mode) =>
    html`<option value="${m}"${m === ctx.who.mode ? html` selected` : ""}>${t(`mode.${m}`)}</option>`;
  return html`<section class="card"><h2>${t("keys.new")}</h2>${postForm(
    ctx,
    "/dashboard/keys",
    html`<label>${t("keys.label")}<input type="text" name="label" maxlength="100" required placeholder="${t("keys.label.example")}"></label>
${onceInput(ctx.formKey)}<label>${t("keys.mode")}<select name="mode">${opt("test")}${opt("live")}</select></label>
<label>${t("keys.scopes")}<select name="scopes"><option value="all" selected>${t("keys.scopes.all")}</option><option value="charges">${t("keys.scopes.charges")}</option></select></label>
<button type="submit">${t("keys.create")}</button>`,
    { class: "stack" },
  )}</section>`;
}
