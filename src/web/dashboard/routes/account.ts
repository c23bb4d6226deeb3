import type { FastifyInstance, FastifyRequest } from "fastify";
import { baseUrlOf } from "../../../base-url.ts";
import type { AppDeps } from "../../../deps.ts";
import { renameAccount } from "../../../domain/accounts/display-name.ts";
import { resetTestMode } from "../../../domain/accounts/reset-test-mode.ts";
import { accountSettings } from "../../../domain/dashboard/settings.ts";
import { submitOnce } from "../../../domain/idempotency/submit-once.ts";
import { createUserLink } from "../../../domain/users/user-links.ts";
import { changePassword, removeUser } from "../../../domain/users/users.ts";
import { sealFor, submission } from "../../form-once.ts";
import { formRaw, formText } from "../../forms.ts";
import { dashT, runAction } from "../chrome.ts";
import { signed, signedInRoutes, userActor } from "../session.ts";
import { accountView } from "../views/account.ts";
import { dashPage } from "./page.ts";

// The account (views/account.ts): invite a user by a one-time link, remove one, rename the
// account, change the signed-in user's password, reset the test data.

export function registerAccountPages(web: FastifyInstance, deps: AppDeps): void {
  const r = signedInRoutes(web, deps);
  const show = dashPage(
    deps,
    "account",
    (req) => accountSettings(deps, signed(req).session.accountId),
    accountView,
  );
  const ok = (text: string) => ({ flash: { kind: "ok" as const, text } });

  r.get("/dashboard/account", (req, reply) => show(req, reply));

  r.post("/dashboard/account/invite", async (req, reply) => {
    const { session, who } = signed(req);
    // One link per click (the form's key); the second answer of a double click shows the same
    // link, its stored copy sealed. The link's code itself is stored hashed.
    const sub = submission(req, who, "/dashboard/account/invite", {});
    const { code } = await submitOnce(
      deps,
      sub,
      {
        run: async (db) => {
          const link = await createUserLink(
            { ...deps, db },
            {
              kind: "invite",
              accountId: session.accountId,
              createdBy: session.userId,
              actor: userActor(req),
            },
          );
          return { code: link.code };
        },
      },
      sealFor(deps, sub),
    );
    return show(req, reply, { invite: `${baseUrlOf(deps, req)}/dashboard/setup?code=${code}` });
  });

  r.post("/dashboard/account/reset-test", async (req, reply) => {
    const done = await runAction(() => resetTestMode(deps, signed(req).who));
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    const n = done.value.deleted.charges;
    return show(req, reply, ok(dashT(req)("account.resetTest.done", { n })));
  });

  r.post("/dashboard/account/name", async (req, reply) => {
    const accountId = signed(req).session.accountId;
    const displayName = formText(req.body, "display_name");
    const done = await runAction(() =>
      renameAccount(deps, { accountId, displayName, actor: userActor(req) }),
    );
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    const name = done.value.display_name ?? "";
    return show(req, reply, ok(dashT(req)("account.displayName.saved", { name })));
  });

  r.post("/dashboard/account/users/:id/remove", async (req, reply) => {
    const id = (req.params as { id: string }).id;
    const done = await runAction(() => removeUser(deps, signed(req).session, id, userActor(req)));
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    return show(req, reply, ok(dashT(req)("account.removed")));
  });

  r.post("/dashboard/account/password", async (req, reply) => {
    const t = dashT(req);
    const next = formRaw(req.body, "next");
    if (next !== formRaw(req.body, "confirm")) {
      return show(req, reply, { flash: { kind: "error", text: t("setup.mismatch") }, status: 422 });
    }
    const done = await runAction(() => changeOwnPassword(deps, req, next));
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    return show(req, reply, ok(t("account.passwordChanged")));
  });
}

/** The signed-in user's new password, the current one checked (and throttled as a sign-in). */
function changeOwnPassword(deps: AppDeps, req: FastifyRequest, next: string) {
  const { session } = signed(req);
  const { dashboard } = deps.config;
  return changePassword(
    {
      ...deps,
      scryptCost: dashboard.scryptCost,
      attempts: deps.signInAttempts,
      limits: { perEmail: dashboard.attemptsPerEmail, perIp: dashboard.attemptsPerIp },
    },
    {
      accountId: session.accountId,
      userId: session.userId,
      sessionIdHash: session.idHash,
      ip: req.ip,
    },
    { current: formRaw(req.body, "current"), next },
  );
}
