import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppDeps } from "../../../deps.ts";
import { renameAccount } from "../../../domain/accounts/display-name.ts";
import { resetTestMode } from "../../../domain/accounts/reset-test-mode.ts";
import { accountSettings } from "../../../domain/dashboard/settings.ts";
import { changePassword } from "../../../domain/users/users.ts";
import { formRaw, formText } from "../../forms.ts";
import { dashT, runAction } from "../chrome.ts";
import { signed, signedInRoutes, userActor } from "../session.ts";
import { accountView } from "../views/account.ts";
import { registerMemberActions } from "./members.ts";
import { dashPage } from "./page.ts";

// The account (views/account.ts): its members (routes/members.ts), rename the account, change
// the signed-in user's password, reset the test data.

export function registerAccountPages(web: FastifyInstance, deps: AppDeps): void {
  const r = signedInRoutes(web, deps);
  const show = dashPage(
    deps,
    "account",
    (req) => accountSettings(deps, signed(req).session.accountId),
    accountView,
  );
  const ok = (text: string) => ({ flash: { kind: "ok" as const, text } });

  r.get("/dashboard/account", "account:read", (req, reply) => show(req, reply));
  registerMemberActions(web, deps, show);

  r.post("/dashboard/account/reset-test", "account:write", async (req, reply) => {
    const done = await runAction(() => resetTestMode(deps, signed(req).who));
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    const n = done.value.deleted.charges;
    return show(req, reply, ok(dashT(req)("account.resetTest.done", { n })));
  });

  r.post("/dashboard/account/name", "account:write", async (req, reply) => {
    const accountId = signed(req).session.accountId;
    const displayName = formText(req.body, "display_name");
    const done = await runAction(() =>
      renameAccount(deps, { accountId, displayName, actor: userActor(req) }),
    );
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    const name = done.value.display_name ?? "";
    return show(req, reply, ok(dashT(req)("account.displayName.saved", { name })));
  });

  r.post("/dashboard/account/password", "member", async (req, reply) => {
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
