import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../../../deps.ts";
import { beginPasskeySignIn, signInWithPasskey } from "../../../domain/users/passkey-sign-in.ts";
import {
  beginPasskeyRegistration,
  finishPasskeyRegistration,
  removePasskey,
} from "../../../domain/users/passkeys.ts";
import { beginSudoPasskey } from "../../../domain/users/sudo.ts";
import { requireOrigin } from "../../csrf.ts";
import { formRaw, formText } from "../../forms.ts";
import { WEB_ROUTE } from "../../route-options.ts";
import { dashT, type Flash, runAction, sendPublicPage } from "../chrome.ts";
import { relyingParty } from "../relying-party.ts";
import { requireSudo } from "../require-sudo.ts";
import {
  localPath,
  SESSION_COOKIE,
  setSessionCookie,
  signed,
  signedInRoutes,
  userActor,
} from "../session.ts";
import { signInView } from "../views/sign-in.ts";
import { signInDeps } from "./sign-in.ts";

// Passkeys in the browser (assets/passkeys.js drives @simplewebauthn/browser): each ceremony
// first posts for its options (JSON, a fresh challenge kept server-side), then the page's form
// posts the authenticator's answer as a hidden field and gets a page back, as any form does.
// Adding and the sudo step are signed-in posts (CSRF token and Origin); the sign-in ones have
// no session yet, so the Origin check is their defence, as for the password form.

type Show = (
  req: FastifyRequest,
  reply: FastifyReply,
  opts?: { flash?: Flash; status?: number },
) => Promise<unknown>;

const json = (reply: FastifyReply, body: unknown) =>
  reply.header("Cache-Control", "no-store").type("application/json; charset=utf-8").send(body);

/** The Security page's passkey actions: options, add, remove (after sudo). */
export function registerPasskeyActions(web: FastifyInstance, deps: AppDeps, show: Show): void {
  const r = signedInRoutes(web, deps);
  const who = (req: FastifyRequest) => {
    const { session } = signed(req);
    return {
      userId: session.userId,
      accountId: session.accountId,
      email: session.email,
      sessionHash: session.idHash,
    };
  };
  const audit = (req: FastifyRequest) => ({
    accountId: signed(req).session.accountId,
    actor: userActor(req),
  });

  r.post("/dashboard/security/passkeys/options", "member", async (req, reply) =>
    json(reply, await beginPasskeyRegistration(deps, relyingParty(deps, req), who(req))),
  );

  r.post("/dashboard/security/passkeys", "member", async (req, reply) => {
    const done = await runAction(() =>
      finishPasskeyRegistration(
        deps,
        relyingParty(deps, req),
        who(req),
        { name: formText(req.body, "name"), response: formRaw(req.body, "response") },
        audit(req),
      ),
    );
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    const text = dashT(req)("passkeys.added", { name: done.value.name });
    return show(req, reply, { flash: { kind: "ok", text } });
  });

  r.post("/dashboard/security/passkeys/:id/remove", "member", async (req, reply) => {
    if (!(await requireSudo(deps, req, reply, { section: "account", needed: () => true }))) {
      return reply;
    }
    const id = (req.params as { id: string }).id;
    const done = await runAction(() =>
      removePasskey(deps, signed(req).session.userId, id, audit(req)),
    );
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    return show(req, reply, { flash: { kind: "ok", text: dashT(req)("passkeys.removed") } });
  });

  r.post("/dashboard/sudo/passkey/options", "member", async (req, reply) =>
    json(reply, await beginSudoPasskey(deps, relyingParty(deps, req), signed(req).session)),
  );
}

/** "Sign in with a passkey" on the sign-in page. */
export function registerPasskeySignIn(web: FastifyInstance, deps: AppDeps): void {
  web.post("/dashboard/sign-in/passkey/options", WEB_ROUTE, async (req, reply) => {
    requireOrigin(deps, req);
    return json(reply, await beginPasskeySignIn(deps, relyingParty(deps, req)));
  });

  web.post("/dashboard/sign-in/passkey", WEB_ROUTE, async (req, reply) => {
    requireOrigin(deps, req);
    const next = localPath(formText(req.body, "next"));
    const outcome = await signInWithPasskey(signInDeps(deps), relyingParty(deps, req), {
      response: formRaw(req.body, "response"),
      ip: req.ip,
      previousCookie: req.cookies[SESSION_COOKIE],
      userAgent: req.headers["user-agent"],
    });
    if (outcome.ok) {
      setSessionCookie(deps, reply, outcome.cookie);
      return reply.redirect(next, 303);
    }
    const t = dashT(req);
    const text = t(
      outcome.reason === "expired" ? "passkeys.signin.expired" : "passkeys.signin.invalid",
    );
    const main = signInView(t, { next, flash: { kind: "error", text } });
    return sendPublicPage(req, reply, { title: t("signin.title"), main, status: 401 });
  });
}
