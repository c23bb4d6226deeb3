import type { Config } from "../config.ts";
import { CLI_ACTOR } from "../domain/audit/record-audit.ts";
import { badRequest } from "../domain/errors.ts";
import { makePspClients } from "../domain/pix-psp-connection/clients.ts";
import { SavePspConnectionSchema } from "../domain/pix-psp-connection/schemas.ts";
import {
  type ConnectionDeps,
  deletePspConnection,
  savePspConnection,
  viewPspConnection,
} from "../domain/pix-psp-setup/manage-connection.ts";
import type { Clock, Random } from "../kernel/clock.ts";
import type { Db } from "../kernel/db.ts";
import type { Principal } from "../kernel/mode.ts";
import { makeBacenPixClient } from "../pix-psp/bacen-client.ts";
import { makeSecretBox } from "../secrets/secret-box.ts";
import { readFlagFile, UsageError } from "./failures.ts";

// `tostao pix-provider set|show|delete --account ID`: the live PSP connection of an account,
// through the same use cases as POST/GET /api/pix/provider and POST /api/pix/provider/delete.
// Certificates and keys are read from files (PEM, or a .p12/.pfx bundle).

export type ProviderFlags = {
  account?: string;
  profile?: string;
  cert?: string;
  key?: string;
  ca?: string;
  pfx?: string;
  passphrase?: string;
  "client-id"?: string;
  "client-secret"?: string;
  "client-secret-file"?: string;
  "pix-key"?: string;
  "merchant-name"?: string;
  "merchant-city"?: string;
  "base-url"?: string;
  "token-url"?: string;
  homologation?: boolean;
  "app-key"?: string;
  /** "name: value", repeatable: the PSP's extra headers (Inter: x-conta-corrente). */
  header?: string[];
  "replace-webhook"?: boolean;
};

function headerFlags(list: string[] | undefined): { extra_headers?: Record<string, string> } {
  if (!list || list.length === 0) return {};
  const out: Record<string, string> = {};
  for (const h of list) {
    const at = h.indexOf(":");
    if (at < 0) throw badRequest(`--header: "${h.slice(0, 64)}" is not "name: value"`);
    out[h.slice(0, at).trim()] = h.slice(at + 1).trim();
  }
  return { extra_headers: out };
}

type Output = { json: unknown; text: string };
type Base = { db: Db; clock: Clock; random: Random; config: Config; secretKey: () => Buffer };

const readText = (path: string, flag: string) => readFlagFile(path, `--${flag}`).toString("utf8");

function connectionDeps(base: Base): ConnectionDeps {
  const secretBox = makeSecretBox(base.secretKey());
  const makePspClient = (c: Parameters<typeof makeBacenPixClient>[0]) =>
    makeBacenPixClient(c, {
      clock: base.clock,
      addressPolicy: { allowHosts: base.config.webhookAllowHosts },
    });
  return {
    db: base.db,
    clock: base.clock,
    random: base.random,
    secretBox,
    baseUrl: base.config.baseUrl,
    urlPolicy: { allowHosts: base.config.webhookAllowHosts },
    makePspClient,
    pspClients: makePspClients({
      secretBox,
      makeClient: makePspClient,
      clock: base.clock,
      db: base.db,
    }),
  };
}

const principal = (flags: ProviderFlags): Principal => {
  if (!flags.account) throw new UsageError("--account is required");
  return { accountId: flags.account, mode: "live", tokenId: "cli" };
};

export async function runPixProvider(
  action: string,
  base: Base,
  flags: ProviderFlags,
): Promise<Output> {
  const deps = connectionDeps(base);
  const who = principal(flags);
  try {
    if (action === "show") {
      const view = await viewPspConnection(deps, who);
      return { json: view, text: describe(view) };
    }
    if (action === "delete") {
      const out = await deletePspConnection(deps, who, CLI_ACTOR);
      return { json: out, text: `deleted the ${out.profile} connection of ${who.accountId}` };
    }
    if (action !== "set") throw badRequest("pix-provider: use set, show or delete");
    const parsed = SavePspConnectionSchema.safeParse({
      profile: flags.profile,
      client_id: flags["client-id"],
      ...(flags["client-secret"] ? { client_secret: flags["client-secret"] } : {}),
      ...(flags["client-secret-file"]
        ? { client_secret: readText(flags["client-secret-file"], "client-secret-file").trim() }
        : {}),
      ...(flags.cert ? { certificate: readText(flags.cert, "cert") } : {}),
      ...(flags.key ? { private_key: readText(flags.key, "key") } : {}),
      ...(flags.ca ? { ca: readText(flags.ca, "ca") } : {}),
      ...(flags.pfx ? { pfx: readFlagFile(flags.pfx, "--pfx").toString("base64") } : {}),
      ...(flags.passphrase !== undefined ? { passphrase: flags.passphrase } : {}),
      pix_key: flags["pix-key"],
      merchant_name: flags["merchant-name"],
      merchant_city: flags["merchant-city"],
      ...(flags["base-url"] ? { base_url: flags["base-url"] } : {}),
      ...(flags["token-url"] ? { token_url: flags["token-url"] } : {}),
      ...(flags.homologation ? { homologation: true } : {}),
      ...(flags["app-key"] ? { app_key: flags["app-key"] } : {}),
      ...headerFlags(flags.header),
      ...(flags["replace-webhook"] ? { replace_webhook: true } : {}),
    });
    if (!parsed.success) {
      const i = parsed.error.issues[0];
      const flag = String(i?.path[0] ?? "").replace(/_/g, "-");
      throw badRequest(`--${flag}: ${i?.message ?? "invalid"}`);
    }
    const view = await savePspConnection(deps, who, parsed.data, CLI_ACTOR);
    return { json: view, text: `saved; the PSP answered.\n${describe(view)}` };
  } finally {
    await deps.pspClients.close();
  }
}

function describe(v: Awaited<ReturnType<typeof viewPspConnection>>): string {
  return [
    `profile        ${v.profile}${v.homologation ? " (homologation)" : ""}`,
    `API            ${v.baseUrl}`,
    `client id      ${v.clientId}`,
    `pix key        ${v.pixKey}`,
    `certificate    ${v.certificate.subject}, expires ${v.certificate.expiresAt}`,
    `notifications  ${v.notificationUrl ?? `(set TOSTAO_BASE_URL) ${v.notificationPath}`}`,
    `webhook        ${v.webhook.state}${v.webhook.detail ? `: ${v.webhook.detail}` : ""}`,
    ...(v.webhook.foreignUrl ? [`kept webhook   ${v.webhook.foreignUrl} (--replace-webhook)`] : []),
    ...(v.extraHeaderNames.length > 0 ? [`extra headers  ${v.extraHeaderNames.join(", ")}`] : []),
    `last call ok   ${v.lastSuccessfulCallAt ?? "never"}`,
  ].join("\n");
}
