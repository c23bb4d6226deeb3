import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../../deps.ts";
import { statementPage } from "../../../domain/dashboard/statement.ts";
import { signed, signedInRoutes } from "../session.ts";
import { STATEMENT_PAGE, statementView } from "../views/statement.ts";
import { dashPage } from "./page.ts";

// The day's PSP statement (views/statement.ts): the API's GET /api/pix/statement for the
// session's live principal, read from the PSP on every visit.

export function registerStatementPage(web: FastifyInstance, deps: AppDeps): void {
  const show = dashPage(
    deps,
    "charges",
    (req) => statementPage(deps, signed(req).who, req.query as { date?: unknown }),
    statementView,
  );
  signedInRoutes(web, deps).get(STATEMENT_PAGE, "charges:read", (req, reply) => show(req, reply));
}
