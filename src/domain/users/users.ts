import { deleteUserSessions } from "../../db/queries/dashboard-sessions.ts";
import * as q from "../../db/queries/users.ts";
import type { Clock, Random } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import { AppError, notFound, unprocessable } from "../errors.ts";
import { newId } from "../ids.ts";
import { checkPasswordRules, hashPassword, verifyPassword } from "./password.ts";
import { asRole, type Role } from "./roles.ts";
import { startAttempt, type ThrottleDeps } from "./sign-in-throttle.ts";

// The people of an account who use the dashboard. Every front door (the dashboard's pages, the
// CLI) creates, lists and changes them through these functions.

export type UserDeps = { db: Db; clock: Clock; random: Random; scryptCost: number };

export type UserView = { id: string; email: string; createdAt: string; role: Role };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The e-mail as stored: trimmed, lower-cased; 422 when it is not an address. */
export function normalizeEmail(email: string): string {
  const e = email.trim().toLowerCase();
  if (e.length > 254 || !EMAIL.test(e)) throw unprocessable("email: must be an e-mail address");
  return e;
}

export async function createUser(
  deps: UserDeps,
  input: { accountId: string; email: string; password: string; role?: Role | undefined },
): Promise<UserView> {
  const email = normalizeEmail(input.email);
  checkPasswordRules(input.password);
  const passwordHash = await hashPassword(input.password, deps.scryptCost);
  const now = deps.clock.now();
  const row: q.UserRow = {
    id: newId("usr", deps),
    accountId: input.accountId,
    email,
    passwordHash,
    createdAt: now,
    passwordChangedAt: now,
    // The CLI's user and the setup link's are the store's operator: an owner.
    role: input.role ?? "owner",
  };
  if (!(await q.insertUser(deps.db, row))) {
    throw unprocessable(`email: ${email} already has a user`);
  }
  return view(row);
}

export async function listUsers(deps: { db: Db }, accountId: string): Promise<UserView[]> {
  return (await q.listUsers(deps.db, accountId)).map(view);
}

/**
 * Changes a signed-in user's password after checking the current one, and ends every other
 * session of theirs (someone who knew the old password is signed out).
 */
export async function changePassword(
  deps: UserDeps & ThrottleDeps,
  who: { accountId: string; userId: string; sessionIdHash: string; ip: string },
  input: { current: string; next: string },
): Promise<void> {
  const user = await q.findUser(deps.db, { accountId: who.accountId, id: who.userId });
  if (!user) throw notFound("user not found");
  // The current password is asked so that a session left open cannot take the account over:
  // guessing it here passes the same throttle as signing in (its failures count for the e-mail
  // and the address alike).
  const attempt = await startAttempt(deps, { email: user.email, ip: who.ip });
  if (!attempt.ok) {
    throw new AppError(
      "RATE_LIMITED",
      `current_password: too many attempts; try again in ${attempt.retryAfterSec} s`,
    );
  }
  if (!(await verifyPassword(input.current, user.passwordHash))) {
    throw new AppError("FORBIDDEN", "current_password: is not your password");
  }
  await attempt.succeeded();
  checkPasswordRules(input.next);
  const passwordHash = await hashPassword(input.next, deps.scryptCost);
  await q.setPassword(deps.db, { id: user.id, passwordHash, at: deps.clock.now() });
  await deleteUserSessions(deps.db, { userId: user.id, keep: who.sessionIdHash });
}

/** The operator's reset (CLI): a new password for the user of an e-mail, all sessions ended. */
export async function resetPassword(
  deps: UserDeps,
  input: { email: string; password: string },
): Promise<UserView> {
  const user = await q.findUserByEmail(deps.db, normalizeEmail(input.email));
  if (!user) throw notFound(`email: no user has ${input.email.trim()}`);
  checkPasswordRules(input.password);
  const passwordHash = await hashPassword(input.password, deps.scryptCost);
  await q.setPassword(deps.db, { id: user.id, passwordHash, at: deps.clock.now() });
  await deleteUserSessions(deps.db, { userId: user.id });
  return view(user);
}

function view(r: q.UserRow): UserView {
  return { id: r.id, email: r.email, createdAt: r.createdAt.toISOString(), role: asRole(r.role) };
}
