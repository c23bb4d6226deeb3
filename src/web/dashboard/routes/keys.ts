import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../../deps.ts";
import { keysOfMode } from "../../../domain/dashboard/settings.ts";
import { submitOnce } from "../../../domain/idempotency/submit-once.ts";
import { issueToken, revokeToken } from "../../../domain/tokens/manage-tokens.ts";
import { CreateTokenSchema } from "../../../domain/tokens/schemas.ts";
import { CHARGES_ONLY } from "../../../domain/tokens/scopes.ts";
import type { Mode } from "../../../kernel/mode.ts";
import { sealFor, submission } from "../../form-once.ts";
import { formText } from "../../forms.ts";
import { dashT, runAction } from "../chrome.ts";
import { parseForm } from "../format.ts";
import { requireSudo } from "../require-sudo.ts";
import { signed, signedInRoutes, userActor } from "../session.ts";
import { keysView, type NewKey } from "../views/keys.ts";
import { dashPage } from "./page.ts";

// API keys (views/keys.ts): create one (its value shown once), revoke one. A member whose role
// holds tokens:write may create live keys, after a fresh factor (require-sudo.ts), holding at
// most their role's scopes.

export function registerKeyPages(web: FastifyInstance, deps: AppDeps): void {
  const r = signedInRoutes(web, deps);
  const show = dashPage<Awaited<ReturnType<typeof keysOfMode>>, { created?: NewKey }>(
    deps,
    "keys",
    (req) => keysOfMode(deps, signed(req).who),
    keysView,
  );

  r.get("/dashboard/keys", "tokens:read", (req, reply) => show(req, reply));

  r.post("/dashboard/keys", "tokens:write", async (req, reply) => {
    // A live key can move money: it asks for a fresh factor (the form is kept meanwhile).
    const live = (body: unknown) => formText(body, "mode") === "live";
    if (!(await requireSudo(deps, req, reply, { section: "keys", needed: live }))) return reply;
    const { who } = signed(req);
    const label = formText(req.body, "label");
    const mode: Mode = formText(req.body, "mode") === "live" ? "live" : "test";
    const scopes = formText(req.body, "scopes") === "charges" ? [...CHARGES_ONLY] : undefined;
    const sub = submission(req, who, "/dashboard/keys", { label, mode, scopes: scopes ?? "all" });
    // A double click makes one key; the second answer shows the same value (stored sealed).
    const done = await runAction(() =>
      submitOnce(
        deps,
        sub,
        {
          run: async (db) => {
            const input = parseForm(CreateTokenSchema, { label, mode, scopes });
            const issued = await issueToken(
              { ...deps, db },
              {
                accountId: who.accountId,
                label: input.label,
                mode,
                scopes: input.scopes,
                // A member makes no key holding more than their role does (no escalation).
                callerScopes: who.scopes ?? null,
                actor: userActor(req),
              },
            );
            return { token: issued.token };
          },
        },
        sealFor(deps, sub),
      ),
    );
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    // The value is shown in this response only: never in a URL, never stored.
    return show(req, reply, { created: { token: done.value.token, mode, label } });
  });

  r.post("/dashboard/keys/:id/revoke", "tokens:write", async (req, reply) => {
    const { who } = signed(req);
    const id = (req.params as { id: string }).id;
    const done = await runAction(() =>
      revokeToken(deps, {
        accountId: who.accountId,
        id,
        onlyMode: who.mode,
        actor: userActor(req),
      }),
    );
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    // Every instance refuses a revoked token within a second; this one at once.
    deps.authenticator.forgetAll();
    const text = dashT(req)("keys.revoked", { label: done.value.label });
    return show(req, reply, { flash: { kind: "ok", text } });
  });
}
