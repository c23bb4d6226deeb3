import type { NotificationsPage } from "../../../domain/dashboard/notifications.ts";
import { MAIL_KINDS } from "../../../domain/notifications/kinds.ts";
import type { NotificationView } from "../../../domain/notifications/schemas.ts";
import { noRelayReason } from "../../../domain/notifications/send-notification.ts";
import { type HtmlValue, html, joinHtml, raw, type SafeHtml } from "../../html.ts";
import { type DashT, postForm } from "../chrome.ts";
import { when } from "../format.ts";
import type { ViewCtx } from "../routes/page.ts";
import { dataTable } from "./parts.ts";

// The payers' mail in the dashboard: the log of mails (on the notifications page and, for one
// charge, on its page with "send the bill again"), whether this mode's mail can leave at all,
// the settings form, and the bill as a payer would get it.

const STATUS_BADGE: Record<NotificationView["status"], string> = {
  sent: "ok",
  pending: "pending",
  failed: "failed",
  not_sent: "failed",
};

const kindLabel = (t: DashT, kind: string) =>
  (MAIL_KINDS as readonly string[]).includes(kind)
    ? t(`mail.kind.${kind}` as "mail.kind.bill")
    : kind;

/**
 * A mail's last error: the relay's reply as it came (the merchant's mail admin reads it), but a
 * mode without a relay, the usual case in test mode, said in the page's language.
 */
function lastError(t: DashT, error: string | null): string {
  if (error === null) return "—";
  if (error === noRelayReason("test")) return t("mail.error.noRelay.test");
  if (error === noRelayReason("live")) return t("mail.error.noRelay.live");
  return error;
}

/** The mails as a table (a card per mail on a phone): kind, recipient, status, error, time. */
export function mailTable(t: DashT, rows: readonly NotificationView[]): SafeHtml {
  if (rows.length === 0) return html`<p class="muted">${t("mail.none")}</p>`;
  return dataTable(
    rows,
    [
      { label: t("mail.kind"), cell: (n) => kindLabel(t, n.kind) },
      {
        label: t("mail.recipient"),
        cell: (n) => html`<span class="mono long">${n.recipient}</span>`,
      },
      {
        label: t("charges.status"),
        cell: (n) =>
          html`<span class="badge ${STATUS_BADGE[n.status]}" data-mail-status="${n.status}">${t(`mail.status.${n.status}`)}</span>`,
      },
      { label: t("mail.lastError"), cell: (n) => lastError(t, n.lastError) },
      { label: t("mail.time"), cell: (n) => when(t, n.sentAt ?? n.scheduledFor) },
    ],
    { tableClass: "mails" },
  );
}

/** A charge's mails and, when it has a payer's address, the button that sends its bill again. */
export function chargeMailsCard(
  ctx: ViewCtx,
  chargeId: string,
  email: string | null,
  rows: readonly NotificationView[],
): HtmlValue {
  if (!email) return "";
  const { t } = ctx;
  const action = `/dashboard/charges/${encodeURIComponent(chargeId)}/resend-bill`;
  return html`<section class="card" id="mails"><h2>${t("mail.chargeHeading")}</h2>
<p class="muted">${t("mail.chargeTo")} <span class="mono long" title="${email}">${email}</span></p>
${mailTable(t, rows)}
${postForm(ctx, action, html`<button type="submit" class="secondary">${t("mail.resend")}</button>`)}</section>`;
}

// The domain's explanation is English (the API's); the page says the same in its own language.
function relayNotice(ctx: ViewCtx, relay: { configured: boolean }) {
  const { t } = ctx;
  return relay.configured
    ? html`<p class="flash ok" role="status" id="relay-status">${t("mail.relay.on")}</p>`
    : html`<p class="flash warn" role="status" id="relay-status"><strong>${t("mail.relay.off")}</strong> ${t(ctx.who.mode === "test" ? "mail.relay.off.test" : "mail.relay.off.live")}</p>`;
}

function settingsForm(ctx: ViewCtx, s: NotificationsPage["settings"]): SafeHtml {
  const { t } = ctx;
  const checked = (on: boolean) => (on ? html` checked` : "");
  const lang = (v: "pt-BR" | "en", label: string) =>
    html`<option value="${v}"${s.language === v ? html` selected` : ""}>${label}</option>`;
  return postForm(
    ctx,
    "/dashboard/notifications/settings",
    html`<fieldset><legend>${t("mail.kinds")}</legend>
${MAIL_KINDS.map((k) => html`<label class="inline"><input type="checkbox" name="kinds" value="${k}"${checked(s.kinds[k])}> ${kindLabel(t, k)}</label>`)}
</fieldset>
<label>${t("mail.language")}<select name="language">${lang("pt-BR", "Português (Brasil)")}${lang("en", "English")}</select></label>
<label>${t("mail.replyTo")}<input type="email" name="reply_to" value="${s.reply_to ?? ""}" placeholder="suporte@loja.com.br"></label>
<label>${t("mail.taxId")}<input type="text" name="tax_id" value="${s.tax_id ?? ""}" inputmode="numeric" placeholder="00.000.000/0000-00"></label>
<label>${t("mail.reminderDays")}<input type="text" name="reminder_days_before" value="${s.reminder_days_before.join(", ")}" inputmode="numeric"></label>
<p class="muted">${t("mail.reminderDays.help")}</p>
<button type="submit">${t("mail.save")}</button>`,
    { class: "stack" },
  );
}

/** The settings as facts, for a role that may read them but not change them. */
function settingsFacts(ctx: ViewCtx, s: NotificationsPage["settings"]): SafeHtml {
  const { t } = ctx;
  const on = MAIL_KINDS.filter((k) => s.kinds[k]).map((k) => kindLabel(t, k));
  return html`<dl class="facts"><dt>${t("mail.kinds")}</dt><dd>${on.length > 0 ? on.join(", ") : "—"}</dd>
<dt>${t("mail.language")}</dt><dd>${s.language === "en" ? "English" : "Português (Brasil)"}</dd>
<dt>${t("mail.replyTo")}</dt><dd>${s.reply_to ?? "—"}</dd>
<dt>${t("mail.taxId")}</dt><dd>${s.tax_id ?? "—"}</dd>
<dt>${t("mail.reminderDays")}</dt><dd>${s.reminder_days_before.join(", ") || "—"}</dd></dl>
<p class="muted" id="read-only">${t("role.readOnly")}</p>`;
}

const DONE = { saved: "mail.saved" } as const;

export function notificationsView(ctx: ViewCtx, data: NotificationsPage, opts: { done?: string }) {
  const { t } = ctx;
  const done = opts.done && opts.done in DONE ? DONE[opts.done as keyof typeof DONE] : undefined;
  return {
    title: t("nav.notifications"),
    ...(done ? { flash: { kind: "ok" as const, text: t(done) } } : {}),
    main: html`<h1>${t("mail.heading")}</h1>
${relayNotice(ctx, data.settings.relay)}
<section class="card" id="mail-settings"><h2>${t("mail.settings")}</h2>${ctx.can("notifications:write") ? settingsForm(ctx, data.settings) : settingsFacts(ctx, data.settings)}</section>
<section class="card" id="mail-preview"><h2>${t("mail.preview")}</h2>
<p class="muted">${t("mail.preview.help")}</p>
<p><strong>${t("mail.subject")}:</strong> <span id="preview-subject">${data.preview.subject.replace(/R\$ /g, "R$\u00a0")}</span></p>
<p class="preview-kinds">${joinHtml(
      MAIL_KINDS.map(
        (k) =>
          html`<a href="/dashboard/notifications/preview?kind=${k}" target="mail-preview">${kindLabel(t, k)}</a>`,
      ),
      raw(" · "),
    )}</p>
<iframe class="mail-preview" name="mail-preview" title="${t("mail.preview")}" sandbox src="/dashboard/notifications/preview?kind=bill"></iframe>
<details><summary>${t("mail.preview.text")}</summary><pre class="mail-text">${data.preview.text}</pre></details></section>
<section id="mail-log"><h2>${t("mail.log")}</h2>${mailTable(t, data.recent)}</section>`,
  };
}
