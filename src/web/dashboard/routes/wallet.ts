import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppDeps } from "../../../deps.ts";
import { ActivateWalletSchema } from "../../../domain/crypto/schemas.ts";
import { activateWallet, previewWallet } from "../../../domain/crypto/wallets.ts";
import { walletAndNode } from "../../../domain/dashboard/settings.ts";
import {
  deleteLightningConnection,
  saveLightningConnection,
} from "../../../domain/lightning/manage-connection.ts";
import { SaveLightningConnectionSchema } from "../../../domain/lightning/schemas.ts";
import { formText } from "../../forms.ts";
import { dashT, runAction } from "../chrome.ts";
import { parseForm } from "../format.ts";
import { requireSudo } from "../require-sudo.ts";
import { signed, signedInRoutes, userActor } from "../session.ts";
import { walletView } from "../views/wallet.ts";
import { dashPage } from "./page.ts";

// The Bitcoin wallet and the Lightning node (views/wallet.ts): preview a key's first addresses,
// activate it; connect and disconnect a node.

const walletInput = (req: FastifyRequest) => {
  const network = formText(req.body, "network");
  return parseForm(ActivateWalletSchema, {
    key: formText(req.body, "key"),
    ...(network === "testnet" || network === "signet" ? { network } : {}),
  });
};

/** The node form's fields, a field left empty absent. */
function nodeInput(req: FastifyRequest) {
  const field = (k: string) => {
    const v = formText(req.body, k).trim();
    return v ? { [k]: v } : {};
  };
  return parseForm(SaveLightningConnectionSchema, {
    backend: formText(req.body, "backend"),
    url: formText(req.body, "url"),
    ...field("macaroon"),
    ...field("tls_certificate"),
    ...field("password"),
  });
}

export function registerWalletPages(web: FastifyInstance, deps: AppDeps): void {
  const r = signedInRoutes(web, deps);
  const show = dashPage(deps, "wallet", (req) => walletAndNode(deps, signed(req).who), walletView);
  const ok = (text: string) => ({ flash: { kind: "ok" as const, text } });

  r.get("/dashboard/wallet", "wallet:read", (req, reply) => show(req, reply));

  r.post("/dashboard/wallet/preview", "wallet:write", async (req, reply) => {
    const key = formText(req.body, "key");
    const done = await runAction(async () => {
      const parsed = walletInput(req);
      return { parsed, preview: previewWallet(signed(req).who, parsed) };
    });
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status, key });
    const { parsed, preview } = done.value;
    return show(req, reply, {
      key,
      preview: { key: parsed.key, network: parsed.network, preview },
    });
  });

  r.post("/dashboard/wallet", "wallet:write", async (req, reply) => {
    // Live: where the money goes changes, so a fresh factor first (require-sudo.ts).
    const live = () => signed(req).who.mode === "live";
    if (!(await requireSudo(deps, req, reply, { section: "wallet", needed: live }))) return reply;
    const done = await runAction(() =>
      activateWallet(deps, signed(req).who, walletInput(req), userActor(req)),
    );
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    return show(req, reply, ok(dashT(req)("wallet.activated")));
  });

  r.post("/dashboard/wallet/lightning", "wallet:write", async (req, reply) => {
    // Live: where the money goes changes, so a fresh factor first (require-sudo.ts).
    const live = () => signed(req).who.mode === "live";
    if (!(await requireSudo(deps, req, reply, { section: "wallet", needed: live }))) return reply;
    const done = await runAction(() =>
      saveLightningConnection(deps, signed(req).who, nodeInput(req), userActor(req)),
    );
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    return show(req, reply, ok(dashT(req)("ln.saved", { network: done.value.network })));
  });

  r.post("/dashboard/wallet/lightning/delete", "wallet:write", async (req, reply) => {
    const done = await runAction(() =>
      deleteLightningConnection(deps, signed(req).who, userActor(req)),
    );
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    return show(req, reply, ok(dashT(req)("ln.deleted")));
  });
}
