import type { Db } from "../../../kernel/db.ts";

/** Gives claimed deliveries back untouched (the worker had no room to run them). */
export async function releaseClaims(db: Db, ids: string[], worker: string): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    "UPDATE deliveries SET locked_until = NULL, locked_by = NULL WHERE id = ANY ($1::text[]) AND locked_by = $2",
    [ids, worker],
  );
}
