import type { Config } from "../config.ts";
import { CLI_ACTOR } from "../domain/audit/record-audit.ts";
import { badRequest } from "../domain/errors.ts";
import {
  deleteLightningConnection,
  saveLightningConnection,
  viewLightningConnection,
} from "../domain/lightning/manage-connection.ts";
import { SaveLightningConnectionSchema } from "../domain/lightning/schemas.ts";
import type { Clock, Random } from "../kernel/clock.ts";
import type { Db } from "../kernel/db.ts";
import type { Principal } from "../kernel/mode.ts";
import { makeNodeFactory } from "../lightning/make-node.ts";
import { makeSecretBox } from "../secrets/secret-box.ts";
import { readFlagFile, UsageError } from "./failures.ts";

// `tostao lightning set|show|delete --account ID [--mode test|live]`: an account's Lightning
// node, through the same use cases as POST/GET /api/crypto/lightning and its delete. Secrets
// are read from files (the macaroon file as LND writes it, binary; a password file), so they
// stay out of the shell's history.

export type LightningFlags = {
  account?: string;
  mode?: string;
  backend?: string;
  url?: string;
  "macaroon-file"?: string;
  "tls-cert"?: string;
  "password-file"?: string;
};

type Base = { db: Db; clock: Clock; random: Random; config: Config; secretKey: () => Buffer };

export async function runLightning(action: string, base: Base, flags: LightningFlags) {
  if (!flags.account) throw new UsageError("--account is required");
  const mode = flags.mode ?? "live";
  if (mode !== "live" && mode !== "test") throw badRequest("--mode: must be test or live");
  const who: Principal = { accountId: flags.account, mode, tokenId: "cli" };
  const policy = { allowHosts: base.config.webhookAllowHosts };
  const deps = {
    db: base.db,
    clock: base.clock,
    random: base.random,
    secretBox: makeSecretBox(base.secretKey()),
    urlPolicy: policy,
    lightning: {
      makeNode: makeNodeFactory({ policy, timeoutMs: base.config.lightning.timeoutMs }),
      createTimeoutMs: base.config.lightning.timeoutMs,
      sandboxKey: new Uint8Array(32),
    },
  };
  if (action === "show") {
    const v = await viewLightningConnection(deps, who);
    return { json: v, text: describe(v) };
  }
  if (action === "delete") {
    const out = await deleteLightningConnection(deps, who, CLI_ACTOR);
    return {
      json: out,
      text: `deleted the ${out.backend} connection of ${who.accountId} (${mode})`,
    };
  }
  if (action !== "set") throw badRequest("lightning: use set, show or delete");
  const parsed = SaveLightningConnectionSchema.safeParse({
    backend: flags.backend,
    url: flags.url,
    ...(flags["macaroon-file"]
      ? { macaroon: readFlagFile(flags["macaroon-file"], "--macaroon-file").toString("hex") }
      : {}),
    ...(flags["tls-cert"]
      ? { tls_certificate: readFlagFile(flags["tls-cert"], "--tls-cert").toString("utf8") }
      : {}),
    ...(flags["password-file"]
      ? {
          password: readFlagFile(flags["password-file"], "--password-file").toString("utf8").trim(),
        }
      : {}),
  });
  if (!parsed.success) {
    const i = parsed.error.issues[0];
    throw badRequest(
      `--${String(i?.path[0] ?? "").replace(/_/g, "-")}: ${i?.message ?? "invalid"}`,
    );
  }
  const v = await saveLightningConnection(deps, who, parsed.data, CLI_ACTOR);
  return { json: v, text: `saved; the node answered.\n${describe(v)}` };
}

function describe(v: Awaited<ReturnType<typeof viewLightningConnection>>): string {
  return [
    `backend   ${v.backend}`,
    `url       ${v.url}`,
    `network   ${v.network}`,
    `node id   ${v.nodeId ?? "(not given)"}`,
    `tls cert  ${v.hasTlsCertificate ? "pinned" : "public roots"}`,
    `mode      ${v.livemode ? "live" : "test"}`,
  ].join("\n");
}
