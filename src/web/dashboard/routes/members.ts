import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { baseUrlOf } from "../../../base-url.ts";
import type { AppDeps } from "../../../deps.ts";
import { unprocessable } from "../../../domain/errors.ts";
import { submitOnce } from "../../../domain/idempotency/submit-once.ts";
import { changeRole, checkInviteRole, removeMember } from "../../../domain/users/members.ts";
import { setRequireTwoFactor } from "../../../domain/users/require-two-factor.ts";
import { type Role, RoleSchema } from "../../../domain/users/roles.ts";
import { createUserLink } from "../../../domain/users/user-links.ts";
import { sealFor, submission } from "../../form-once.ts";
import { formText } from "../../forms.ts";
import { dashT, runAction } from "../chrome.ts";
import { requireSudo } from "../require-sudo.ts";
import { signed, signedInRoutes, userActor } from "../session.ts";

// The account's members (views/members.ts, on the Account page): invite one with a role by a
// one-time link, remove one, change one's role (owners), and require two factors (owners).
// Each asks for a fresh second factor first (require-sudo.ts): a session left open cannot add
// a member or promote itself.

type Show = (req: FastifyRequest, reply: FastifyReply, opts?: object) => Promise<unknown>;

const roleOf = (body: unknown): Role => {
  const parsed = RoleSchema.safeParse(formText(body, "role"));
  if (!parsed.success)
    throw unprocessable("role: must be owner, admin, developer, finance or viewer");
  return parsed.data;
};

export function registerMemberActions(web: FastifyInstance, deps: AppDeps, show: Show): void {
  const r = signedInRoutes(web, deps);
  const sudo = (req: FastifyRequest, reply: FastifyReply) =>
    requireSudo(deps, req, reply, { section: "account", needed: () => true });
  const ok = (text: string) => ({ flash: { kind: "ok" as const, text } });
  const acting = (req: FastifyRequest) => {
    const { session } = signed(req);
    return { accountId: session.accountId, userId: session.userId, role: session.role };
  };

  r.post("/dashboard/account/invite", "account:write", async (req, reply) => {
    if (!(await sudo(req, reply))) return reply;
    const { session, who } = signed(req);
    // One link per click (the form's key); the second answer of a double click shows the same
    // link, its stored copy sealed. The link's code itself is stored hashed.
    const done = await runAction(async () => {
      const role = roleOf(req.body);
      checkInviteRole(acting(req), role);
      const sub = submission(req, who, "/dashboard/account/invite", { role });
      const run = async (db: typeof deps.db) => {
        const link = await createUserLink(
          { ...deps, db },
          {
            kind: "invite",
            accountId: session.accountId,
            createdBy: session.userId,
            actor: userActor(req),
            role,
          },
        );
        return { code: link.code };
      };
      return submitOnce(deps, sub, { run }, sealFor(deps, sub));
    });
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    const invite = `${baseUrlOf(deps, req)}/dashboard/setup?code=${done.value.code}`;
    return show(req, reply, { invite });
  });

  r.post("/dashboard/account/users/:id/remove", "account:write", async (req, reply) => {
    if (!(await sudo(req, reply))) return reply;
    const id = (req.params as { id: string }).id;
    const done = await runAction(() => removeMember(deps, acting(req), id, userActor(req)));
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    return show(req, reply, ok(dashT(req)("account.removed")));
  });

  r.post("/dashboard/account/users/:id/role", "account:write", async (req, reply) => {
    if (!(await sudo(req, reply))) return reply;
    const id = (req.params as { id: string }).id;
    const done = await runAction(() =>
      changeRole(deps, acting(req), { id, role: roleOf(req.body) }, userActor(req)),
    );
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    const t = dashT(req);
    const role = t(`role.${done.value.after}`);
    return show(req, reply, ok(t("members.roleChanged", { email: done.value.email, role })));
  });

  r.post("/dashboard/account/require-two-factor", "account:write", async (req, reply) => {
    const on = formText(req.body, "on") === "1";
    const done = await runAction(() => setRequireTwoFactor(deps, acting(req), on, userActor(req)));
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    return show(
      req,
      reply,
      ok(dashT(req)(on ? "members.require2fa.on" : "members.require2fa.off")),
    );
  });
}
