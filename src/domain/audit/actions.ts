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
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
