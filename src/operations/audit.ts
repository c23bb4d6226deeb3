import {
  AuditListSchema,
  ListAuditArgsSchema,
  ListAuditQuerySchema,
  listAuditLog,
} from "../domain/audit/list-audit.ts";
import { operation } from "./operation.ts";

// The account's tamper-evident audit log (docs/security.md, "Audit log"): read only; entries are
// written by the use cases that make each change.

export const AUDIT_OPERATIONS = [
  operation({
    id: "listAuditLog",
    method: "GET",
    path: "/api/audit-log",
    auth: "required",
    scope: "audit:read",
    summary:
      "The audit log, newest first: sign-ins, keys, webhooks, connections, members, settings (a test key sees test mode's only)",
    tags: ["audit"],
    input: ListAuditQuerySchema,
    args: ListAuditArgsSchema,
    output: AuditListSchema,
    run: (c, input) => listAuditLog(c.deps, c.principal, input),
    tool: {
      name: "list_audit_log",
      description:
        "Who did what to the account, newest first: action, actor (e-mail or key id), IP, user agent, target, changed fields (never secrets), chain hashes (filter by action, actor, from, to).",
    },
  }),
];
