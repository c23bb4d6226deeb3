import { AUDIT_ACTIONS } from "../../../domain/audit/actions.ts";
import type { AuditEntryView } from "../../../domain/audit/list-audit.ts";
import { html, joinHtml, type SafeHtml } from "../../html.ts";
import { withQuery } from "../../layout.ts";
import type { DashT } from "../chrome.ts";
import { when } from "../format.ts";
import type { ViewCtx } from "../routes/page.ts";
import { dataTable } from "./parts.ts";

// The account's audit log (docs/security.md): who did what, from where, newest first, with the
// fields changed; filtered by action, a page of 50 at a time. Both modes' entries: the user acts
// on the account as a whole.

export type AuditPage = {
  action: string | undefined;
  page: number;
  entries: AuditEntryView[];
  hasMore: boolean;
};

const short = (v: unknown): string =>
  v === undefined ? "" : typeof v === "string" ? v : JSON.stringify(v);

function changesCell(e: AuditEntryView): SafeHtml | string {
  const fields = Object.entries(e.changes ?? {});
  if (fields.length === 0) return "—";
  // One block per field: the cell may lay its children out as a grid (a phone's card).
  return html`<div>${fields.map(([name, c]) => {
    const from = short(c.before);
    const to = short(c.after);
    return html`<div><code>${name}</code>: ${from ? html`${from} → ` : ""}${to}</div>`;
  })}</div>`;
}

function actorCell(t: DashT, e: AuditEntryView): SafeHtml {
  const kind = t(`audit.kind.${e.actorKind}`);
  const from = joinHtml(
    [e.ip ?? "", e.userAgent ?? ""].filter(Boolean).map((v) => html`<span>${v}</span>`),
    html` · `,
  );
  return html`<div><span class="long" title="${e.actor}">${e.actor}</span> <span class="muted">(${kind})</span>${e.ip || e.userAgent ? html`<br><small class="muted long">${from}</small>` : ""}</div>`;
}

export function auditView(ctx: ViewCtx, data: AuditPage) {
  const { t, url } = ctx;
  const opt = (value: string, label: string) =>
    html`<option value="${value}"${value === (data.action ?? "") ? html` selected` : ""}>${label}</option>`;
  const table =
    data.entries.length === 0
      ? html`<p class="muted">${t("audit.none")}</p>`
      : dataTable(
          data.entries,
          [
            { label: t("audit.when"), cell: (e) => when(t, e.at) },
            {
              label: t("audit.action"),
              cell: (e) =>
                html`<div><code>${e.action}</code>${e.target ? html`<br><small class="muted mono" title="${t("audit.target")}">${e.target}</small>` : ""}</div>`,
            },
            { label: t("audit.actor"), cell: (e) => actorCell(t, e) },
            { label: t("audit.changes"), cell: changesCell },
            {
              label: t("audit.seq"),
              cell: (e) => html`<span title="${e.hash}">#${e.seq}</span>`,
              class: "num opt",
            },
          ],
          { tableClass: "audit" },
        );
  const pager = html`<div class="pager">${data.page > 1 ? html`<a href="${withQuery(url, { page: String(data.page - 1) })}">${t("audit.newer")}</a>` : html`<span></span>`}${data.hasMore ? html`<a href="${withQuery(url, { page: String(data.page + 1) })}">${t("audit.older")}</a>` : ""}</div>`;
  return {
    title: t("nav.audit"),
    main: html`<h1>${t("audit.heading")}</h1>
<p class="muted">${t("audit.intro")}</p>
<form class="filters" method="get" action="/dashboard/audit">
<label>${t("audit.action")}<select name="action">${opt("", t("audit.all"))}${AUDIT_ACTIONS.map((a) => opt(a, a))}</select></label>
<button type="submit" class="secondary">${t("audit.filter")}</button>
</form>
${table}
${pager}`,
  };
}
