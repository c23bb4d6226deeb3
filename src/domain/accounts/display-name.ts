import { z } from "zod";
import { type AccountRow, findAccount, setDisplayName } from "../../db/queries/accounts.ts";
import type { Db } from "../../kernel/db.ts";
import { changedFields } from "../audit/changes.ts";
import { type AuditActor, type AuditDeps, recordAudit } from "../audit/record-audit.ts";
import { forbidden, notFound } from "../errors.ts";
import { toAppError } from "../input-errors.ts";

// The account's display name: whom a payer pays ("Pagamento para Ateliê da Ana" on the payment
// and checkout pages). The merchant sets it at setup and changes it from the dashboard, the API
// (GET /api/account, POST /api/account/update) or the CLI (tostao account rename). It is shown
// to strangers, so it is kept to a short line of printable text: letters of any script, digits,
// spaces and common punctuation; no control or formatting characters (which could reorder or
// hide text on the page), no angle brackets.

export const DISPLAY_NAME_MAX = 80;

export const DisplayNameSchema = z
  .string()
  .trim()
  .min(2, "must be 2 to 80 characters")
  .max(DISPLAY_NAME_MAX, "must be 2 to 80 characters")
  .regex(
    /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} .,'&()\-/+!?:@#ºª°’]*$/u,
    "must start with a letter or digit and hold only letters, digits, spaces and . , ' & ( ) - / + ! ? : @ #",
  );

export const UpdateAccountSchema = z.strictObject({
  display_name: DisplayNameSchema.describe("The name payers see on the payment and checkout pages"),
});

export const AccountViewSchema = z.object({
  id: z.string(),
  display_name: z.string().nullable(),
  createdAt: z.string(),
});
export type AccountView = z.infer<typeof AccountViewSchema>;

/** A display name checked as the API checks it (a 422 naming display_name). */
export function checkDisplayName(value: string): string {
  const parsed = DisplayNameSchema.safeParse(value);
  if (!parsed.success) {
    throw toAppError(parsed.error.issues.map((i) => ({ ...i, path: ["display_name"] })));
  }
  return parsed.data;
}

export function accountView(a: AccountRow): AccountView {
  return { id: a.id, display_name: a.displayName, createdAt: a.createdAt.toISOString() };
}

/** The caller's account. */
export async function readAccount(deps: { db: Db }, accountId: string): Promise<AccountView> {
  const a = await findAccount(deps.db, accountId);
  if (!a) throw notFound(`account ${accountId} not found`);
  return accountView(a);
}

/**
 * Sets the account's display name (checked) and returns the account. Live payers see it, so a
 * test token (`callerMode` "test") may not change it, as it may not make a live token; the
 * dashboard and the CLI act as the owner (no callerMode).
 */
export async function renameAccount(
  deps: AuditDeps,
  input: {
    accountId: string;
    displayName: string;
    callerMode?: "test" | "live";
    actor: AuditActor;
  },
): Promise<AccountView> {
  if (input.callerMode === "test") {
    throw forbidden(
      "mode: a test token cannot change the name live payers see; use a live token or the dashboard",
    );
  }
  const name = checkDisplayName(input.displayName);
  return deps.db.transaction(async (db) => {
    const before = await readAccount({ db }, input.accountId);
    const a = await setDisplayName(db, input.accountId, name);
    if (!a) throw notFound(`account ${input.accountId} not found`);
    const after = accountView(a);
    await recordAudit(
      { ...deps, db },
      {
        accountId: input.accountId,
        actor: input.actor,
        action: "settings.changed",
        target: "account",
        changes: changedFields(
          { display_name: before.display_name },
          { display_name: after.display_name },
        ),
      },
    );
    return after;
  });
}
