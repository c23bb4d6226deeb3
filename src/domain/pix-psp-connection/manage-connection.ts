import type { Db } from "../../db/db.ts";
import * as q from "../../db/queries/psp-connections.ts";
import {
  type AddressPolicy,
  checkWebhookUrl,
  type LookupAll,
  resolveAndCheck,
} from "../../net/address-policy.ts";
import {
  CertificateError,
  certificateInfo,
  checkKeyMatchesCert,
  pfxToPem,
} from "../../pix-psp/certificates.ts";
import { resolveEndpoints } from "../../pix-psp/profiles.ts";
import type { ProfileId, PspCredentials } from "../../pix-psp/types.ts";
import type { SecretBox } from "../../secrets/secret-box.ts";
import { refuseDeleteWithPendingCharges } from "../charges/live-delete-guard.ts";
import type { Clock, Random } from "../deps.ts";
import { forbidden, notFound, unprocessable } from "../errors.ts";
import type { Principal } from "../mode.ts";
import { credentialsOf, type PspClientFactory, type PspClients, secretBinding } from "./clients.ts";
import { connectionView, notificationUrl } from "./connection-view.ts";
import { pspFailure } from "./psp-failure.ts";
import type { PspConnectionView, SavePspConnection } from "./schemas.ts";

export type ConnectionDeps = {
  db: Db;
  clock: Clock;
  random: Random;
  secretBox: SecretBox;
  /** TOSTAO_BASE_URL: where the PSP reaches our notification endpoint. */
  baseUrl: string | undefined;
  /** PSP URLs follow the webhook address policy (TOSTAO_WEBHOOK_ALLOW_HOSTS). */
  urlPolicy: AddressPolicy;
  lookup?: LookupAll;
  makePspClient: PspClientFactory;
  pspClients: PspClients;
};

function liveOnly(who: Principal) {
  if (who.mode !== "live") {
    throw forbidden("the PIX provider (PSP connection) is a live-mode setting; use a live token");
  }
}

/**
 * Saves (creates or replaces) the caller's PSP connection, after checking it for real: the key
 * belongs to the certificate, the URLs are allowed, and the PSP hands out an OAuth token over
 * mTLS (422 with the PSP's own reason when it does not). When TOSTAO_BASE_URL is public https the
 * notification URL is registered at the PSP (PUT /webhook/{chave}); otherwise the view says how.
 * The client secret and the private key are stored sealed.
 */
export async function savePspConnection(
  deps: ConnectionDeps,
  who: Principal,
  input: SavePspConnection,
): Promise<PspConnectionView> {
  liveOnly(who);
  const profile = input.profile as ProfileId;
  let endpoints: { baseUrl: string; tokenUrl: string };
  try {
    endpoints = resolveEndpoints(profile, {
      ...(input.base_url ? { baseUrl: input.base_url } : {}),
      ...(input.token_url ? { tokenUrl: input.token_url } : {}),
      ...(input.homologation ? { homologation: true } : {}),
    });
  } catch (err) {
    throw unprocessable(`base_url: ${(err as Error).message}`);
  }
  for (const [field, url] of [
    ["base_url", endpoints.baseUrl],
    ["token_url", endpoints.tokenUrl],
  ] as const) {
    const lexical = checkWebhookUrl(url, deps.urlPolicy);
    if (!lexical.ok) throw unprocessable(`${field}: ${lexical.reason}`);
    const resolved = await resolveAndCheck(lexical.url.hostname, deps.urlPolicy, deps.lookup);
    if (!resolved.ok) throw unprocessable(`${field}: ${resolved.reason}`);
  }
  const { certificatePem, privateKeyPem } = readCertificate(input);
  const info = certificateInfo(certificatePem);
  if (info.expiresAt <= deps.clock.now()) {
    throw unprocessable(`certificate: expired on ${info.expiresAt.toISOString()}`);
  }

  const creds: PspCredentials = {
    profile,
    ...endpoints,
    clientId: input.client_id,
    ...(input.client_secret ? { clientSecret: input.client_secret } : {}),
    certificatePem,
    privateKeyPem,
    ...(input.ca ? { caPem: input.ca } : {}),
  };
  const existing = await q.findConnection(deps.db, who);
  const hookId = existing?.hookId ?? deps.random.bytes(24).toString("base64url");
  const client = deps.makePspClient(creds);
  let webhook: { state: "registered" | "manual" | "failed"; detail: string | null };
  try {
    try {
      await client.checkConnection();
    } catch (err) {
      throw pspFailure(err, "the connection was not saved");
    }
    webhook = await registerWebhook(deps, client, profile, input.pix_key, hookId);
  } finally {
    await client.close().catch(() => {});
  }

  const now = deps.clock.now();
  const row = await q.upsertConnection(deps.db, {
    accountId: who.accountId,
    mode: "live",
    profile,
    ...endpoints,
    homologation: input.homologation === true,
    clientId: input.client_id,
    clientSecretBox: input.client_secret
      ? deps.secretBox.seal(input.client_secret, secretBinding(who.accountId, "client_secret"))
      : null,
    privateKeyBox: deps.secretBox.seal(privateKeyPem, secretBinding(who.accountId, "private_key")),
    certificatePem,
    caPem: input.ca ?? null,
    pixKey: input.pix_key,
    merchantName: input.merchant_name,
    merchantCity: input.merchant_city,
    hookId,
    webhookState: webhook.state,
    webhookDetail: webhook.detail,
    revision: 1,
    lastOkAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await deps.pspClients.invalidate(who.accountId);
  return connectionView(deps, row);
}

/** The caller's connection, without a secret; 404 when there is none. */
export async function viewPspConnection(
  deps: Pick<ConnectionDeps, "db" | "baseUrl">,
  who: Principal,
): Promise<PspConnectionView> {
  liveOnly(who);
  const row = await q.findConnection(deps.db, who);
  if (!row)
    throw notFound("no PIX provider is configured for this account; POST /api/pix/provider");
  return connectionView(deps, row);
}

/**
 * Deletes the caller's connection. Only database work happens here, so a front door may run it
 * inside its Idempotency-Key transaction; the webhook registered at the PSP is then removed in
 * the background, best effort (a PSP that cannot be reached keeps it, and its notifications
 * find no hook: 404). Refused while live charges are pending (live-delete-guard.ts).
 */
export async function deletePspConnection(
  deps: Pick<ConnectionDeps, "db" | "pspClients" | "secretBox" | "makePspClient">,
  who: Principal,
) {
  liveOnly(who);
  await refuseDeleteWithPendingCharges(deps.db, who.accountId);
  const row = await q.deleteConnection(deps.db, who);
  if (!row) throw notFound("no PIX provider is configured for this account");
  await deps.pspClients.invalidate(who.accountId);
  const registered = row.webhookState === "registered";
  if (registered) {
    const client = deps.makePspClient(credentialsOf(row, deps.secretBox));
    void client
      .deleteWebhook(row.pixKey)
      .catch(() => {})
      .finally(() => client.close().catch(() => {}));
  }
  return {
    deleted: true as const,
    profile: row.profile,
    webhookRemoval: registered ? ("requested" as const) : ("none" as const),
  };
}

function readCertificate(input: SavePspConnection) {
  try {
    const pair = input.pfx
      ? pfxToPem(input.pfx, input.passphrase)
      : { certificatePem: input.certificate ?? "", privateKeyPem: input.private_key ?? "" };
    certificateInfo(pair.certificatePem);
    if (!checkKeyMatchesCert(pair.certificatePem, pair.privateKeyPem)) {
      throw unprocessable("private_key: does not belong to the certificate");
    }
    return pair;
  } catch (err) {
    if (err instanceof CertificateError) {
      throw unprocessable(`${input.pfx ? "pfx" : "certificate"}: ${err.message}`);
    }
    throw err;
  }
}

// Only a public https base URL can be registered: a PSP refuses anything else, and probing our
// own private address from the PSP would fail anyway. Lexical check (no DNS): the base URL is
// the operator's own setting.
async function registerWebhook(
  deps: ConnectionDeps,
  client: { putWebhook(chave: string, url: string): Promise<void> },
  profile: ProfileId,
  pixKey: string,
  hookId: string,
): Promise<{ state: "registered" | "manual" | "failed"; detail: string | null }> {
  const url = notificationUrl(deps.baseUrl, profile, hookId);
  const publicHttps = url !== null && checkWebhookUrl(url, { allowHosts: [] }).ok;
  if (!url || !publicHttps) {
    return {
      state: "manual",
      detail:
        "TOSTAO_BASE_URL is not a public https URL, so the webhook was not registered at the PSP. Set it and save again, or register notificationUrl yourself (PUT /webhook/{chave} or the PSP's portal); until then payments are found by reconciliation (TOSTAO_PIX_RECONCILE_SECONDS).",
    };
  }
  try {
    await client.putWebhook(pixKey, url);
    return { state: "registered", detail: null };
  } catch (err) {
    return {
      state: "failed",
      detail: `the PSP refused the webhook: ${(pspFailure(err, "webhook not registered") as Error).message}. Payments are still found by reconciliation.`,
    };
  }
}
