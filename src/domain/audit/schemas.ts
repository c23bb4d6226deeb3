import { z } from "zod";
import { AUDIT_ACTIONS } from "./actions.ts";

/**
 * The `data` of account.security: the facts of one audit entry that raised an alert
 * (security-alert.ts). `changes` holds the entry's own fields, which never name a secret
 * (record-audit.ts refuses one).
 */
export const AccountSecurityDataSchema = z.object({
  auditId: z.string().describe("The audit log entry (GET /api/audit-log)."),
  action: z.enum(AUDIT_ACTIONS),
  actor: z.object({
    kind: z.enum(["user", "key", "system"]),
    id: z.string().describe("The user's e-mail, the API key's id, or `cli`."),
  }),
  ip: z.string().nullable(),
  at: z.string().describe("When the change was made (ISO 8601)."),
  target: z.string().nullable().describe("What changed: a webhook's or key's id, a node id…"),
  changes: z
    .record(z.string(), z.object({ before: z.unknown().optional(), after: z.unknown().optional() }))
    .describe("Each changed field, before and after; never a secret's value."),
});
export type AccountSecurityData = z.infer<typeof AccountSecurityDataSchema>;
