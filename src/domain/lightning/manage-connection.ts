import * as q from "../../db/queries/lightning.ts";
import type { Principal } from "../../kernel/mode.ts";
import { LightningError } from "../../lightning/node.ts";
import { checkWebhookUrl, resolveAndCheck } from "../../net/address-policy.ts";
import { type AuditActor, type AuditDeps, recordAudit } from "../audit/record-audit.ts";
import { notFound, unprocessable } from "../errors.ts";
import { applyAddressName, checkAddressName } from "./address-name.ts";
import { type LightningDeps, lightningSecretBinding } from "./deps.ts";
import type { LightningConnectionView, SaveLightningConnection } from "./schemas.ts";

/**
 * Saves (creates or replaces) the caller's Lightning node connection for its mode, after
 * asking the node for real: the credentials must be accepted and its network must fit the
 * mode (mainnet for live; testnet, signet or regtest for test). The macaroon or password is
 * stored sealed; the view never shows it.
 */
export async function saveLightningConnection(
  deps: LightningDeps,
  who: Principal,
  input: SaveLightningConnection,
  actor: AuditActor,
): Promise<LightningConnectionView> {
  const lexical = checkWebhookUrl(input.url, deps.urlPolicy);
  if (!lexical.ok) throw unprocessable(`url: ${lexical.reason}`);
  const resolved = await resolveAndCheck(lexical.url.hostname, deps.urlPolicy, deps.lookup);
  if (!resolved.ok) throw unprocessable(`url: ${resolved.reason}`);
  await checkAddressName(deps, who, input.address_name);
  const secret = secretOf(input);
  const tlsCertificate = input.backend === "lnd" ? (input.tls_certificate ?? null) : null;
  const node = deps.lightning.makeNode({
    backend: input.backend,
    url: lexical.url.toString().replace(/\/+$/, ""),
    secret,
    tlsCertificate,
  });
  let info: Awaited<ReturnType<typeof node.getInfo>>;
  try {
    info = await node.getInfo();
  } catch (err) {
    if (err instanceof LightningError) {
      const field =
        err.kind === "refused" ? (input.backend === "lnd" ? "macaroon" : "password") : "url";
      throw unprocessable(`${field}: ${err.message}; the connection was not saved`);
    }
    throw err;
  } finally {
    await node.close().catch(() => {});
  }
  const fits = who.mode === "live" ? info.network === "mainnet" : info.network !== "mainnet";
  if (!fits) {
    throw unprocessable(
      `url: the node is on ${info.network}; ${who.mode} mode takes ${who.mode === "live" ? "a mainnet node" : "a testnet, signet or regtest node (never mainnet: test charges are not real money)"}`,
    );
  }
  const now = deps.clock.now();
  const before = await q.findLightningConnection(deps.db, who);
  const row = await q.upsertLightningConnection(deps.db, {
    accountId: who.accountId,
    mode: who.mode,
    backend: input.backend,
    url: lexical.url.toString().replace(/\/+$/, ""),
    secretBox: deps.secretBox.seal(
      secret,
      lightningSecretBinding(who.accountId, who.mode, input.backend),
    ),
    tlsCertificate,
    network: info.network,
    nodeId: info.nodeId,
    updatedAt: now,
  });
  const saved = await applyAddressName(deps, who, input.address_name, before, row);
  // The node's address and identity; the macaroon or password never.
  await recordAudit(deps, {
    accountId: who.accountId,
    mode: who.mode,
    actor,
    action: "lightning.saved",
    target: row.nodeId,
    changes: {
      backend: { ...(before ? { before: before.backend } : {}), after: row.backend },
      url: { ...(before ? { before: before.url } : {}), after: row.url },
      node_id: { ...(before ? { before: before.nodeId } : {}), after: row.nodeId },
      ...(saved.addressName !== (before?.addressName ?? null)
        ? {
            address_name: {
              ...(before ? { before: before.addressName } : {}),
              after: saved.addressName,
            },
          }
        : {}),
    },
  });
  return view(saved);
}

export async function viewLightningConnection(
  deps: Pick<LightningDeps, "db">,
  who: Principal,
): Promise<LightningConnectionView> {
  const row = await q.findLightningConnection(deps.db, who);
  if (!row)
    throw notFound(
      `no Lightning node is connected in ${who.mode} mode; POST /api/crypto/lightning`,
    );
  return view(row);
}

/** The caller's connection for its mode, if any (the dashboard's card; never its secret). */
export async function currentLightningConnection(
  deps: Pick<LightningDeps, "db">,
  who: Principal,
): Promise<LightningConnectionView | undefined> {
  const row = await q.findLightningConnection(deps.db, who);
  return row ? view(row) : undefined;
}

/** Removes the connection; charges already created keep their invoices (paid or not). */
export async function deleteLightningConnection(
  deps: AuditDeps,
  who: Principal,
  actor: AuditActor,
) {
  return deps.db.transaction(async (db) => {
    const row = await q.deleteLightningConnection(db, who);
    if (!row) throw notFound(`no Lightning node is connected in ${who.mode} mode`);
    await recordAudit(
      { ...deps, db },
      {
        accountId: who.accountId,
        mode: who.mode,
        actor,
        action: "lightning.deleted",
        target: row.nodeId,
        changes: { backend: { before: row.backend }, url: { before: row.url } },
      },
    );
    return { deleted: true as const, backend: row.backend };
  });
}

function secretOf(input: SaveLightningConnection): string {
  if (input.backend === "lnd") {
    if (!input.macaroon) throw unprocessable("macaroon: is required for lnd (hex)");
    if (input.password !== undefined) throw unprocessable("password: is for phoenixd, not lnd");
    return input.macaroon.toLowerCase();
  }
  if (!input.password) throw unprocessable("password: is required for phoenixd");
  if (input.macaroon !== undefined || input.tls_certificate !== undefined) {
    throw unprocessable(
      `${input.macaroon !== undefined ? "macaroon" : "tls_certificate"}: is for lnd, not phoenixd`,
    );
  }
  return input.password;
}

function view(row: q.LightningConnectionRow): LightningConnectionView {
  return {
    backend: row.backend,
    url: row.url,
    network: row.network,
    nodeId: row.nodeId,
    addressName: row.addressName,
    hasTlsCertificate: row.tlsCertificate !== null,
    livemode: row.mode === "live",
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
