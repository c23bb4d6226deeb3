import { findAccount } from "../../db/queries/accounts.ts";
import { addUnsubscribe } from "../../db/queries/notifications/settings.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import type { Mode } from "../../kernel/mode.ts";
import { AppError } from "../errors.ts";
import type { MailSetup } from "./mail-setup.ts";
import { verifyUnsubscribe } from "./unsubscribe-link.ts";

// A reminder's one-click unsubscribe (RFC 8058), as the public page runs it. The link is its
// own proof: its MAC names the account, mode and address, so the page needs no session, no
// cookie and no CSRF token, and a mail client may POST it unattended. Without mail set up there
// are no links to honour, so the address is not found.

export type UnsubscribeDeps = { db: Db; clock: Clock; mail?: MailSetup };

export type UnsubscribeRequest = {
  accountId: string;
  mode: Mode;
  address: string;
  /** The shop the payer stops hearing from, named as its mail names it. */
  shop: string;
};

/** Raised for a link whose MAC does not match: a page says the link is not valid. */
export const BAD_UNSUBSCRIBE_LINK = "link: this unsubscribe link is not valid";

/** What a link's query asks for: 404 without mail, 400 for a link that is not ours. */
export async function unsubscribeRequestOf(
  deps: UnsubscribeDeps,
  query: unknown,
): Promise<UnsubscribeRequest> {
  if (!deps.mail) throw new AppError("NOT_FOUND", "not found");
  const q = (query ?? {}) as Record<string, unknown>;
  const target = verifyUnsubscribe(deps.mail.unsubscribeKey, q);
  if (!target) throw new AppError("BAD_REQUEST", BAD_UNSUBSCRIBE_LINK);
  const account = await findAccount(deps.db, target.accountId);
  if (!account) throw new AppError("NOT_FOUND", "not found");
  return {
    accountId: target.accountId,
    mode: target.mode as Mode,
    address: target.address,
    shop: account.displayName ?? account.name,
  };
}

/** Records the address as unsubscribed from the account's reminders (again is no change). */
export async function unsubscribe(deps: UnsubscribeDeps, r: UnsubscribeRequest): Promise<void> {
  await addUnsubscribe(deps.db, r, r.address, deps.clock.now());
}
