import * as q from "../../db/queries/psp-connections.ts";
import { upsertReceiverAccount } from "../../db/queries/subscriptions-live.ts";
import type { Principal } from "../../kernel/mode.ts";
import { checkWebhookUrl, resolveAndCheck } from "../../net/address-policy.ts";
import {
  CertificateError,
  certificateInfo,
  checkKeyMatchesCert,
  pfxToPem,
} from "../../pix-psp/certificates.ts";
import { isHomologationUrl, PROFILES, resolveEndpoints } from "../../pix-psp/profiles.ts";
import type { ProfileId, PspCredentials } from "../../pix-psp/types.ts";
import { type AuditActor, type AuditDeps, recordAudit } from "../audit/record-audit.ts";
import type { EndpointDeps } from "../endpoint-deps.ts";
import { forbidden, notFound, unprocessable } from "../errors.ts";
import { refuseDeleteWithPendingCharges } from "../live-pix/live-delete-guard.ts";
import {
  credentialsOf,
  type PspClientFactory,
  type PspClients,
  secretBinding,
} from "../pix-psp-connection/clients.ts";
import { connectionView, hookUrl, isOurWebhookUrl } from "../pix-psp-connection/connection-view.ts";
import { validateExtraHeaders } from "../pix-psp-connection/extra-headers.ts";
import { pspFailure } from "../pix-psp-connection/psp-failure.ts";
import type { PspConnectionView, SavePspConnection } from "../pix-psp-connection/schemas.ts";
import { refuseDeleteWithActiveSubscriptions } from "../subscriptions-live/delete-guard.ts";
import {
  registerRecurrenceWebhooks,
  removeRecurrenceWebhooks,
} from "../subscriptions-live/webhooks.ts";

/** PSP URLs follow the webhook address policy (EndpointDeps' urlPolicy). */
export type ConnectionDeps = EndpointDeps & {
  /** TOSTAO_BASE_URL: where the PSP reaches our notification endpoint. */
  baseUrl: string | undefined;
  makePspClient: PspClientFactory;
  pspClients: PspClients;
};

/** The refusal of a live PSP connection while TOSTAO_BASE_URL is unset (translated on pages). */
export const BASE_URL_MISSING =
  "TOSTAO_BASE_URL: is not set; set it to the service's public address (https://…) and restart before connecting a PSP, so live charges' links never come from a request's Host header";

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
 * The client secret and the private key are stored sealed. Refused (422) while TOSTAO_BASE_URL is
 * unset.
 */
export async function savePspConnection(
  deps: ConnectionDeps,
  who: Principal,
  input: SavePspConnection,
  actor: AuditActor,
): Promise<PspConnectionView> {
  liveOnly(who);
  // Without it, links in live charges (the BR Code's location, paymentUrl, the JWS jku) and the
  // notification URL would be built from each request's Host header, which a caller writes.
  if (!deps.baseUrl) throw unprocessable(BASE_URL_MISSING);
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
  // Homologation is test money (Efí's confirms cobs of up to R$ 10,00 by itself): a live
  // connection to it would approve live charges that no money stands behind.
  if (input.homologation) {
    throw unprocessable(
      "homologation: a homologation (sandbox) PSP is test money and cannot back live charges; use test mode (simulated PIX) to try the flow",
    );
  }
  for (const [field, url] of [
    ["base_url", endpoints.baseUrl],
    ["token_url", endpoints.tokenUrl],
  ] as const) {
    if (isHomologationUrl(url)) {
      throw unprocessable(
        `${field}: ${new URL(url).host} is a homologation (sandbox) host: its payments are test money and cannot back live charges`,
      );
    }
  }
  const extraHeaders = validateExtraHeaders(profile, input.extra_headers);
  const appKeyQuery = PROFILES[profile].appKeyQuery;
  if (appKeyQuery && !input.app_key) {
    throw unprocessable(`app_key: is required for ${profile} (sent as ${appKeyQuery})`);
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
    ...(Object.keys(extraHeaders).length > 0 ? { extraHeaders } : {}),
    ...(input.app_key ? { appKey: input.app_key } : {}),
  };
  const existing = await q.findConnection(deps.db, who);
  const hookId = existing?.hookId ?? deps.random.bytes(24).toString("base64url");
  const client = deps.makePspClient(creds);
  try {
    try {
      await client.checkConnection();
    } catch (err) {
      throw pspFailure(err, "the connection was not saved");
    }
    // The row (and so the notification route of its hook) exists before PUT /webhook: Efí
    // POSTs a test notification while registering and refuses a URL that does not answer 2xx.
    const now = deps.clock.now();
    const saved = await q.upsertConnection(deps.db, {
      accountId: who.accountId,
      mode: "live",
      profile,
      ...endpoints,
      homologation: false,
      clientId: input.client_id,
      clientSecretBox: input.client_secret
        ? deps.secretBox.seal(input.client_secret, secretBinding(who.accountId, "client_secret"))
        : null,
      privateKeyBox: deps.secretBox.seal(
        privateKeyPem,
        secretBinding(who.accountId, "private_key"),
      ),
      certificatePem,
      caPem: input.ca ?? null,
      pixKey: input.pix_key,
      merchantName: input.merchant_name,
      merchantCity: input.merchant_city,
      hookId,
      webhookState: "pending",
      webhookDetail: null,
      webhookForeignUrl: null,
      extraHeadersBox:
        Object.keys(extraHeaders).length > 0
          ? deps.secretBox.seal(
              JSON.stringify(extraHeaders),
              secretBinding(who.accountId, "extra_headers"),
            )
          : null,
      extraHeaderNames:
        Object.keys(extraHeaders).length > 0 ? Object.keys(extraHeaders).join(",") : null,
      appKeyBox: input.app_key
        ? deps.secretBox.seal(input.app_key, secretBinding(who.accountId, "app_key"))
        : null,
      revision: 1,
      lastOkAt: now,
      createdAt: now,
      updatedAt: now,
    });
    // What names the connection, before and after; its secrets, key and headers' values never.
    await recordAudit(deps, {
      accountId: who.accountId,
      mode: "live",
      actor,
      action: "psp_connection.saved",
      target: profile,
      changes: connectionChanges(existing, {
        profile,
        base_url: endpoints.baseUrl,
        client_id: input.client_id,
        pix_key: input.pix_key,
        merchant_name: input.merchant_name,
        merchant_city: input.merchant_city,
        header_names: Object.keys(extraHeaders).join(",") || null,
      }),
    });
    if (input.receiver_account) {
      await upsertReceiverAccount(
        deps.db,
        who.accountId,
        {
          branch: input.receiver_account.branch ?? null,
          account: input.receiver_account.account,
          accountType: input.receiver_account.type,
        },
        now,
      );
    }
    await deps.pspClients.invalidate(who.accountId);
    const webhook = await registerWebhook(deps, client, {
      pixKey: input.pix_key,
      hookId,
      replace: input.replace_webhook === true,
    });
    // Pix Automático's webhookrec and webhookcobr take the same URL (their callbacks add /rec
    // and /cobr to it): best effort, where the Pix webhook itself was registered.
    if (webhook.state === "registered") {
      await registerRecurrenceWebhooks(client, hookUrl(deps.baseUrl, hookId));
    }
    const row = await q.setWebhookState(deps.db, { ...who, hookId }, webhook);
    return connectionView(deps, row ?? saved);
  } finally {
    await client.close().catch(() => {});
  }
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
 * inside its Idempotency-Key transaction; the webhooks registered at the PSP (the key's, and
 * Pix Automático's webhookrec and webhookcobr) are then removed in the background, best effort
 * (a PSP that cannot be reached keeps them, and their notifications find no hook: 404).
 * Refused while live subscriptions are active (subscriptions-live/delete-guard.ts), then while
 * live charges are pending (live-delete-guard.ts): subscriptions first, since cancelling one
 * also cancels its period's pending charge, or while a live cob is journalled without its
 * charge (a create under way, or a cob for the sweep).
 */
export async function deletePspConnection(
  deps: Pick<ConnectionDeps, "db" | "pspClients" | "secretBox" | "makePspClient"> & AuditDeps,
  who: Principal,
  actor: AuditActor,
) {
  liveOnly(who);
  // Guards and delete in one transaction that first locks the row FOR UPDATE: a live
  // subscription stores its row, and a live create journals its cob, holding the connection FOR
  // KEY SHARE (queries/psp-connections.ts: lockConnection; queries/live-pix/cob-attempts.ts:
  // openAttemptsCtes), so either is committed before the guards look (and refuses the delete)
  // or comes after it and finds no connection: the subscription takes its rec back
  // (live-rail.ts), the create sends no PUT /cob (live-create.ts: journalAttempts).
  const row = await deps.db.transaction(async (db) => {
    if (!(await q.lockConnection(db, who, "delete"))) return undefined;
    await refuseDeleteWithActiveSubscriptions(db, who.accountId);
    await refuseDeleteWithPendingCharges(db, who.accountId);
    const gone = await q.deleteConnection(db, who);
    if (gone) {
      await recordAudit(
        { ...deps, db },
        {
          accountId: who.accountId,
          mode: "live",
          actor,
          action: "psp_connection.deleted",
          target: gone.profile,
          changes: { profile: { before: gone.profile }, pix_key: { before: gone.pixKey } },
        },
      );
    }
    return gone;
  });
  if (!row) throw notFound("no PIX provider is configured for this account");
  await deps.pspClients.invalidate(who.accountId);
  const registered = row.webhookState === "registered" || row.webhookState === "pending";
  if (registered) {
    // Only our own URLs are removed: the key's webhook, or the account's webhookrec and
    // webhookcobr (Pix Automático), may have been replaced since (by the merchant's ERP, in the
    // PSP's portal), and those are not ours to delete.
    const client = deps.makePspClient(credentialsOf(row, deps.secretBox));
    const pix = client
      .getWebhook(row.pixKey)
      .then((w) =>
        w && isOurWebhookUrl(w.webhookUrl, row.hookId)
          ? client.deleteWebhook(row.pixKey)
          : undefined,
      )
      .catch(() => {});
    const recurrence = removeRecurrenceWebhooks(client, row.hookId).catch(() => {});
    void Promise.all([pix, recurrence]).finally(() => client.close().catch(() => {}));
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
type WebhookOutcome = {
  state: "registered" | "manual" | "failed" | "foreign";
  detail: string | null;
  foreignUrl: string | null;
};

async function registerWebhook(
  deps: ConnectionDeps,
  client: {
    putWebhook(chave: string, url: string): Promise<void>;
    getWebhook(chave: string): Promise<{ webhookUrl: string } | undefined>;
  },
  o: { pixKey: string; hookId: string; replace: boolean },
): Promise<WebhookOutcome> {
  const { pixKey, hookId } = o;
  // Bare: the client adds the profile's suffix (Efí's "?ignorar=") as it registers.
  const url = hookUrl(deps.baseUrl, hookId);
  const publicHttps = url !== null && checkWebhookUrl(url, { allowHosts: [] }).ok;
  if (!url || !publicHttps) {
    return {
      state: "manual",
      foreignUrl: null,
      detail:
        "TOSTAO_BASE_URL is not a public https URL, so the webhook was not registered at the PSP. Set it and save again, or register notificationUrl yourself (PUT /webhook/{chave} or the PSP's portal); until then payments are found by reconciliation (TOSTAO_PIX_RECONCILE_SECONDS).",
    };
  }
  try {
    // One URL per key: a URL that is not ours (the merchant's ERP, a plugin) is kept unless
    // the merchant asked to replace it; cutting it off silently would stop their other system.
    const current = await client.getWebhook(pixKey);
    if (current && !isOurWebhookUrl(current.webhookUrl, hookId) && !o.replace) {
      return {
        state: "foreign",
        foreignUrl: current.webhookUrl,
        detail:
          "Another webhook URL is registered on this Pix key and was kept. Save again with replace_webhook (dashboard: the replace box; CLI: --replace-webhook) to point it here; until then payments are found by reconciliation.",
      };
    }
    await client.putWebhook(pixKey, url);
    return { state: "registered", detail: null, foreignUrl: null };
  } catch (err) {
    return {
      state: "failed",
      foreignUrl: null,
      detail: `the PSP refused the webhook: ${(pspFailure(err, "webhook not registered") as Error).message}. Payments are still found by reconciliation.`,
    };
  }
}

type Named = {
  profile: string;
  base_url: string;
  client_id: string;
  pix_key: string;
  merchant_name: string;
  merchant_city: string;
  header_names: string | null;
};

/** The connection's naming fields that a save changed (all of them for a first save). */
function connectionChanges(
  before: q.PspConnectionRow | undefined,
  after: Named,
): Record<string, { before?: string | null; after: string | null }> {
  const old: Named | undefined = before && {
    profile: before.profile,
    base_url: before.baseUrl,
    client_id: before.clientId,
    pix_key: before.pixKey,
    merchant_name: before.merchantName,
    merchant_city: before.merchantCity,
    header_names: before.extraHeaderNames,
  };
  const out: Record<string, { before?: string | null; after: string | null }> = {};
  for (const key of Object.keys(after) as (keyof Named)[]) {
    if (!old) out[key] = { after: after[key] };
    else if (old[key] !== after[key]) out[key] = { before: old[key], after: after[key] };
  }
  return out;
}
