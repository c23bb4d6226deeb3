// The actions the audit log records (docs/security.md, "Audit log"): the dashboard's filter
// offers these, and each call site writes one of them.
export const AUDIT_ACTIONS = [
  "sign_in.succeeded",
  "sign_in.failed",
  "session.ended",
  "key.created",
  "key.revoked",
  "webhook.created",
  "webhook.deleted",
  "wallet.changed",
  "psp_connection.saved",
  "psp_connection.deleted",
  "lightning.saved",
  "lightning.deleted",
  "member.invited",
  "member.joined",
  "member.removed",
  "member.role_changed",
  "settings.changed",
  "two_factor.enabled",
  "two_factor.disabled",
  "two_factor.recovery_code_used",
  "passkey.added",
  "passkey.removed",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The actions that raise a security alert (docs/security.md, "Alerts"): what routes the money
 * (the wallet, the PSP connection and its certificate, the Lightning node, a webhook's URL) and
 * a new key. Made in live mode, each such entry mails every owner of the account and is a live
 * `account.security` event. This list alone decides (security-alert.ts).
 */
export const ALERT_ACTIONS: ReadonlySet<AuditAction> = new Set<AuditAction>([
  "wallet.changed",
  "psp_connection.saved",
  "psp_connection.deleted",
  "lightning.saved",
  "lightning.deleted",
  "webhook.created",
  "key.created",
]);
