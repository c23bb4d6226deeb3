import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../../deps.ts";
import { AUDIT_ACTIONS } from "../../../domain/audit/actions.ts";
import { listAuditLog } from "../../../domain/audit/list-audit.ts";
import { signed, signedInRoutes } from "../session.ts";
import { auditView } from "../views/audit.ts";
import { dashPage } from "./page.ts";

// The audit log page (views/audit.ts), linked from the account page. The user sees the whole log, both modes' entries and the
// account-wide ones, as a live key does; a page is 50 entries, up to the lists' deepest offset.

const PAGE = 50;
const LAST_PAGE = 200;

export function registerAuditPages(web: FastifyInstance, deps: AppDeps): void {
  const r = signedInRoutes(web, deps);
  const show = dashPage(
    deps,
    // Under the account's section: the navigation stays one line at 1280 px in live mode.
    "account",
    async (req) => {
      const q = req.query as { action?: string; page?: string };
      const action = (AUDIT_ACTIONS as readonly string[]).includes(q.action ?? "")
        ? q.action
        : undefined;
      const asked = Number.parseInt(q.page ?? "1", 10);
      const page = Number.isSafeInteger(asked) ? Math.min(Math.max(asked, 1), LAST_PAGE) : 1;
      const { accountId } = signed(req).who;
      const list = await listAuditLog(
        deps,
        { accountId, mode: "live" },
        { action, limit: PAGE, offset: (page - 1) * PAGE },
      );
      return { action, page, ...list };
    },
    auditView,
  );
  r.get("/dashboard/audit", "audit:read", (req, reply) => show(req, reply));
}
