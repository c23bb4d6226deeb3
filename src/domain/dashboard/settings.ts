import type { Principal } from "../../kernel/mode.ts";
import { readAccount } from "../accounts/display-name.ts";
import { findWalletView } from "../crypto/wallet-read.ts";
import { AppError } from "../errors.ts";
import { currentLightningConnection } from "../lightning/manage-connection.ts";
import { viewReceiverAccount } from "../pix-psp-connection/connection-view.ts";
import { viewPspConnection } from "../pix-psp-setup/manage-connection.ts";
import { listTokens } from "../tokens/manage-tokens.ts";
import { requireTwoFactor } from "../users/require-two-factor.ts";
import { openInvites } from "../users/user-links.ts";
import { listUsers } from "../users/users.ts";

// The read models of the dashboard's settings pages (keys, wallet, PIX provider, account): each
// reads what its page shows, through the use cases the API reads with.

/** The account's keys of the mode being viewed (any of them: the page's scope is tokens:read). */
export async function keysOfMode(deps: Parameters<typeof listTokens>[0], who: Principal) {
  const { tokens } = await listTokens(deps, { accountId: who.accountId });
  return tokens.filter((k) => k.mode === who.mode);
}

/** The mode's wallet (a test one made on first look) and its Lightning node, if any. */
export async function walletAndNode(
  deps: Parameters<typeof findWalletView>[0] & Parameters<typeof currentLightningConnection>[0],
  who: Principal,
) {
  const [wallet, lightning] = await Promise.all([
    findWalletView(deps, who),
    currentLightningConnection(deps, who),
  ]);
  return { wallet, lightning };
}

/** The live PSP connection (none is not an error here) and the receiver account. */
export async function pspConnection(
  deps: Parameters<typeof viewPspConnection>[0] & { clock: { now(): Date } },
  who: Principal,
) {
  if (who.mode !== "live") return { live: false as const };
  const view = await viewPspConnection(deps, who).catch((err) => {
    if (err instanceof AppError && err.code === "NOT_FOUND") return undefined;
    throw err;
  });
  const receiver = view ? await viewReceiverAccount(deps, who) : undefined;
  const expiresSoon =
    view !== undefined &&
    new Date(view.certificate.expiresAt).getTime() - deps.clock.now().getTime() <
      30 * 24 * 3_600_000;
  return { live: true as const, view, receiver, expiresSoon };
}

/** The account's users and their roles, its open invitations, its name and 2FA setting. */
export async function accountSettings(deps: Parameters<typeof openInvites>[0], accountId: string) {
  const [users, invites, account, twoFactor] = await Promise.all([
    listUsers(deps, accountId),
    openInvites(deps, accountId),
    readAccount(deps, accountId),
    requireTwoFactor(deps, accountId),
  ]);
  return { users, openInvites: invites.length, account, requireTwoFactor: twoFactor };
}
