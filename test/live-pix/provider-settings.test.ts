import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { findReceiverAccount } from "../../src/db/queries/subscriptions-live.ts";
import { makeBacenPixClient } from "../../src/pix-psp/bacen-client.ts";
import { addUser, getPage, postForm, signInInject } from "../helpers/dashboard.ts";
import { providerBody } from "../helpers/live-pix.ts";
import {
  makeTestPki,
  type PspPeer,
  startPspPeer,
  type TestPki,
} from "../helpers/psp-peer/index.ts";
import { type TestService, useFileService } from "../helpers/service.ts";

// The PSP connection's settings as the API and the dashboard's PIX provider form take them:
// a live connection needs TOSTAO_BASE_URL (issue 32, item 10 a), so no live charge's link is
// ever built from a request's Host header; the form sets the receiver account live
// subscriptions' cobrs name (item 7), in both languages.

let pki: TestPki;
let peer: PspPeer;
before(async () => {
  pki = makeTestPki();
  // generic: no probe of the notification URL, so nothing here needs a reachable service.
  peer = await startPspPeer({ pki, profile: "generic" });
});
after(() => peer.close());

/** The block's service, with `env` on top of the file's and a PSP client of its own timeouts. */
const useService = (env: Record<string, string> = {}) =>
  useFileService({
    env: { TOSTAO_WEBHOOK_ALLOW_HOSTS: "localhost,127.0.0.1", TOSTAO_WORKERS: "false", ...env },
    makePspClient: (creds) =>
      makeBacenPixClient(creds, { timeoutMs: 2000, retries: 1, backoffMs: [20], budgetMs: 4000 }),
  });

/** The dashboard form's fields for the peer's connection (text instead of files). */
const formFields = (csrf: string, extra: Record<string, string> = {}) => {
  const b = providerBody(peer) as unknown as Record<string, string>;
  return {
    _csrf: csrf,
    profile: b.profile ?? "",
    base_url: b.base_url ?? "",
    token_url: b.token_url ?? "",
    client_id: b.client_id ?? "",
    client_secret: b.client_secret ?? "",
    certificate: b.certificate ?? "",
    private_key: b.private_key ?? "",
    ca: b.ca ?? "",
    pix_key: b.pix_key ?? "",
    merchant_name: "Loja da Esquina",
    merchant_city: "Recife",
    ...extra,
  };
};

async function liveSession(svc: TestService, accountId: string, email: string) {
  await addUser(svc, accountId, email);
  const session = await signInInject(svc, email);
  const mode = await postForm(svc, session, "/dashboard/mode", {
    _csrf: session.csrf,
    mode: "live",
    return: "/dashboard",
  });
  assert.equal(mode.statusCode, 303, mode.body);
  return session;
}

describe("without TOSTAO_BASE_URL", () => {
  const svc = useService();

  test("a live PSP connection is refused with 422 naming TOSTAO_BASE_URL, through the API and the dashboard (in Portuguese), and nothing is saved", async () => {
    const account = await svc.newAccount();
    const before = peer.tokenRequests;
    const res = await svc.call("POST", "/api/pix/provider", {
      token: account.live,
      body: providerBody(peer),
    });
    assert.equal(res.statusCode, 422, res.body);
    assert.match(res.json().error, /^TOSTAO_BASE_URL: is not set/);
    assert.equal(peer.tokenRequests, before, "the PSP was not called");

    const session = await liveSession(svc, account.accountId, "base-url@loja.example");
    const page = await postForm(svc, session, "/dashboard/pix-provider", formFields(session.csrf));
    assert.equal(page.statusCode, 422);
    assert.match(page.body, /TOSTAO_BASE_URL: não está definida/);
    // The refused form comes back with what was typed (never a secret), and says so.
    assert.match(page.body, /name="merchant_name"[^>]* value="Loja da Esquina"/);
    assert.match(page.body, /name="merchant_city"[^>]* value="Recife"/);
    assert.match(page.body, new RegExp(`name="client_id"[^>]* value="${peer.clientId}"`));
    assert.match(page.body, /id="kept-typed"/);
    if (peer.clientSecret) assert.ok(!page.body.includes(peer.clientSecret), "no secret shown");
    const shown = await svc.call("GET", "/api/pix/provider", { token: account.live });
    assert.equal(shown.statusCode, 404, "no connection was saved");
  });
});

describe("the dashboard's PIX provider form", () => {
  // http: the notification URL is then registered by hand, and the PSP is asked no PUT /webhook.
  const svc = useService({ TOSTAO_BASE_URL: "http://localhost:3000" });

  test("sets the receiver account live subscriptions need, read back on the page (Portuguese and English) and by the subscriptions' query", async () => {
    const account = await svc.newAccount();
    const session = await liveSession(svc, account.accountId, "receiver@loja.example");
    const form = await getPage(svc, session, "/dashboard/pix-provider");
    assert.match(form.body, /name="receiver_account"/);
    assert.match(form.body, /Sua conta no PSP/);
    const saved = await postForm(
      svc,
      session,
      "/dashboard/pix-provider",
      formFields(session.csrf, {
        receiver_branch: "0001",
        receiver_account: "123456-7",
        receiver_account_type: "PAGAMENTO",
      }),
    );
    assert.equal(saved.statusCode, 200, saved.body.slice(0, 500));
    assert.match(saved.body, /class="flash ok"/);
    assert.match(
      saved.body,
      /id="receiver-account"><span class="mono">0001 \/ 123456-7<\/span> \(Pagamento\)/,
    );
    assert.deepEqual(await findReceiverAccount(svc.deps.db, account.accountId), {
      branch: "0001",
      account: "123456-7",
      accountType: "PAGAMENTO",
    });
    const en = await getPage(svc, session, "/dashboard/pix-provider?lang=en");
    assert.match(en.body, /Your account at the PSP/);
    assert.match(en.body, /123456-7<\/span> \(Payment\)/);
    // The form comes back filled, so saving the connection again keeps the account.
    assert.match(en.body, /name="receiver_account" maxlength="20" value="123456-7"/);
  });

  test("a receiver account of the wrong shape is refused beside the form, and nothing is stored", async () => {
    const account = await svc.newAccount();
    const session = await liveSession(svc, account.accountId, "receiver-bad@loja.example");
    const refused = await postForm(
      svc,
      session,
      "/dashboard/pix-provider",
      formFields(session.csrf, { receiver_account: "12 34", receiver_account_type: "CORRENTE" }),
    );
    assert.equal(refused.statusCode, 422);
    assert.match(refused.body, /receiver_account/);
    assert.equal(await findReceiverAccount(svc.deps.db, account.accountId), undefined);
  });
});
