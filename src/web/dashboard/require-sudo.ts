import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppDeps } from "../../deps.ts";
import { hasPasskeys } from "../../domain/users/passkeys.ts";
import { sudoFresh } from "../../domain/users/sessions.ts";
import {
  confirmSudo,
  confirmSudoPasskey,
  dropKeptForm,
  keepForm,
  keptForm,
  sudoFactor,
} from "../../domain/users/sudo.ts";
import { formRaw, formText } from "../forms.ts";
import { dashT, type Section, sendDashPage } from "./chrome.ts";
import { relyingParty } from "./relying-party.ts";
import { signed } from "./session.ts";
import { sudoView } from "./views/sudo.ts";

// The check a money-routing form calls first: `if (!(await requireSudo(deps, req, reply, {...})))
// return reply;`. Without a fresh factor (TOSTAO_SUDO_SECONDS) the form's fields are kept
// server-side, sealed and bound to the session (a PSP secret or certificate never comes back to
// the page), and a page asks for the app's code (or the password); its post goes to the same
// URL with the kept form's reference, and the handler then runs with the original fields, as
// if never interrupted. A user with a passkey may give its assertion instead (a second form on
// the page, filled by assets/passkeys.js, posting the same reference with PASSKEY_FIELD). A
// kept form lives as long as a pending sign-in.

const REF_FIELD = "_sudo";
const ANSWER_FIELD = "sudo_answer";
const PASSKEY_FIELD = "sudo_passkey";

type Body = Record<string, unknown>;

// Multipart bodies carry files as Buffers: kept as base64 and given back as Buffers.
const toJson = (body: Body) =>
  JSON.stringify(body, (_k, v) =>
    v && typeof v === "object" && v.type === "Buffer" && Array.isArray(v.data)
      ? { $b64: Buffer.from(v.data).toString("base64") }
      : v,
  );
const fromJson = (text: string): Body =>
  JSON.parse(text, (_k, v) =>
    v && typeof v === "object" && typeof v.$b64 === "string" ? Buffer.from(v.$b64, "base64") : v,
  );

export async function requireSudo(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
  opts: { section: Section; needed: (body: Body) => boolean },
): Promise<boolean> {
  const { session } = signed(req);
  const action = req.url.split("?")[0] ?? "";
  const body = (req.body ?? {}) as Body;
  const windowMs = deps.config.dashboard.sudoMs;
  const ref = formText(body, REF_FIELD);
  const show = async (r: string, error?: string, status = 200) => {
    const [factor, passkey] = await Promise.all([
      sudoFactor(deps, session),
      hasPasskeys(deps, session.userId),
    ]);
    const t = dashT(req);
    await sendDashPage(req, reply, {
      section: opts.section,
      title: t("sudo.title"),
      main: sudoView(t, { action, ref: r, factor, passkey, csrf: session.csrfToken }),
      flash: error ? { kind: "error", text: error } : undefined,
      status,
    });
    return false;
  };

  if (!ref) {
    if (!opts.needed(body) || sudoFresh(deps, session, windowMs)) return true;
    return show(await keepForm(deps, session, { action, fields: toJson(body) }));
  }

  const kept = await keptForm(deps, session, { action, ref });
  const t = dashT(req);
  if (kept === undefined) {
    await sendDashPage(req, reply, {
      section: opts.section,
      title: t("sudo.title"),
      main: sudoView(t, { action, factor: "gone", csrf: session.csrfToken }),
      status: 410,
    });
    return false;
  }
  if (!sudoFresh(deps, session, windowMs)) {
    const sudoDeps = { ...deps, attempts: deps.signInAttempts, limits: sudoLimits(deps) };
    const assertion = formRaw(body, PASSKEY_FIELD);
    const checked = assertion
      ? await confirmSudoPasskey(sudoDeps, relyingParty(deps, req), session, assertion)
      : await confirmSudo(sudoDeps, session, {
          answer: formRaw(body, ANSWER_FIELD),
          ip: req.ip,
          userAgent: req.headers["user-agent"],
        });
    if (!checked.ok) {
      const throttled = checked.reason === "throttled";
      if (throttled) reply.header("Retry-After", String(checked.retryAfterSec));
      return show(ref, t(throttled ? "signin.throttled" : "sudo.wrong"), throttled ? 429 : 401);
    }
  }
  await dropKeptForm(deps, ref);
  req.body = fromJson(kept);
  return true;
}

const sudoLimits = (deps: AppDeps) => ({
  perEmail: deps.config.dashboard.attemptsPerEmail,
  perIp: deps.config.dashboard.attemptsPerIp,
});
