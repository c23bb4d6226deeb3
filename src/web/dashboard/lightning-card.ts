import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../../deps.ts";
import {
  currentLightningConnection,
  deleteLightningConnection,
  saveLightningConnection,
} from "../../domain/lightning/manage-connection.ts";
import { SaveLightningConnectionSchema } from "../../domain/lightning/schemas.ts";
import type { Principal } from "../../kernel/mode.ts";
import { formText } from "../forms.ts";
import { html, type SafeHtml } from "../html.ts";
import { dashT, type Flash, postForm, runAction } from "./chrome.ts";
import { parseForm } from "./format.ts";
import { signed, signedInRoutes } from "./session.ts";

// The Lightning node card of the wallet page: the connection of this mode (never its secret),
// a form to connect LND or phoenixd (checked at the node on save), and disconnect.

export async function lightningCard(
  deps: AppDeps,
  req: FastifyRequest,
  who: Principal,
): Promise<SafeHtml> {
  const t = dashT(req);
  const row = await currentLightningConnection(deps, who);
  const current = row
    ? html`<dl class="facts" id="ln-connection"><dt>${t("ln.backend")}</dt><dd>${row.backend}</dd><dt>URL</dt><dd class="mono">${row.url}</dd><dt>${t("wallet.network")}</dt><dd>${row.network}</dd><dt>${t("ln.nodeId")}</dt><dd class="mono">${row.nodeId ?? "—"}</dd></dl>${postForm(req, "/dashboard/wallet/lightning/delete", html`<button type="submit" class="secondary">${t("ln.disconnect")}</button>`, { confirm: t("ln.disconnect.q") })}`
    : html`<p>${t("ln.none")}</p>`;
  return html`<section class="card" id="lightning"><h2>${t("ln.heading")}</h2><p class="muted">${t(who.mode === "live" ? "ln.help.live" : "ln.help.test")}</p>${current}
<h3>${t("ln.connect")}</h3>${postForm(
    req,
    "/dashboard/wallet/lightning",
    html`<label>${t("ln.backend")}<select name="backend"><option value="lnd">LND (REST)</option><option value="phoenixd">phoenixd</option></select></label>
<label>URL<input name="url" type="url" required autocomplete="off" placeholder="https://mynode:8080"></label>
<label>${t("ln.macaroon")}<textarea name="macaroon" spellcheck="false" autocomplete="off"></textarea></label>
<label>${t("ln.tlsCert")}<textarea name="tls_certificate" spellcheck="false" autocomplete="off"></textarea></label>
<label>${t("ln.password")}<input name="password" type="password" autocomplete="off"></label>
<button type="submit">${t("ln.save")}</button>`,
    { class: "stack" },
  )}</section>`;
}

export function registerLightningActions(
  web: FastifyInstance,
  deps: AppDeps,
  render: (req: FastifyRequest, reply: FastifyReply, flash: Flash, status?: number) => unknown,
): void {
  const r = signedInRoutes(web, deps);
  r.post("/dashboard/wallet/lightning", async (req, reply) => {
    const t = dashT(req);
    const field = (k: string) => {
      const v = formText(req.body, k).trim();
      return v ? { [k]: v } : {};
    };
    const done = await runAction(() =>
      saveLightningConnection(
        deps,
        signed(req).who,
        parseForm(SaveLightningConnectionSchema, {
          backend: formText(req.body, "backend"),
          url: formText(req.body, "url"),
          ...field("macaroon"),
          ...field("tls_certificate"),
          ...field("password"),
        }),
      ),
    );
    if (!done.ok) return render(req, reply, done.flash, done.status);
    return render(req, reply, { kind: "ok", text: t("ln.saved", { network: done.value.network }) });
  });
  r.post("/dashboard/wallet/lightning/delete", async (req, reply) => {
    const t = dashT(req);
    const done = await runAction(() => deleteLightningConnection(deps, signed(req).who));
    if (!done.ok) return render(req, reply, done.flash, done.status);
    return render(req, reply, { kind: "ok", text: t("ln.deleted") });
  });
}
