import type { PasskeyListing } from "../../../domain/users/passkeys.ts";
import type { SessionListing } from "../../../domain/users/sessions.ts";
import type { Enrolment } from "../../../domain/users/two-factor.ts";
import { renderQrSvg } from "../../../qr/qr-svg.ts";
import { type HtmlValue, html, raw } from "../../html.ts";
import { type DashT, postForm } from "../chrome.ts";
import { when } from "../format.ts";
import type { ViewCtx } from "../routes/page.ts";
import { dataTable } from "./parts.ts";
import { passkeysCard } from "./passkeys.ts";

// The Security page: the authenticator app (set up with a QR code and the secret as text, the
// first code confirming; then the recovery codes, shown once; turned off with a code), the
// user's passkeys (views/passkeys.ts) and the user's open sessions (device, address, last seen), each signed out on its own or all others.

export type SecurityData = {
  enabled: boolean;
  codesLeft: number;
  sessions: SessionListing[];
  passkeys: PasskeyListing[];
};
export type SecurityOpts = { enrolment?: Enrolment | undefined; recoveryCodes?: string[] };

export function securityView(ctx: ViewCtx, data: SecurityData, opts: SecurityOpts) {
  const { t } = ctx;
  return {
    title: t("nav.security"),
    main: html`<h1>${t("security.heading")}</h1>
${opts.recoveryCodes ? recoveryCodes(t, opts.recoveryCodes) : ""}
${totpCard(ctx, data, opts)}
${passkeysCard(ctx, data.passkeys)}
${sessionsCard(ctx, data.sessions)}`,
  };
}

function totpCard(ctx: ViewCtx, data: SecurityData, opts: SecurityOpts): HtmlValue {
  const { t } = ctx;
  const head = html`<h2>${t("security.totp")}</h2>`;
  if (data.enabled) {
    return html`<section class="card" data-totp="on">${head}<p><span class="badge ok">${t("security.totp.on")}</span> ${t("security.codesLeft", { n: data.codesLeft })}</p>${postForm(
      ctx,
      "/dashboard/security/totp/disable",
      html`<label>${t("security.disable.code")}<input type="text" name="code" autocomplete="one-time-code" autocapitalize="off" spellcheck="false" maxlength="20" required></label>
<button type="submit" class="danger">${t("security.disable")}</button>`,
      { class: "stack" },
    )}</section>`;
  }
  if (opts.enrolment) return enrolCard(ctx, opts.enrolment);
  return html`<section class="card" data-totp="off">${head}<p>${t("security.totp.off")}</p>${postForm(
    ctx,
    "/dashboard/security/totp/start",
    html`<button type="submit">${t("security.enable")}</button>`,
  )}</section>`;
}

/** The secret in groups of four, as an app's manual entry shows it. */
export const groupedSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

function enrolCard(ctx: ViewCtx, e: Enrolment): HtmlValue {
  const { t } = ctx;
  return html`<section class="card" data-totp="setup"><h2>${t("security.totp")}</h2>
<ol class="steps"><li>${t("security.step.scan")}</li><li>${t("security.step.code")}</li></ol>
<figure class="pay-qr totp-qr">${raw(renderQrSvg(e.uri, { title: t("security.qrAlt") }))}</figure>
<p>${t("security.manual")}</p>
<p class="secret"><code id="totp-secret" data-secret="${e.secret}">${groupedSecret(e.secret)}</code></p>
${postForm(
  ctx,
  "/dashboard/security/totp/confirm",
  html`<label>${t("security.confirm.code")}<input type="text" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="8" required></label>
<button type="submit">${t("security.confirm")}</button>`,
  { class: "stack" },
)}</section>`;
}

function recoveryCodes(t: DashT, codes: string[]): HtmlValue {
  return html`<section class="flash warn" role="status" data-recovery-codes><strong>${t("security.recovery.title")}</strong>
<p>${t("security.recovery.once")}</p>
<ol class="recovery-codes mono">${codes.map((c) => html`<li><code>${c}</code></li>`)}</ol></section>`;
}

function sessionsCard(ctx: ViewCtx, sessions: SessionListing[]): HtmlValue {
  const { t } = ctx;
  const table = dataTable(
    sessions,
    [
      {
        label: t("security.device"),
        cell: (s) =>
          html`${deviceName(s.userAgent) ?? t("security.device.unknown")}${s.current ? html` <span class="badge">${t("security.thisOne")}</span>` : ""}`,
      },
      { label: t("security.ip"), cell: (s) => s.ip ?? "", class: "mono" },
      { label: t("security.lastSeen"), cell: (s) => when(t, s.lastSeenAt) },
      {
        label: t("keys.actions"),
        hideLabel: true,
        class: "actions",
        cell: (s) =>
          s.current
            ? ""
            : postForm(
                ctx,
                `/dashboard/security/sessions/${s.ref}/end`,
                html`<button type="submit" class="secondary">${t("security.signOutOne")}</button>`,
              ),
      },
    ],
    { rowAttrs: (s) => html` data-session="${s.ref}"` },
  );
  const others = sessions.some((s) => !s.current);
  return html`<section class="card"><h2>${t("security.sessions")}</h2>${table}${
    others
      ? postForm(
          ctx,
          "/dashboard/security/sessions/end-others",
          html`<button type="submit" class="danger">${t("security.signOutOthers")}</button>`,
        )
      : ""
  }</section>`;
}

/** A person's name for a browser from its User-Agent: "Firefox on Android", or undefined. */
export function deviceName(ua: string | null): string | undefined {
  if (!ua) return undefined;
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\//.test(ua)
      ? "Opera"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /HeadlessChrome|Chromium\//.test(ua)
          ? "Chromium"
          : /Chrome\//.test(ua)
            ? "Chrome"
            : /Safari\//.test(ua)
              ? "Safari"
              : undefined;
  const os = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad|iPod/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X|Macintosh/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : undefined;
  if (browser && os) return `${browser} · ${os}`;
  return browser ?? os ?? ua.slice(0, 40);
}
