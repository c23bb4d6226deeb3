import type { PspConnectionRow } from "../../db/queries/psp-connections.ts";
import { findReceiverAccount, type ReceiverAccount } from "../../db/queries/subscriptions-live.ts";
import type { Db } from "../../kernel/db.ts";
import type { Principal } from "../../kernel/mode.ts";
import { certificateInfo } from "../../pix-psp/certificates.ts";
import { PROFILES } from "../../pix-psp/profiles.ts";
import type { ProfileId } from "../../pix-psp/types.ts";
import { isHomologationConnection } from "./clients.ts";
import type { PspConnectionView } from "./schemas.ts";

/** Where the PSP notifies payments: this path plus the connection's hook id (plus "/pix"). */
export const NOTIFY_PATH = "/api/pix/psp/notify";

/**
 * Our notification URL for a connection's hook, bare: what the PSP client is given to register
 * (PUT /webhook/{chave}, /webhookrec, /webhookcobr), since the client adds the profile's
 * registration suffix itself (pix-psp/profiles.ts, webhook.registerSuffix).
 */
export function hookUrl(baseUrl: string | undefined, hookId: string) {
  return baseUrl ? `${baseUrl}${NOTIFY_PATH}/${hookId}` : null;
}

/**
 * The URL as the PSP ends up holding it, shown to the merchant (to register by hand when we
 * cannot): ours plus the profile's registration suffix (Efí: ?ignorar=). Never hand it to the
 * client, which would add the suffix a second time.
 */
export function notificationUrl(baseUrl: string | undefined, profile: string, hookId: string) {
  const url = hookUrl(baseUrl, hookId);
  if (!url) return null;
  return url + (PROFILES[profile as ProfileId]?.webhook.registerSuffix ?? "");
}

/**
 * True when a URL registered at the PSP is this connection's: its path carries our hook id,
 * which is random and ours alone, whatever host or proxy it was registered through.
 */
export function isOurWebhookUrl(url: string, hookId: string): boolean {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return false;
  }
  const ours = `${NOTIFY_PATH}/${hookId}`;
  return path === ours || path.startsWith(`${ours}/`);
}

/** A connection as its owner sees it: facts and the notification URL, never a secret. */
export function connectionView(
  deps: { baseUrl: string | undefined },
  row: PspConnectionRow,
): PspConnectionView {
  const cert = certificateInfo(row.certificatePem);
  return {
    profile: row.profile,
    baseUrl: row.baseUrl,
    tokenUrl: row.tokenUrl,
    homologation: isHomologationConnection(row),
    clientId: row.clientId,
    pixKey: row.pixKey,
    merchantName: row.merchantName,
    merchantCity: row.merchantCity,
    certificate: {
      subject: cert.subject,
      fingerprintSha256: cert.fingerprintSha256,
      expiresAt: cert.expiresAt.toISOString(),
    },
    hasCa: row.caPem !== null,
    lastSuccessfulCallAt: row.lastOkAt?.toISOString() ?? null,
    notificationUrl: notificationUrl(deps.baseUrl, row.profile, row.hookId),
    notificationPath: `${NOTIFY_PATH}/${row.hookId}`,
    webhook: {
      state: row.webhookState,
      detail: row.webhookDetail,
      foreignUrl: row.webhookForeignUrl,
    },
    extraHeaderNames: row.extraHeaderNames ? row.extraHeaderNames.split(",") : [],
    hasAppKey: row.appKeyBox !== null,
    livemode: true,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The merchant's own account at the PSP (receiver_account), which each live subscription
 * period's charge (cobr) names; undefined when none was given, or outside live mode.
 */
export async function viewReceiverAccount(
  deps: { db: Db },
  who: Principal,
): Promise<ReceiverAccount | undefined> {
  if (who.mode !== "live") return undefined;
  return findReceiverAccount(deps.db, who.accountId);
}
