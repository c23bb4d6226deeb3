import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AppDeps } from "../../../deps.ts";
import { listPasskeys } from "../../../domain/users/passkeys.ts";
import { endOtherSessions, endSessionByRef, listSessions } from "../../../domain/users/sessions.ts";
import {
  beginTotp,
  confirmTotp,
  disableTotp,
  pendingTotp,
  recoveryCodesLeft,
  totpEnabled,
} from "../../../domain/users/two-factor.ts";
import { formText } from "../../forms.ts";
import { dashT, runAction } from "../chrome.ts";
import { sessionLimits, signed, signedInRoutes, userActor } from "../session.ts";
import { securityView } from "../views/security.ts";
import { dashPage } from "./page.ts";
import { registerPasskeyActions } from "./passkeys.ts";

// The Security page (views/security.ts): set up the authenticator app, turn it off with a code,
// add, list and remove passkeys (routes/passkeys.ts), and see or end the user's sessions on
// other browsers.

type Routes = ReturnType<typeof signedInRoutes>;
type Show = ReturnType<typeof securityPage>;

const securityPage = (deps: AppDeps) =>
  dashPage(
    deps,
    // Under Account in the navigation (a link from its page): the header stays one line wide.
    "account",
    async (req) => {
      const { session } = signed(req);
      const [enabled, codesLeft, sessions, passkeys] = await Promise.all([
        totpEnabled(deps, session.userId),
        recoveryCodesLeft(deps, session.userId),
        listSessions(deps, sessionLimits(deps), session),
        listPasskeys(deps, session.userId),
      ]);
      return { enabled, codesLeft, sessions, passkeys };
    },
    securityView,
  );

export function registerSecurityPages(web: FastifyInstance, deps: AppDeps): void {
  const r = signedInRoutes(web, deps);
  const show = securityPage(deps);
  const user = (req: FastifyRequest) => {
    const { session } = signed(req);
    return { userId: session.userId, email: session.email };
  };
  const ok = (text: string) => ({ flash: { kind: "ok" as const, text } });
  const audit = (req: FastifyRequest) => ({
    accountId: signed(req).session.accountId,
    actor: userActor(req),
  });

  // The account requires two factors and this member has none: say why they are here.
  r.get("/dashboard/security", "member", (req, reply) =>
    show(
      req,
      reply,
      signed(req).session.mustEnrolTwoFactor
        ? { flash: { kind: "warn", text: dashT(req)("security.enrolRequired") } }
        : undefined,
    ),
  );

  r.post("/dashboard/security/totp/start", "member", async (req, reply) => {
    const done = await runAction(() => beginTotp(deps, user(req)));
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    return show(req, reply, { enrolment: done.value });
  });

  r.post("/dashboard/security/totp/confirm", "member", async (req, reply) => {
    const code = formText(req.body, "code");
    const done = await runAction(() => confirmTotp(deps, user(req), code, audit(req)));
    if (!done.ok) {
      // The same QR again, so the next code can be typed without starting over.
      const enrolment = await pendingTotp(deps, user(req));
      return show(req, reply, { flash: done.flash, status: done.status, enrolment });
    }
    return show(req, reply, {
      ...ok(dashT(req)("security.enabled")),
      recoveryCodes: done.value.recoveryCodes,
    });
  });

  r.post("/dashboard/security/totp/disable", "member", async (req, reply) => {
    const throttle = {
      attempts: deps.signInAttempts,
      limits: {
        perEmail: deps.config.dashboard.attemptsPerEmail,
        perIp: deps.config.dashboard.attemptsPerIp,
      },
    };
    const done = await runAction(() =>
      disableTotp(
        { ...deps, ...throttle },
        { ...user(req), ip: req.ip },
        formText(req.body, "code"),
        audit(req),
      ),
    );
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    return show(req, reply, ok(dashT(req)("security.disabled")));
  });

  registerSessionActions(r, deps, show);
  registerPasskeyActions(web, deps, show);
}

/** Ending one of the user's other sessions, or all of them. */
function registerSessionActions(r: Routes, deps: AppDeps, show: Show) {
  const ok = (text: string) => ({ flash: { kind: "ok" as const, text } });
  r.post("/dashboard/security/sessions/:ref/end", "member", async (req, reply) => {
    const ref = (req.params as { ref: string }).ref;
    const ended = await endSessionByRef(deps, sessionLimits(deps), signed(req).session, ref);
    const t = dashT(req);
    if (!ended)
      return show(req, reply, {
        flash: { kind: "error", text: t("security.noSession") },
        status: 404,
      });
    return show(req, reply, ok(t("security.signedOutOne")));
  });

  r.post("/dashboard/security/sessions/end-others", "member", async (req, reply) => {
    const n = await endOtherSessions(deps, signed(req).session);
    return show(req, reply, ok(dashT(req)("security.signedOutOthers", { n })));
  });
}
