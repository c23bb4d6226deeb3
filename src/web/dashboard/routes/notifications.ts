import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../../deps.ts";
import { notificationsPage, previewMail } from "../../../domain/dashboard/notifications.ts";
import { badRequest } from "../../../domain/errors.ts";
import { MAIL_KINDS, type MailKind } from "../../../domain/notifications/kinds.ts";
import {
  getNotificationSettings,
  updateNotificationSettings,
} from "../../../domain/notifications/manage-notifications.ts";
import { UpdateNotificationSettingsSchema } from "../../../domain/notifications/settings.ts";
import { formList, formText } from "../../forms.ts";
import { runAction } from "../chrome.ts";
import { parseForm } from "../format.ts";
import { signed, signedInRoutes, userActor } from "../session.ts";
import { notificationsView } from "../views/notifications.ts";
import { dashPage } from "./page.ts";

// The payers' mail (views/notifications.ts): the relay's state, the settings form, the bill's
// preview and the latest mails. The form is the API's settings update with every field given:
// a kind left unchecked is turned off, an empty Reply-To or CNPJ is cleared.

/** "7, 3,1" as [7, 3, 1]; a part that is not a whole number is refused, naming the field. */
function dayList(text: string): number[] {
  if (text === "") return [];
  return text.split(",").map((part) => {
    const p = part.trim();
    if (!/^\d{1,2}$/.test(p))
      throw badRequest("reminder_days_before: must be numbers, comma-separated");
    return Number(p);
  });
}

export function registerNotificationPages(web: FastifyInstance, deps: AppDeps): void {
  const r = signedInRoutes(web, deps);
  const show = dashPage(
    deps,
    "notifications",
    (req) => notificationsPage(deps, signed(req).who),
    notificationsView,
  );

  r.get("/dashboard/notifications", "notifications:read", (req, reply) =>
    show(req, reply, { done: (req.query as { done?: string }).done }),
  );

  // One kind's preview as its own document, framed by the page: the mail's inline styles need a
  // policy of their own (the pages allow no inline style), and nothing else: no script, no
  // request anywhere, images only as data: URLs, framed by this origin only.
  r.get("/dashboard/notifications/preview", "notifications:read", async (req, reply) => {
    const kind = (req.query as { kind?: string }).kind ?? "bill";
    if (!(MAIL_KINDS as readonly string[]).includes(kind)) {
      throw badRequest(`kind: must be one of ${MAIL_KINDS.join(", ")}`);
    }
    const who = signed(req).who;
    const settings = await getNotificationSettings(deps, who);
    const mail = await previewMail(deps, who, settings, kind as MailKind);
    reply.header(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
    );
    reply.header("X-Frame-Options", "SAMEORIGIN");
    return reply.type("text/html; charset=utf-8").send(mail.html);
  });

  r.post("/dashboard/notifications/settings", "notifications:write", async (req, reply) => {
    const saved = await runAction(async () => {
      const on = new Set(formList(req.body, "kinds"));
      const replyTo = formText(req.body, "reply_to");
      const taxId = formText(req.body, "tax_id");
      const change = parseForm(UpdateNotificationSettingsSchema, {
        kinds: Object.fromEntries(MAIL_KINDS.map((k) => [k, on.has(k)])),
        language: formText(req.body, "language") || undefined,
        reply_to: replyTo === "" ? null : replyTo,
        tax_id: taxId === "" ? null : taxId,
        reminder_days_before: dayList(formText(req.body, "reminder_days_before")),
      });
      return updateNotificationSettings(deps, signed(req).who, change, userActor(req));
    });
    if (!saved.ok) return show(req, reply, { flash: saved.flash, status: saved.status });
    return reply.redirect("/dashboard/notifications?done=saved", 303);
  });
}
