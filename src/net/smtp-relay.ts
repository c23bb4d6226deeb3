import { isIP } from "node:net";
import { createTransport } from "nodemailer";

// An SMTP relay, spoken to through nodemailer (the ecosystem's standard client: pooled
// connections, STARTTLS, AUTH, RFC 5322 composition, and the SMTP replies as data). One relay
// per mode: test mode has its own (a mail catcher) and never reaches the live one.
//
// TLS: smtps:// starts with TLS. smtp:// upgrades with STARTTLS whenever the server offers it,
// and requires it unless the relay is on this machine (loopback), where a local relay or mail
// catcher is normal and traffic never leaves the host: there an unverifiable certificate is
// accepted too. Off loopback the certificate is verified as any TLS client would.

export type OutgoingMail = {
  from: { name: string; address: string };
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  messageId: string;
  date: Date;
  headers: Record<string, string>;
  attachments: Array<{ filename: string; content: Buffer; contentType: string; cid?: string }>;
};

/** What the relay said: accepted, or refused with its reply code (undefined: none came). */
export type RelayResult =
  | { ok: true; response: string }
  | { ok: false; code: number | undefined; error: string; auth: boolean };

export type SmtpRelay = {
  send(mail: OutgoingMail): Promise<RelayResult>;
  close(): void;
};

const LOOPBACK_NAMES = new Set(["localhost", "localhost.localdomain", "ip6-localhost"]);

export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (LOOPBACK_NAMES.has(h)) return true;
  if (isIP(h) === 4) return h.startsWith("127.");
  return h === "::1";
}

export function makeSmtpRelay(
  url: string,
  opts: { maxConnections?: number; timeoutMs?: number } = {},
): SmtpRelay {
  const u = new URL(url);
  const secure = u.protocol === "smtps:";
  const host = u.hostname.replace(/^\[|\]$/g, "");
  const local = isLoopbackHost(host);
  const password = decodeURIComponent(u.password);
  const transport = createTransport({
    pool: true,
    host,
    port: u.port ? Number(u.port) : secure ? 465 : 587,
    secure,
    requireTLS: !secure && !local,
    ...(u.username ? { auth: { user: decodeURIComponent(u.username), pass: password } } : {}),
    tls: local ? { rejectUnauthorized: false } : { minVersion: "TLSv1.2" },
    maxConnections: opts.maxConnections ?? 4,
    maxMessages: 100,
    connectionTimeout: opts.timeoutMs ?? 10_000,
    greetingTimeout: opts.timeoutMs ?? 10_000,
    socketTimeout: (opts.timeoutMs ?? 10_000) * 3,
    logger: false,
    debug: false,
  });
  // A reply or error text must never carry the password (a relay may echo what it was sent).
  const scrub = (text: string) =>
    (password.length >= 3 ? text.split(password).join("***") : text).slice(0, 500);
  return {
    async send(mail) {
      try {
        const info = await transport.sendMail({
          from: mail.from,
          to: mail.to,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
          date: mail.date,
          headers: mail.headers,
          attachments: mail.attachments.map((a) => ({
            filename: a.filename,
            content: a.content,
            contentType: a.contentType,
            ...(a.cid ? { cid: a.cid, contentDisposition: "inline" as const } : {}),
          })),
          disableUrlAccess: true,
          disableFileAccess: true,
        });
        return { ok: true, response: scrub(String(info.response ?? "")) };
      } catch (err) {
        const e = err as {
          responseCode?: unknown;
          response?: unknown;
          code?: unknown;
          message?: unknown;
        };
        const code = typeof e.responseCode === "number" ? e.responseCode : undefined;
        const said = typeof e.response === "string" && e.response !== "" ? e.response : e.message;
        return {
          ok: false,
          code,
          error: scrub(String(said ?? "unknown error")),
          auth: e.code === "EAUTH",
        };
      }
    },
    close() {
      transport.close();
    },
  };
}
