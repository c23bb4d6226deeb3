import type { Json } from "./audit-hash.ts";
import type { AuditChanges } from "./record-audit.ts";

/**
 * The fields of two shallow records that differ, each with its before and after: what a
 * settings change writes to the log. Give it non-secret fields only.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): AuditChanges {
  const out: AuditChanges = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const b = (before[key] ?? null) as Json;
    const a = (after[key] ?? null) as Json;
    if (JSON.stringify(b) !== JSON.stringify(a)) out[key] = { before: b, after: a };
  }
  return out;
}
