import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { listAuditLog } from "../../src/domain/audit/list-audit.ts";
import { listTokens } from "../../src/domain/tokens/manage-tokens.ts";
import { SCOPES } from "../../src/domain/tokens/scopes.ts";
import { changeRole, removeMember } from "../../src/domain/users/members.ts";
import { ROLE_SCOPES, roleScopes } from "../../src/domain/users/roles.ts";
import { createUserLink } from "../../src/domain/users/user-links.ts";
import { listUsers } from "../../src/domain/users/users.ts";
import { manualClock } from "../../src/kernel/clock.ts";
import { addUser, getPage, PASSWORD, postForm, signInInject } from "../helpers/dashboard.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// Roles (docs/security.md, "Roles"): each maps to the API key scopes it holds, the dashboard
// refuses a page or form whose scope the member's role lacks (a hand-made POST included), the
// last owner stays, member changes ask for a fresh factor and are logged.

describe("the role table", () => {
  test("each role holds the scopes docs/security.md lists, and nothing else", () => {
    assert.equal(ROLE_SCOPES.owner, null, "an owner holds every scope, later ones included");
    assert.deepEqual(
      SCOPES.filter((s) => !roleScopes("admin")?.includes(s)),
      ["wallet:write", "provider:write"],
    );
    assert.deepEqual(roleScopes("developer"), [
      "charges:read",
      "products:read",
      "webhooks:read",
      "webhooks:write",
      "events:read",
      "tokens:read",
      "tokens:write",
      "account:read",
      "subscriptions:read",
      "test_clock:read",
      "test_clock:write",
      "notifications:read",
    ]);
    const finance = roleScopes("finance") ?? [];
    for (const s of ["charges:write", "exports:read", "wallet:read", "provider:read"] as const) {
      assert.ok(finance.includes(s), `finance holds ${s}`);
    }
    assert.ok(!finance.some((s) => s.endsWith(":write") && !/^(charges|subscriptions):/.test(s)));
    const viewer = roleScopes("viewer") ?? [];
    assert.ok(viewer.length > 0 && viewer.every((s) => s.endsWith(":read")), "viewer: reads only");
    assert.ok(!viewer.includes("exports:read"));
  });
});

describe("roles on the dashboard", () => {
  let svc: TestService;
  const clock = manualClock(new Date());
  before(async () => {
    svc = await startTestService({ clock });
  });
  after(() => svc.close());
  const origin = { origin: "http://localhost:80" };

  test("a viewer's forged POST of the key form is refused with 403 and makes no key; the page shows no form", async () => {
    const a = await svc.newAccount();
    await addUser(svc, a.accountId, "viewer@example.com", PASSWORD, "viewer");
    const s = await signInInject(svc, "viewer@example.com");
    const before = (await listTokens(svc.deps, { accountId: a.accountId })).tokens.length;
    const page = await getPage(svc, s, "/dashboard/keys");
    assert.equal(page.statusCode, 200);
    assert.doesNotMatch(
      page.body,
      /method="post" action="\/dashboard\/keys"/,
      "no make-a-key form",
    );
    assert.doesNotMatch(page.body, /\/revoke"/, "no revoke control");
    const forged = await postForm(
      svc,
      s,
      "/dashboard/keys",
      { _csrf: s.csrf, label: "forged", mode: "test", scopes: "all", _once: "k1" },
      origin,
    );
    assert.equal(forged.statusCode, 403, forged.body.slice(0, 300));
    assert.match(forged.body, /papel leitor não permite isto \(precisa de tokens:write\)/);
    const after = (await listTokens(svc.deps, { accountId: a.accountId })).tokens.length;
    assert.equal(after, before, "no key was made");
    const charges = await getPage(svc, s, "/dashboard/charges");
    assert.equal(charges.statusCode, 200, "a viewer reads charges");
    assert.doesNotMatch(charges.body, /method="post" action="\/dashboard\/charges"/, "makes none");
    assert.doesNotMatch(charges.body, /charges\/export/, "and has no export button");
    const exportRes = await getPage(svc, s, "/dashboard/charges/export");
    assert.equal(exportRes.statusCode, 403, "exports are finance's");
  });

  test("the wallet, Lightning, PIX provider and mail settings show their forms only to a role that may post them", async () => {
    const a = await svc.newAccount();
    const members = {
      owner: "o@roles.example",
      admin: "a@roles.example",
      finance: "f@roles.example",
    };
    for (const [role, email] of Object.entries(members)) {
      await addUser(svc, a.accountId, email, PASSWORD, role as "owner" | "admin" | "finance");
    }
    const pages = async (email: string) => {
      const s = await signInInject(svc, email);
      const wallet = (await getPage(svc, s, "/dashboard/wallet")).body;
      const mail = (await getPage(svc, s, "/dashboard/notifications")).body;
      const mode = await postForm(
        svc,
        s,
        "/dashboard/mode",
        { _csrf: s.csrf, mode: "live" },
        origin,
      );
      assert.equal(mode.statusCode, 303, mode.body.slice(0, 200));
      const provider = await getPage(svc, s, "/dashboard/pix-provider");
      assert.equal(provider.statusCode, 200);
      return { wallet, mail, provider: provider.body };
    };
    const form = (action: string) => new RegExp(`method="post" action="${action}"`);

    const owner = await pages(members.owner);
    assert.match(owner.wallet, form("/dashboard/wallet/preview"));
    assert.match(owner.wallet, form("/dashboard/wallet/lightning"));
    assert.match(owner.provider, form("/dashboard/pix-provider"));
    assert.match(owner.mail, form("/dashboard/notifications/settings"));

    // An admin reads where the money goes but changes none of it; the mail settings are theirs.
    const admin = await pages(members.admin);
    assert.doesNotMatch(admin.wallet, form("/dashboard/wallet/preview"));
    assert.doesNotMatch(admin.wallet, form("/dashboard/wallet/lightning"));
    assert.match(admin.wallet, /id="read-only"/);
    assert.match(admin.wallet, /id="lightning"/, "the node card still reads");
    assert.doesNotMatch(admin.provider, form("/dashboard/pix-provider"));
    assert.match(admin.provider, /id="read-only"/);
    assert.match(admin.mail, form("/dashboard/notifications/settings"));

    // Finance reads the mail settings as facts, with no form.
    const finance = await pages(members.finance);
    assert.doesNotMatch(finance.mail, form("/dashboard/notifications/settings"));
    assert.match(finance.mail, /id="read-only"/);
    assert.doesNotMatch(finance.wallet, form("/dashboard/wallet/preview"));
  });

  test("a developer's key holds no more than the developer role", async () => {
    const a = await svc.newAccount();
    await addUser(svc, a.accountId, "dev@example.com", PASSWORD, "developer");
    const s = await signInInject(svc, "dev@example.com");
    const made = await postForm(
      svc,
      s,
      "/dashboard/keys",
      { _csrf: s.csrf, label: "dev key", mode: "test", scopes: "all", _once: "k2" },
      origin,
    );
    assert.equal(made.statusCode, 200, made.body.slice(0, 300));
    const key = (await listTokens(svc.deps, { accountId: a.accountId })).tokens.find(
      (k) => k.label === "dev key",
    );
    assert.deepEqual(key?.scopes, roleScopes("developer"));
    const wallet = await postForm(svc, s, "/dashboard/wallet", { _csrf: s.csrf }, origin);
    assert.equal(wallet.statusCode, 403, "a developer never routes money");
  });

  test("the last owner can be neither demoted nor removed; with two, one can be", async () => {
    const a = await svc.newAccount();
    const one = await addUser(svc, a.accountId, "one@example.com");
    const admin = await addUser(svc, a.accountId, "admin@example.com", PASSWORD, "admin");
    const actor = { kind: "user" as const, id: "one@example.com" };
    const me = { accountId: a.accountId, userId: one.id, role: "owner" as const };
    await assert.rejects(
      changeRole(svc.deps, me, { id: one.id, role: "admin" }, actor),
      /must keep at least one owner/,
    );
    await assert.rejects(
      removeMember(svc.deps, { ...me, userId: admin.id, role: "admin" }, one.id, actor),
      /only an owner can remove an owner/,
    );
    await assert.rejects(
      changeRole(
        svc.deps,
        { ...me, userId: admin.id, role: "admin" },
        { id: admin.id, role: "owner" },
        actor,
      ),
      /only an owner can change members' roles/,
    );
    // On the page: the refusal says why, in the page's language.
    const s = await signInInject(svc, "one@example.com");
    const demote = await postForm(
      svc,
      s,
      `/dashboard/account/users/${one.id}/role`,
      { _csrf: s.csrf, role: "viewer" },
      origin,
    );
    assert.equal(demote.statusCode, 422);
    assert.match(demote.body, /a conta precisa manter pelo menos um dono/);
    const promoted = await postForm(
      svc,
      s,
      `/dashboard/account/users/${admin.id}/role`,
      { _csrf: s.csrf, role: "owner" },
      origin,
    );
    assert.equal(promoted.statusCode, 200, promoted.body.slice(0, 300));
    await changeRole(svc.deps, me, { id: one.id, role: "finance" }, actor);
    const roles = (await listUsers(svc.deps, a.accountId)).map((u) => [u.email, u.role]).sort();
    assert.deepEqual(roles, [
      ["admin@example.com", "owner"],
      ["one@example.com", "finance"],
    ]);
    const log = await listAuditLog(
      svc.deps,
      { accountId: a.accountId, mode: "live" },
      { action: "member.role_changed", limit: 10, offset: 0 },
    );
    assert.deepEqual(
      log.entries.map((e) => e.changes?.role),
      [
        { before: "owner", after: "finance" },
        { before: "admin", after: "owner" },
      ],
    );
  });

  test("inviting and changing a role ask for a fresh factor; the invitation's role is the new member's", async () => {
    const a = await svc.newAccount();
    await addUser(svc, a.accountId, "sudo-owner@example.com");
    const other = await addUser(svc, a.accountId, "sudo-other@example.com", PASSWORD, "viewer");
    const s = await signInInject(svc, "sudo-owner@example.com");
    clock.advance(svc.deps.config.dashboard.sudoMs + 1000);
    const asked = await postForm(
      svc,
      s,
      "/dashboard/account/invite",
      { _csrf: s.csrf, role: "finance", _once: "inv1" },
      origin,
    );
    assert.equal(asked.statusCode, 200);
    const ref = /name="_sudo" value="([^"]+)"/.exec(asked.body)?.[1];
    assert.ok(ref, "the sudo page asks for the password (no app)");
    assert.doesNotMatch(asked.body, /setup\?code=/, "no link before the factor");
    const wrong = await postForm(
      svc,
      s,
      "/dashboard/account/invite",
      { _csrf: s.csrf, _sudo: ref, sudo_answer: "not the password" },
      origin,
    );
    assert.equal(wrong.statusCode, 401);
    const done = await postForm(
      svc,
      s,
      "/dashboard/account/invite",
      { _csrf: s.csrf, _sudo: ref, sudo_answer: PASSWORD },
      origin,
    );
    const code = /setup\?code=([\w-]+)/.exec(done.body)?.[1];
    assert.ok(code, done.body.slice(0, 400));
    const joined = await svc.app.inject({
      method: "POST",
      url: "/dashboard/setup",
      headers: { "content-type": "application/x-www-form-urlencoded", ...origin },
      payload: new URLSearchParams({
        code,
        email: "new-finance@example.com",
        password: PASSWORD,
        confirm: PASSWORD,
      }).toString(),
    });
    assert.equal(joined.statusCode, 303, joined.body.slice(0, 300));
    const users = await listUsers(svc.deps, a.accountId);
    assert.equal(users.find((u) => u.email === "new-finance@example.com")?.role, "finance");
    const invited = await listAuditLog(
      svc.deps,
      { accountId: a.accountId, mode: "live" },
      { action: "member.invited", limit: 10, offset: 0 },
    );
    assert.deepEqual(invited.entries[0]?.changes?.role, { after: "finance" });

    clock.advance(svc.deps.config.dashboard.sudoMs + 1000);
    const role = await postForm(
      svc,
      s,
      `/dashboard/account/users/${other.id}/role`,
      { _csrf: s.csrf, role: "admin" },
      origin,
    );
    assert.match(role.body, /name="_sudo"/, "a role change asks too");
    assert.equal(
      (await listUsers(svc.deps, a.accountId)).find((u) => u.id === other.id)?.role,
      "viewer",
      "unchanged until the factor is given",
    );
  });

  test("an old invitation (made before roles) still gives an owner; a new one defaults to viewer", async () => {
    const a = await svc.newAccount();
    const link = await createUserLink(svc.deps, { kind: "invite", accountId: a.accountId });
    await svc.deps.db.query("UPDATE user_links SET role = NULL WHERE account_id = $1", [
      a.accountId,
    ]);
    const res = await svc.app.inject({
      method: "POST",
      url: "/dashboard/setup",
      headers: { "content-type": "application/x-www-form-urlencoded", ...origin },
      payload: new URLSearchParams({
        code: link.code,
        email: "old-invite@example.com",
        password: PASSWORD,
        confirm: PASSWORD,
      }).toString(),
    });
    assert.equal(res.statusCode, 303, res.body.slice(0, 300));
    assert.equal((await listUsers(svc.deps, a.accountId))[0]?.role, "owner");
  });

  test("with two factors required, a member without one is sent to enrolment; sign-out stays open", async () => {
    const a = await svc.newAccount();
    await addUser(svc, a.accountId, "req-owner@example.com");
    await addUser(svc, a.accountId, "req-viewer@example.com", PASSWORD, "viewer");
    const owner = await signInInject(svc, "req-owner@example.com");
    const set = await postForm(
      svc,
      owner,
      "/dashboard/account/require-two-factor",
      { _csrf: owner.csrf, on: "1" },
      origin,
    );
    assert.equal(set.statusCode, 200, set.body.slice(0, 300));
    assert.match(set.body, /Dois fatores agora são exigidos/);
    const log = await listAuditLog(
      svc.deps,
      { accountId: a.accountId, mode: "live" },
      { action: "settings.changed", limit: 10, offset: 0 },
    );
    assert.deepEqual(log.entries[0]?.changes?.require_two_factor, { before: false, after: true });
    const res = await svc.app.inject({
      method: "POST",
      url: "/dashboard/sign-in",
      headers: { "content-type": "application/x-www-form-urlencoded", ...origin },
      payload: new URLSearchParams({
        email: "req-viewer@example.com",
        password: PASSWORD,
      }).toString(),
    });
    const cookie = /tostao_session=([^;]+)/.exec(String(res.headers["set-cookie"]))?.[1] ?? "";
    const charges = await getPage(svc, { cookie }, "/dashboard/charges");
    assert.equal(charges.statusCode, 303);
    assert.equal(charges.headers.location, "/dashboard/security?enrol=1");
    const security = await getPage(svc, { cookie }, "/dashboard/security?enrol=1");
    assert.equal(security.statusCode, 200);
    assert.match(security.body, /Esta conta exige dois fatores/);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(security.body)?.[1] ?? "";
    const out = await postForm(svc, { cookie }, "/dashboard/sign-out", { _csrf: csrf }, origin);
    assert.equal(out.statusCode, 303);
    assert.match(String(out.headers.location), /sign-in/);
  });
});
