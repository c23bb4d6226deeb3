import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  cobOf,
  filePki,
  type LiveSetup,
  providerBody,
  startLiveSetup,
  useLiveSetup,
} from "../helpers/live-pix.ts";

// Issue 21: live PIX as the real PSPs behave (Efí's probe, 409 and 400; 429; homologation),
// and issue 22 item 5 (extra headers, a client certificate refused at TLS).

const save = (s: LiveSetup, extra: Record<string, unknown> = {}) =>
  s.svc.call("POST", "/api/pix/provider", {
    token: s.account.live,
    body: providerBody(s.peer, extra),
  });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("Efí as it behaves (probe on registration, 409 txid_duplicado, 400 for unknown)", () => {
  const s = useLiveSetup({ profile: "efi" });

  test("registration succeeds against a peer that probes like Efí: the probe is answered 2xx and approves nothing", async () => {
    // startLiveSetup saved the connection: the peer probed before accepting the URL. Once, or
    // twice when a loaded machine made the client send its PUT again (the PUT is idempotent):
    // every probe was answered 200.
    assert.ok(s.peer.probes.length >= 1, "the peer probed the URL");
    assert.deepEqual(new Set(s.peer.probes.map((p) => p.status)), new Set([200]));
    assert.ok(s.peer.webhooks.get(s.peer.pixKey));
    const view = (await s.svc.call("GET", "/api/pix/provider", { token: s.account.live })).json()
      .data;
    assert.equal(view.webhook.state, "registered");
    // The probe body, sent again: 200, nothing received as a payment.
    const probe = await s.svc.call("POST", `${s.hookPath}`, {
      body: { evento: "teste_webhook" },
    });
    assert.equal(probe.statusCode, 200, probe.body);
    assert.deepEqual(probe.json().data, { received: 0, approved: 0, refunds: 0 });
  });

  test("a URL that answers the probe non-2xx is refused by the peer, and the save says so", async () => {
    s.peer.routeProbesTo(`${s.url}/elsewhere`);
    try {
      s.peer.webhooks.delete(s.peer.pixKey);
      const res = await save(s);
      assert.equal(res.statusCode, 200, res.body);
      const view = res.json().data;
      assert.equal(view.webhook.state, "failed");
      assert.match(view.webhook.detail, /notificação de teste/);
      assert.equal(s.peer.webhooks.get(s.peer.pixKey), undefined);
      assert.equal(s.peer.probes.at(-1)?.status, 404);
    } finally {
      s.peer.routeProbesTo(s.url);
      assert.equal((await save(s)).json().data.webhook.state, "registered");
      // As startLiveSetup does: the peer notifies this service, not the public base URL.
      const w = s.peer.webhooks.get(s.peer.pixKey);
      if (w) {
        const webhookUrl = w.webhookUrl.replace("https://tostao.example", s.url);
        s.peer.webhooks.set(s.peer.pixKey, { ...w, webhookUrl });
      }
    }
  });

  test("a create whose first PUT answer was lost and whose retry gets 409 ends as one charge with one cob", async () => {
    const before = s.peer.cobs.size;
    const listed = async () =>
      (await s.svc.call("GET", "/api/pix/charges", { token: s.account.live })).json().data.charges
        .length;
    const chargesBefore = await listed();
    const headers = { "idempotency-key": "efi-409" };
    s.peer.failNext("PUT /cob/", "lost-response", 2);
    const lost = await s.create({}, headers);
    assert.equal(lost.statusCode, 502, lost.body);
    assert.equal(s.peer.cobs.size, before + 1, "the lost answer's cob exists at the PSP");
    const mark = s.peer.requests.length;
    const retry = await s.create({}, headers);
    assert.equal(retry.statusCode, 200, retry.body);
    const seen = s.peer.requests.slice(mark).map((r) => `${r.method} ${r.status}`);
    assert.ok(seen.includes("PUT 409"), `the peer answered 409: ${seen}`);
    assert.ok(seen.includes("GET 200"), `the cob was read back: ${seen}`);
    assert.equal(s.peer.cobs.size, before + 1, "one cob");
    assert.equal(await listed(), chargesBefore + 1, "one charge");
    const cob = cobOf(s.peer, retry.json().data.brCode);
    await s.peer.pay(cob.txid);
    await s.waitStatus(retry.json().data.chargeId, "approved");
    s.peer.assertNoViolations();
  });

  test("a 409 for a txid holding another cob stays a refusal (422)", async () => {
    s.peer.failNext("PUT /cob/", {
      nomeMensagem: { nome: "txid_duplicado", mensagem: "Campo txid já utilizado" },
      status: 409,
    });
    const res = await s.create();
    // The read-back finds no cob of that txid (Efí: 400 cobranca_nao_encontrada).
    assert.equal(res.statusCode, 422, res.body);
    assert.match(res.json().error, /txid_duplicado/);
  });

  test("a 429 burst is 503 with Retry-After, and the client's back-off shows in the peer's log", async () => {
    // The test client makes two attempts per call.
    s.peer.failNext("PUT /cob/", { tooMany: { retryAfterSec: 1 } }, 2);
    const mark = s.peer.requests.length;
    const res = await s.create();
    assert.equal(res.statusCode, 503, res.body);
    assert.equal(res.headers["retry-after"], "1");
    assert.match(res.json().error, /rate limit/);
    const puts = s.peer.requests.slice(mark).filter((r) => r.method === "PUT");
    assert.ok(puts.length >= 2, `retried after the PSP's pause: ${puts.length}`);
    assert.ok(puts.every((r) => r.status === 429));
    for (let i = 1; i < puts.length; i++) {
      const gap = (puts[i]?.at ?? 0) - (puts[i - 1]?.at ?? 0);
      assert.ok(gap >= 950, `waited the PSP's Retry-After between attempts (gap ${gap} ms)`);
    }
  });
});

describe("a webhook of another system on the Pix key", () => {
  const s = useLiveSetup({ profile: "efi" });

  test("survives a save unless replacement is asked, and survives the connection's deletion", async () => {
    const foreign = "https://erp.example.com/pix/callback";
    s.peer.webhooks.set(s.peer.pixKey, { webhookUrl: foreign, criacao: new Date().toISOString() });
    const kept = await save(s);
    assert.equal(kept.statusCode, 200, kept.body);
    assert.equal(kept.json().data.webhook.state, "foreign");
    assert.equal(kept.json().data.webhook.foreignUrl, foreign);
    assert.equal(s.peer.webhooks.get(s.peer.pixKey)?.webhookUrl, foreign);
    const page = await s.svc.call("GET", "/api/pix/provider", { token: s.account.live });
    assert.equal(page.json().data.webhook.foreignUrl, foreign);

    const replaced = await save(s, { replace_webhook: true });
    assert.equal(replaced.json().data.webhook.state, "registered");
    assert.match(s.peer.webhooks.get(s.peer.pixKey)?.webhookUrl ?? "", /\/api\/pix\/psp\/notify\//);

    // Someone else takes the key again; deleting our connection leaves their URL alone.
    s.peer.webhooks.set(s.peer.pixKey, { webhookUrl: foreign, criacao: new Date().toISOString() });
    const del = await s.svc.call("POST", "/api/pix/provider/delete", { token: s.account.live });
    assert.equal(del.statusCode, 200, del.body);
    await sleep(300);
    assert.equal(s.peer.webhooks.get(s.peer.pixKey)?.webhookUrl, foreign);
  });
});

describe("homologation is test money", () => {
  const s = useLiveSetup({ profile: "efi" });

  test("a homologation connection is refused on live, by flag or by a known sandbox host", async () => {
    const flagged = await save(s, { homologation: true });
    assert.equal(flagged.statusCode, 422, flagged.body);
    assert.match(flagged.json().error, /homologation/);
    const host = await save(s, {
      base_url: "https://pix-h.api.efipay.com.br/v2",
      token_url: "https://pix-h.api.efipay.com.br/oauth/token",
    });
    assert.equal(host.statusCode, 422, host.body);
    assert.match(host.json().error, /pix-h\.api\.efipay\.com\.br is a homologation/);
  });

  test("a homologation connection never produces a livemode: true approval (a row stored before the rule)", async () => {
    const data = (await s.create()).json().data;
    const cob = cobOf(s.peer, data.brCode);
    await s.svc.deps.db.query("UPDATE pix_psp_connections SET homologation = true");
    const paid = await s.peer.pay(cob.txid);
    assert.deepEqual(paid.delivered, [404], "its notification finds no usable connection");
    await sleep(200);
    assert.equal(await s.status(data.chargeId), "pending");
    const events = await s.svc.call("GET", `/api/events?charge_id=${data.chargeId}`, {
      token: s.account.live,
    });
    assert.ok(
      !events.json().data.events.some((e: { event: string }) => e.event === "charge.approved"),
    );
    const view = (await s.svc.call("GET", "/api/pix/provider", { token: s.account.live })).json()
      .data;
    assert.equal(view.homologation, true, "shown as what it is");
    const create = await s.create();
    assert.equal(create.statusCode, 422, create.body);
  });
});

describe("connections real banks accept (issue 22 item 5)", () => {
  test("extra headers reach the PSP on every call, are shown by name only and stored sealed", async () => {
    const account = "0123456-7";
    const s = await startLiveSetup({
      pki: filePki(),
      profile: "inter",
      peer: { requireHeaders: { "x-conta-corrente": account } },
    });
    try {
      const view = (await s.svc.call("GET", "/api/pix/provider", { token: s.account.live })).json();
      assert.deepEqual(view.data.extraHeaderNames, ["x-conta-corrente"]);
      assert.ok(!JSON.stringify(view).includes(account));
      const data = (await s.create()).json().data;
      await s.peer.pay(cobOf(s.peer, data.brCode).txid);
      await s.waitStatus(data.chargeId, "approved");
      const rows = await s.svc.deps.db.query<{ t: string }>(
        "SELECT row_to_json(c)::text AS t FROM pix_psp_connections c",
      );
      assert.ok(!rows[0]?.t.includes(account), "the value is sealed");
      for (const bad of [
        { authorization: "Bearer x" },
        { "transfer-encoding": "chunked" },
        { "x-ok": "a\r\nx-injected: 1" },
        { "bad name": "v" },
      ]) {
        const res = await save(s, { extra_headers: bad });
        assert.equal(res.statusCode, 422, `${JSON.stringify(bad)}: ${res.body}`);
        assert.match(res.json().error, /^extra_headers: /);
      }
      s.peer.assertNoViolations();
    } finally {
      await s.close();
    }
  });

  test("a client certificate the PSP refuses at TLS is a 422 that says so, not a 502", async () => {
    const s = await startLiveSetup({ pki: filePki(), profile: "efi" });
    try {
      const res = await save(s, {
        certificate: s.peer.rogue.certificatePem,
        private_key: s.peer.rogue.privateKeyPem,
      });
      assert.equal(res.statusCode, 422, res.body);
      assert.match(res.json().error, /refused the client certificate at TLS/);
    } finally {
      await s.close();
    }
  });
});
