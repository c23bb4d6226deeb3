import type { FastifyReply, FastifyRequest } from "fastify";
import { holds, type Scope } from "../../../domain/tokens/scopes.ts";
import type { Role } from "../../../domain/users/roles.ts";
import type { Random } from "../../../kernel/clock.ts";
import type { Principal } from "../../../kernel/mode.ts";
import { newFormKey } from "../../form-once.ts";
import type { HtmlValue } from "../../html.ts";
import type { Lang } from "../../i18n/catalogue.ts";
import { type DashT, dashT, type Flash, type Section, sendDashPage } from "../chrome.ts";
import { signed } from "../session.ts";

// The one skeleton of a signed-in dashboard page: read the page's data through its read model,
// hand it to the page's view (a pure function of data to HTML, in ../views/), and send the
// result in the dashboard's frame, with the flash and status an action asked for. A route file
// makes each of its pages once with `dashPage` and calls the result from its GET and its POSTs.

/** Everything a view knows of the request: the language, the URL, the session's CSRF token. */
export type ViewCtx = {
  t: DashT;
  lang: Lang;
  /** The request's path and query (pagers, "back here" fields). */
  url: string;
  csrf: string;
  who: Principal;
  userId: string;
  /** A fresh key for a form that creates something once (form-once.ts). */
  formKey: string;
  /** The member's role, and whether it holds a scope: a view shows no control it would refuse. */
  role: Role;
  can: (scope: Scope) => boolean;
};

export function viewCtx(deps: { random: Random }, req: FastifyRequest): ViewCtx {
  const { session, who } = signed(req);
  return {
    t: dashT(req),
    lang: req.lang,
    url: req.url,
    csrf: session.csrfToken,
    who,
    userId: session.userId,
    formKey: newFormKey(deps),
    role: session.role,
    can: (scope) => holds(who, scope),
  };
}

/** What an action asks of the page it shows again: a message, a status, extra view input. */
export type Shown = { flash?: Flash | undefined; status?: number | undefined };

/** A view's answer: the title, the content, and a notice of its own (a `?done=` redirect's). */
export type PageView<D, O> = (
  ctx: ViewCtx,
  data: D,
  opts: O,
) => { title: string; main: HtmlValue; flash?: Flash | undefined; status?: number };

export function dashPage<D, O extends object = Record<never, never>>(
  deps: { random: Random },
  section: Section,
  read: (req: FastifyRequest) => Promise<D>,
  view: PageView<D, O & Shown>,
) {
  return async (req: FastifyRequest, reply: FastifyReply, opts?: O & Shown) => {
    const o = opts ?? ({} as O & Shown);
    const shown = view(viewCtx(deps, req), await read(req), o);
    return sendDashPage(req, reply, {
      section,
      title: shown.title,
      main: shown.main,
      flash: o.flash ?? shown.flash,
      status: o.status ?? shown.status,
    });
  };
}
