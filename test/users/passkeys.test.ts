import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { manualClock } from "../../src/kernel/clock.ts";
import { addUser, getPage, postForm, signInInject } from "../helpers/dashboard.ts";
import { startTestService, type TestService } from "../helpers/service.ts";
import { type SoftAuthenticator, softAuthenticator } from "../helpers/soft-authenticator.ts";

// Passkeys (issue 36): registration and assertions verified against a software authenticator
// (ES256 keys of node:crypto, authenticatorData and clientDataJSON built by hand), through the
// dashboard's own routes. The guarantees: the relying party is TOSTAO_BASE_URL's host and origin,
// a challenge serves once and briefly and only for its purpose, user verification is required,
// the counter moves, a passkey alone signs in (logged with its factor, failures with a reason),
// and it is a factor for sudo, which removing a passkey asks for.

const BASE = "https://pay.example.test";
const RP = { rpId: "pay.example.test", origin: BASE };

describe("passkeys", () => {
  let svc: TestService;
  const clock = manualClock(new Date("2026-11-22T10:00:15.000Z"));
  before(async () => {
    svc = await startTestService({
      clock,
      env: { TOSTAO_BASE_URL: BASE, TOSTAO_SUDO_SECONDS: "60" },
    });
  });
  after(() => svc.close());

  type S = { cookie: string; csrf: string };
  const json = (body: string) => JSON.parse(body) as Record<string, unknown>;

  async function signedIn(email: string) {
    const a = await svc.newAccount();
    const user = await addUser(svc, a.accountId, email);
    const s = await signInInject(svc, email);
    return { a, user, s };
  }

  async function registerOptions(s: S) {
    const res = await postForm(svc, s, "/dashboard/security/passkeys/options", { _csrf: s.csrf });
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    return json(res.body) as { challenge: string; rp: { id: string }; [k: string]: unknown };
  }

  async function addPasskey(s: S, auth: SoftAuthenticator, name: string, userId: string) {
    const options = await registerOptions(s);
    const response = auth.register({ ...RP, challenge: options.challenge, userId });
    return postForm(svc, s, "/dashboard/security/passkeys", { _csrf: s.csrf, name, response });
  }

  const fromSite = { origin: BASE };
  async function signInOptions() {
    const res = await svc.app.inject({
      method: "POST",
      url: "/dashboard/sign-in/passkey/options",
      headers: fromSite,
    });
    assert.equal(res.statusCode, 200, res.body.slice(0, 300));
    return json(res.body) as { challenge: string; userVerification: string; rpId: string };
  }
  const signInPost = (response: string) =>
    svc.app.inject({
      method: "POST",
      url: "/dashboard/sign-in/passkey",
      headers: { ...fromSite, "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ response, next: "/dashboard/security" }).toString(),
    });

  const auditOf = async (accountId: string, action: string) =>
    svc.deps.db.query<{ changes: Record<string, { after?: unknown; before?: unknown }> | null }>(
      "SELECT changes FROM audit_log WHERE account_id = $1 AND action = $2 ORDER BY seq",
      [accountId, action],
    );

  test("a passkey is registered for TOSTAO_BASE_URL's host, discoverable and user-verified, stored as bytes, and listed by name", async () => {
    const { a, user, s } = await signedIn("reg@example.com");
    const options = await registerOptions(s);
    assert.equal(options.rp.id, "pay.example.test");
    assert.deepEqual(options.authenticatorSelection, {
      residentKey: "required",
      requireResidentKey: true,
      userVerification: "required",
    });
    const auth = softAuthenticator();
    const phone = auth.register({ ...RP, challenge: options.challenge, userId: user.id });
    const added = await postForm(svc, s, "/dashboard/security/passkeys", {
      _csrf: s.csrf,
      name: "  My phone ",
      response: phone,
    });
    assert.equal(added.statusCode, 200);
    assert.match(added.body, /My phone/);
    const [row] = await svc.deps.db.query<{ credential_id: Uint8Array; public_key: Uint8Array }>(
      "SELECT credential_id, public_key FROM user_passkeys WHERE user_id = $1",
      [user.id],
    );
    assert.ok(row);
    assert.deepEqual(Buffer.from(row.credential_id), auth.credentialId);
    assert.ok(Buffer.from(row.public_key).length > 60, "the COSE key's bytes");
    // The same answer again: its challenge is spent.
    const replay = await postForm(svc, s, "/dashboard/security/passkeys", {
      _csrf: s.csrf,
      name: "again",
      response: phone,
    });
    assert.equal(replay.statusCode, 422);
    // A second one, from another origin: refused; then a right one: both listed.
    const evil = await registerOptions(s);
    const other = softAuthenticator();
    const wrongOrigin = other.register({
      rpId: RP.rpId,
      origin: "https://evil.example",
      challenge: evil.challenge,
      userId: user.id,
    });
    const refused = await postForm(svc, s, "/dashboard/security/passkeys", {
      _csrf: s.csrf,
      name: "laptop",
      response: wrongOrigin,
    });
    assert.equal(refused.statusCode, 422);
    clock.advance(1000); // listed oldest first
    assert.equal((await addPasskey(s, other, "Laptop", user.id)).statusCode, 200);
    const page = await getPage(svc, s, "/dashboard/security");
    assert.match(page.body, /data-passkey-row="pk_[^"]+"[\s\S]*My phone[\s\S]*Laptop/);
    const logged = await auditOf(a.accountId, "passkey.added");
    assert.deepEqual(
      logged.map((r) => r.changes?.name?.after),
      ["My phone", "Laptop"],
    );
  });

  test("an authenticator that did not verify the user is refused at registration", async () => {
    const { user, s } = await signedIn("nouv@example.com");
    const auth = softAuthenticator();
    auth.verifies = false;
    assert.equal((await addPasskey(s, auth, "key", user.id)).statusCode, 422);
  });

  test("a passkey alone signs in; the challenge serves once, the counter moves, and each outcome is logged", async () => {
    const { a, user, s } = await signedIn("signin@example.com");
    const auth = softAuthenticator();
    await addPasskey(s, auth, "Phone", user.id);
    const options = await signInOptions();
    assert.equal(options.userVerification, "required");
    assert.equal(options.rpId, "pay.example.test");
    const assertion = auth.assert({ ...RP, challenge: options.challenge });
    const ok = await signInPost(assertion);
    assert.equal(ok.statusCode, 303);
    assert.equal(ok.headers.location, "/dashboard/security");
    const cookie = /tostao_session=([^;]+)/.exec(String(ok.headers["set-cookie"]))?.[1] ?? "";
    assert.equal((await getPage(svc, { cookie }, "/dashboard/security")).statusCode, 200);
    const [row] = await svc.deps.db.query<{ sign_count: string | number; last_used_at: Date }>(
      "SELECT sign_count, last_used_at FROM user_passkeys WHERE user_id = $1",
      [user.id],
    );
    assert.equal(Number(row?.sign_count), 1);
    assert.ok(row?.last_used_at);
    const succeeded = await auditOf(a.accountId, "sign_in.succeeded");
    assert.equal(succeeded.at(-1)?.changes?.factor?.after, "passkey");

    // The same assertion again: the challenge is gone.
    const replay = await signInPost(assertion);
    assert.equal(replay.statusCode, 401);
    // A fresh challenge but a counter that went back (a cloned authenticator): refused.
    const again = await signInOptions();
    const cloned = await signInPost(auth.assert({ ...RP, challenge: again.challenge, counter: 1 }));
    assert.equal(cloned.statusCode, 401);
    // No user verification: refused.
    auth.verifies = false;
    const uv = await signInOptions();
    assert.equal(
      (await signInPost(auth.assert({ ...RP, challenge: uv.challenge }))).statusCode,
      401,
    );
    auth.verifies = true;
    // Another user's handle with this credential: refused.
    const handle = await signInOptions();
    const foreign = auth.assert({ ...RP, challenge: handle.challenge, userHandle: "dXNyX290aGVy" });
    assert.equal((await signInPost(foreign)).statusCode, 401);
    // A challenge past its two minutes.
    const late = await signInOptions();
    clock.advance(121_000);
    assert.equal(
      (await signInPost(auth.assert({ ...RP, challenge: late.challenge }))).statusCode,
      401,
    );
    const failed = await auditOf(a.accountId, "sign_in.failed");
    assert.deepEqual(
      failed.map((r) => r.changes?.reason?.after),
      [
        "passkey_expired",
        "passkey_rejected",
        "passkey_rejected",
        "passkey_rejected",
        "passkey_expired",
      ],
    );
    // And a good one still works.
    const last = await signInOptions();
    assert.equal(
      (await signInPost(auth.assert({ ...RP, challenge: last.challenge }))).statusCode,
      303,
    );
  });

  test("two posts of one assertion at once open one session", async () => {
    const { user, s } = await signedIn("race@example.com");
    const auth = softAuthenticator();
    await addPasskey(s, auth, "Phone", user.id);
    const options = await signInOptions();
    const assertion = auth.assert({ ...RP, challenge: options.challenge });
    const both = await Promise.all([signInPost(assertion), signInPost(assertion)]);
    assert.deepEqual(both.map((r) => r.statusCode).sort(), [303, 401]);
  });

  test("the sign-in options need this site's Origin", async () => {
    const res = await svc.app.inject({
      method: "POST",
      url: "/dashboard/sign-in/passkey/options",
      headers: { origin: "https://evil.example" },
    });
    assert.equal(res.statusCode, 403);
  });

  test("removing a passkey asks for sudo, which a passkey assertion gives; the kept form then goes through", async () => {
    const { a, user, s } = await signedIn("sudo@example.com");
    const auth = softAuthenticator();
    await addPasskey(s, auth, "Phone", user.id);
    const spare = softAuthenticator();
    await addPasskey(s, spare, "Spare", user.id);
    const page = await getPage(svc, s, "/dashboard/security");
    const rowId = (name: string) =>
      /data-passkey-row="(pk_[^"]+)"/.exec(
        page.body.split("<tr").find((r) => r.includes(`>${name}</strong>`)) ?? "",
      )?.[1];
    const id = rowId("Phone");
    const spareId = rowId("Spare");
    assert.ok(id && spareId);
    clock.advance(61_000);
    const asked = await postForm(svc, s, `/dashboard/security/passkeys/${spareId}/remove`, {
      _csrf: s.csrf,
    });
    assert.equal(asked.statusCode, 200);
    assert.match(asked.body, /data-sudo-passkey/);
    const ref = /name="_sudo" value="([^"]+)"/.exec(asked.body)?.[1] ?? "";
    // A sign-in challenge is not a sudo challenge.
    const wrongPurpose = await signInOptions();
    const refused = await postForm(svc, s, `/dashboard/security/passkeys/${spareId}/remove`, {
      _csrf: s.csrf,
      _sudo: ref,
      sudo_passkey: auth.assert({ ...RP, challenge: wrongPurpose.challenge }),
    });
    assert.equal(refused.statusCode, 401);
    const opts = await postForm(svc, s, "/dashboard/sudo/passkey/options", { _csrf: s.csrf });
    const sudoOptions = json(opts.body) as { challenge: string; allowCredentials: unknown[] };
    assert.equal(sudoOptions.allowCredentials.length, 2, "only the user's own passkeys");
    const removed = await postForm(svc, s, `/dashboard/security/passkeys/${spareId}/remove`, {
      _csrf: s.csrf,
      _sudo: ref,
      sudo_passkey: auth.assert({ ...RP, challenge: sudoOptions.challenge }),
    });
    assert.equal(removed.statusCode, 200);
    assert.doesNotMatch(removed.body, /Spare/);
    assert.match(removed.body, /Phone/);
    const logged = await auditOf(a.accountId, "passkey.removed");
    assert.equal(logged[0]?.changes?.name?.before, "Spare");
    // Another user's passkey id removes nothing.
    const other = await signedIn("other@example.com");
    const foreign = await postForm(svc, other.s, `/dashboard/security/passkeys/${id}/remove`, {
      _csrf: other.s.csrf,
    });
    assert.equal(foreign.statusCode, 404);
  });
});
