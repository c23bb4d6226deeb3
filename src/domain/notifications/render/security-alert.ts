import type { MailContext, RenderedMail } from "../mail-context.ts";
import type { MailLanguage } from "../settings.ts";
import { formatBrazilTime } from "./format.ts";
import { type Block, htmlOf, textOf } from "./layout.ts";
import { subjectLine } from "./markup.ts";

// An owner's security alert (domain/audit/security-alert.ts): what changed, by whom, when, from
// which IP, and what to do if it was not them. Rendered from the audit entry, whose changes
// never hold a secret (record-audit.ts refuses one), so nothing here can leak one; every value
// is escaped by the layout like any payer's text.

const WHAT: Record<MailLanguage, Record<string, string>> = {
  en: {
    "wallet.changed": "The Bitcoin wallet (xpub) was changed",
    "psp_connection.saved": "The PIX provider connection (PSP) or its certificate was saved",
    "psp_connection.deleted": "The PIX provider connection (PSP) was removed",
    "lightning.saved": "The Lightning node was connected or changed",
    "lightning.deleted": "The Lightning node was disconnected",
    "webhook.created": "A webhook was created",
    "key.created": "An API key was created",
  },
  "pt-BR": {
    "wallet.changed": "A carteira Bitcoin (xpub) foi trocada",
    "psp_connection.saved": "A conexão com o provedor PIX (PSP) ou seu certificado foi salva",
    "psp_connection.deleted": "A conexão com o provedor PIX (PSP) foi removida",
    "lightning.saved": "O nó Lightning foi conectado ou trocado",
    "lightning.deleted": "O nó Lightning foi desconectado",
    "webhook.created": "Um webhook foi criado",
    "key.created": "Uma chave de API foi criada",
  },
};

const WORDS = {
  en: {
    subject: "Security alert for {shop}: {what}",
    heading: "Security alert",
    intro: "A change was made to where the money of {shop} goes, or to who can reach it.",
    what: "What",
    mode: "Mode",
    by: "By",
    user: "user {id}",
    key: "API key {id}",
    system: "the operator's command line ({id})",
    at: "When",
    ip: "IP address",
    unknownIp: "not recorded",
    target: "Target",
    changes: "Changed",
    notYou:
      "If this was not you: sign in now, revoke any key you do not know, undo the change, change your password and turn on two-factor sign-in. The audit log shows every change and who made it.",
    security: "Review security",
    audit: "Open the audit log",
    footer: "Sent to every owner of the account. This alert cannot be turned off.",
  },
  "pt-BR": {
    subject: "Alerta de segurança de {shop}: {what}",
    heading: "Alerta de segurança",
    intro: "Houve uma mudança no destino do dinheiro de {shop}, ou em quem tem acesso a ele.",
    what: "O quê",
    mode: "Modo",
    by: "Por",
    user: "usuário {id}",
    key: "chave de API {id}",
    system: "a linha de comando do operador ({id})",
    at: "Quando",
    ip: "Endereço IP",
    unknownIp: "não registrado",
    target: "Alvo",
    changes: "Alterado",
    notYou:
      "Se não foi você: entre agora, revogue as chaves que não reconhece, desfaça a mudança, troque sua senha e ative a verificação em duas etapas. O registro de auditoria mostra cada mudança e quem a fez.",
    security: "Revisar a segurança",
    audit: "Abrir o registro de auditoria",
    footer: "Enviado a todos os donos da conta. Este alerta não pode ser desativado.",
  },
} as const;

type Key = keyof (typeof WORDS)["en"];

const fill = (s: string, p: Record<string, string>) =>
  s.replace(/\{(\w+)\}/g, (_, k: string) => p[k] ?? "");

/** A field's value as a short line: JSON for what is not text, cut at 200 characters. */
function shown(v: unknown): string {
  if (v === undefined || v === null) return "—";
  const s = typeof v === "string" ? v : JSON.stringify(v);
  return s.length > 200 ? `${s.slice(0, 199)}…` : s;
}

export function renderSecurityAlert(lang: MailLanguage, ctx: MailContext): RenderedMail {
  const entry = ctx.alert;
  if (!entry) throw new Error("a security alert's context lacks its audit entry");
  const t = (k: Key, p: Record<string, string> = {}) => fill(WORDS[lang][k], p);
  const shop = ctx.shop.name;
  const what = WHAT[lang][entry.action] ?? entry.action;
  const subject = subjectLine(t("subject", { shop, what }));
  const rows: Array<readonly [string, string]> = [
    [t("what"), what],
    [t("mode"), entry.mode ?? "—"],
    [t("by"), t(entry.actorKind, { id: entry.actor })],
    [t("at"), formatBrazilTime(lang, entry.at)],
    [t("ip"), entry.ip ?? t("unknownIp")],
  ];
  if (entry.target) rows.push([t("target"), entry.target]);
  const changes = (entry.changes ?? {}) as Record<string, { before?: unknown; after?: unknown }>;
  for (const [field, c] of Object.entries(changes)) {
    const line = "before" in c ? `${shown(c.before)} → ${shown(c.after)}` : shown(c.after);
    rows.push([`${t("changes")}: ${field}`, line]);
  }
  const blocks: Block[] = [
    { kind: "heading", text: t("heading") },
    { kind: "para", text: t("intro", { shop }) },
    { kind: "facts", rows },
    { kind: "para", text: t("notYou"), strong: true },
    ...(ctx.links.securityUrl
      ? [{ kind: "button", label: t("security"), url: ctx.links.securityUrl } as const]
      : []),
    ...(ctx.links.auditUrl
      ? [{ kind: "button", label: t("audit"), url: ctx.links.auditUrl } as const]
      : []),
    { kind: "footer", text: t("footer") },
  ];
  return { subject, text: textOf(blocks), html: htmlOf(lang, subject, blocks), attachments: [] };
}
