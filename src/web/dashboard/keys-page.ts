import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../../deps.ts";
import { FIRST_START_TOKEN_LABEL } from "../../domain/first-start/bootstrap.ts";
import { submitOnce } from "../../domain/idempotency/submit-once.ts";
import { issueToken, listTokens, revokeToken } from "../../domain/tokens/manage-tokens.ts";
import { CreateTokenSchema } from "../../domain/tokens/schemas.ts";
import { CHARGES_ONLY } from "../../domain/tokens/scopes.ts";
import type { Mode } from "../../kernel/mode.ts";
import { onceField, sealFor, submission } from "../form-once.ts";
import { formText } from "../forms.ts";
import { type HtmlValue, html } from "../html.ts";
import { confirmAction, dashT, type Flash, postForm, runAction, sendDashPage } from "./chrome.ts";
import { badge, parseForm, when } from "./format.ts";
import { signed, signedInRoutes } from "./session.ts";

// API keys: create one (its value shown once, here, with a copy button and a warning), list the
// mode's keys by prefix, revoke with a confirmation. A dashboard user acts as the account's
// owner, so they may create live keys; the list shows the keys of the mode being viewed, with
// their scopes. The form offers full access or the "charges only" preset (domain/tokens/scopes.ts).

export function registerKeyPages(web: FastifyInstance, deps: AppDeps): void {
  const r = signedInRoutes(web, deps);

  const render = async (
    req: FastifyRequest,
    reply: FastifyReply,
    opts: {
      flash?: Flash;
      status?: number;
      created?: { token: string; mode: Mode; label: string };
    } = {},
  ) => {
    const t = dashT(req);
    const { who } = signed(req);
    const keys = (await listTokens(deps, { accountId: who.accountId })).tokens.filter(
      (k) => k.mode === who.mode,
    );
    // A key made for the other mode is not in this view's list: say where it went.
    const elsewhere = opts.created && opts.created.mode !== who.mode;
    const created: HtmlValue = opts.created
      ? html`<section class="flash warn" role="status"><strong>${t("keys.created", { label: opts.created.label, mode: t(`mode.${opts.created.mode}`) })}</strong>
<p>${t("keys.once")}</p>${elsewhere ? html`<p class="key-elsewhere">${t("keys.elsewhere", { mode: t(`mode.${opts.created.mode}`) })}</p>` : ""}
<div class="secret"><code id="new-key">${opts.created.token}</code><button type="button" data-copy="#new-key" data-copied="${t("action.copied")}">${t("action.copy")}</button></div></section>`
      : "";
    // The first start's token was labelled before anyone chose a language.
    const labelOf = (label: string) =>
      label === FIRST_START_TOKEN_LABEL ? t("keys.firstStartLabel") : label;
    const opt = (m: Mode) =>
      html`<option value="${m}"${m === who.mode ? html` selected` : ""}>${t(`mode.${m}`)}</option>`;
    return sendDashPage(req, reply, {
      section: "keys",
      title: t("nav.keys"),
      flash: opts.flash,
      status: opts.status,
      main: html`<h1>${t("keys.heading")}</h1>${created}
${
  keys.length === 0
    ? html`<p class="muted">${t("keys.none")}</p>`
    : html`<div class="table-wrap"><table><thead><tr><th>${t("keys.label")}</th><th>${t("keys.prefix")}</th><th>${t("keys.scopes")}</th><th>${t("charges.created")}</th><th>${t("keys.lastUsed")}</th><th><span class="visually-hidden">${t("keys.actions")}</span></th></tr></thead><tbody>${keys.map(
        (
          k,
        ) => html`<tr data-key="${k.id}"><td>${labelOf(k.label)}</td><td class="mono">${k.prefix}…</td><td class="mono" data-scopes>${k.scopes ? k.scopes.join(" ") : t("keys.scopes.all")}</td><td>${when(t, k.createdAt)}</td><td>${when(t, k.lastUsedAt)}</td>
<td class="actions">${
          k.revokedAt
            ? badge(t, "revoked")
            : confirmAction(req, {
                action: `/dashboard/keys/${encodeURIComponent(k.id)}/revoke`,
                label: t("keys.revoke"),
                question: t("keys.revoke.q", { label: labelOf(k.label) }),
                confirm: t("keys.revoke"),
                danger: true,
              })
        }</td></tr>`,
      )}</tbody></table></div>`
}
<section class="card"><h2>${t("keys.new")}</h2>${postForm(
        req,
        "/dashboard/keys",
        html`<label>${t("keys.label")}<input type="text" name="label" maxlength="100" required placeholder="${t("keys.label.example")}"></label>
${onceField(deps)}<label>${t("keys.mode")}<select name="mode">${opt("test")}${opt("live")}</select></label>
<label>${t("keys.scopes")}<select name="scopes"><option value="all" selected>${t("keys.scopes.all")}</option><option value="charges">${t("keys.scopes.charges")}</option></select></label>
<button type="submit">${t("keys.create")}</button>`,
        { class: "stack" },
      )}</section>`,
    });
  };

  r.get("/dashboard/keys", (req, reply) => render(req, reply));

  r.post("/dashboard/keys", async (req, reply) => {
    const { who } = signed(req);
    const label = formText(req.body, "label");
    const mode: Mode = formText(req.body, "mode") === "live" ? "live" : "test";
    const scopes = formText(req.body, "scopes") === "charges" ? [...CHARGES_ONLY] : undefined;
    const sub = submission(req, who, "/dashboard/keys", { label, mode, scopes: scopes ?? "all" });
    // A double click makes one key; the second answer shows the same value (stored sealed).
    const done = await runAction(() =>
      submitOnce(
        deps,
        sub,
        {
          run: async (db) => {
            const input = parseForm(CreateTokenSchema, { label, mode, scopes });
            const issued = await issueToken(
              { ...deps, db },
              { accountId: who.accountId, label: input.label, mode, scopes: input.scopes },
            );
            return { token: issued.token };
          },
        },
        sealFor(deps, sub),
      ),
    );
    if (!done.ok) return render(req, reply, { flash: done.flash, status: done.status });
    // The value is shown in this response only: never in a URL, never stored.
    return render(req, reply, { created: { token: done.value.token, mode, label } });
  });

  r.post("/dashboard/keys/:id/revoke", async (req, reply) => {
    const t = dashT(req);
    const id = (req.params as { id: string }).id;
    const done = await runAction(() =>
      revokeToken(deps, {
        accountId: signed(req).who.accountId,
        id,
        onlyMode: signed(req).who.mode,
      }),
    );
    if (!done.ok) return render(req, reply, { flash: done.flash, status: done.status });
    // Every instance refuses a revoked token within a second; this one at once.
    deps.authenticator.forgetAll();
    return render(req, reply, {
      flash: { kind: "ok", text: t("keys.revoked", { label: done.value.label }) },
    });
  });
}
