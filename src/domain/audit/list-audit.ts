import { z } from "zod";
import { type AuditRow, listEntries } from "../../db/queries/audit-log.ts";
import type { Db } from "../../kernel/db.ts";
import { type Mode, ModeSchema } from "../../kernel/mode.ts";
import { HasMore, PageArguments, PageQuery, pageOf } from "../list-limit.ts";

// GET /api/audit-log and the tool list_audit_log. A live key sees the whole log; a test key
// (the kind handed to assistants and sandboxes) sees only entries about test mode: the
// account's sign-ins, members, settings and live keys are not a sandbox's business.

const Instant = z
  .string()
  .trim()
  .refine(
    (v) =>
      /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(v) &&
      !Number.isNaN(Date.parse(v)),
    "must be an ISO 8601 date or date-time, e.g. 2026-11-26 or 2026-11-26T12:00:00Z",
  );
const Filters = {
  action: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(64)
    .optional()
    .describe("Only this action, e.g. sign_in.failed or key.created."),
  actor: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(320)
    .optional()
    .describe("Only this actor: a user's e-mail or a key's id."),
  from: Instant.optional().describe("Only entries at or after this instant."),
  to: Instant.optional().describe("Only entries before this instant."),
};
export const ListAuditQuerySchema = z.strictObject({ ...Filters, ...PageQuery });
export const ListAuditArgsSchema = z.strictObject({ ...Filters, ...PageArguments });
type ListAuditInput = z.output<typeof ListAuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  seq: z.number().int().describe("Position in the account's chain, from 1."),
  at: z.string(),
  mode: ModeSchema.nullable().describe("The mode the action concerned; null: the whole account."),
  actorKind: z.enum(["user", "key", "system"]),
  actor: z.string().describe("The user's e-mail, the key's id, or the system part (cli)."),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable().describe("What was acted on (a key, a webhook, a member)."),
  changes: z
    .record(z.string(), z.object({ before: z.unknown().optional(), after: z.unknown().optional() }))
    .nullable()
    .describe("Fields changed, before and after; never a secret."),
  prevHash: z.string(),
  hash: z.string().describe("sha256 of the entry's fields and prevHash."),
});
export type AuditEntryView = z.infer<typeof AuditEntrySchema>;

export const AuditListSchema = z.object({ entries: z.array(AuditEntrySchema), hasMore: HasMore });

export async function listAuditLog(
  deps: { db: Db },
  who: { accountId: string; mode: Mode },
  input: ListAuditInput,
): Promise<{ entries: AuditEntryView[]; hasMore: boolean }> {
  const live = who.mode === "live";
  const rows = await listEntries(
    deps.db,
    {
      accountId: who.accountId,
      modes: live ? ["test", "live"] : ["test"],
      includeAccountWide: live,
      action: input.action,
      actor: input.actor,
      from: input.from ? new Date(input.from) : undefined,
      to: input.to ? new Date(input.to) : undefined,
    },
    { limit: input.limit + 1, offset: input.offset },
  );
  const page = pageOf(rows, input.limit);
  return { entries: page.items.map(auditView), hasMore: page.hasMore };
}

export function auditView(r: AuditRow): AuditEntryView {
  return {
    id: r.id,
    seq: r.seq,
    at: r.at.toISOString(),
    mode: r.mode,
    actorKind: r.actorKind,
    actor: r.actor,
    ip: r.ip,
    userAgent: r.userAgent,
    action: r.action,
    target: r.target,
    changes: r.changes as AuditEntryView["changes"],
    prevHash: r.prevHash,
    hash: r.hash,
  };
}
