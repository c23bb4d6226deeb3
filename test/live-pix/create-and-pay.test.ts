import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { decodeBrCode } from "../../src/domain/pix/brcode.ts";
import { cobOf, filePki, providerBody, useLiveSetup } from "../helpers/live-pix.ts";
import { startPspPeer } from "../helpers/psp-peer/index.ts";

describe("live PIX against an Efí-like PSP (pixCopiaECola, {nome, mensagem} errors)", () => {
  const s = useLiveSetup({ profile: "efi" });

  test("a live charge is a cob at the PSP whose PUT passes the OpenAPI validator, and its brCode is the PSP's pixCopiaECola", async () => {
    const res = await s.create({ customer_name: "Fulano de Tal", customer_cpf: "12345678909" });
    assert.equal(res.statusCode, 200, res.body);
    const data = res.json().data;
    assert.equal(data.livemode, true);
    assert.equal(data.provider, "psp:efi");
    const cob = cobOf(s.peer, data.brCode);
    assert.equal(data.brCode, cob.brCode);
    assert.match(cob.txid, /^[a-zA-Z0-9]{26,35}$/);
    assert.equal(cob.valor.original, "12.34");
    assert.equal(cob.solicitacaoPagador, "Camiseta");
    assert.deepEqual(cob.devedor, { cpf: "12345678909", nome: "Fulano de Tal" });
    assert.equal(cob.calendario.expiracao, 3600);
    s.peer.assertNoViolations();
  });

  test("paying at the PSP approves the charge within 2 s through the notification, and charge.approved reaches the merchant's webhook", async () => {
    const data = (await s.create()).json().data;
    const cob = cobOf(s.peer, data.brCode);
    const before = s.merchant.received.length;
    const paid = await s.peer.pay(cob.txid);
    assert.deepEqual(paid.delivered, [200]);
    const ms = await s.waitStatus(data.chargeId, "approved", 2000);
    assert.ok(ms < 2000);
    const deadline = Date.now() + 5000;
    let approvedEvents: unknown[] = [];
    while (Date.now() < deadline) {
      approvedEvents = s.merchant.received
        .slice(before)
        .filter(
          (r) => r.json?.event === "charge.approved" && r.json?.data?.chargeId === data.chargeId,
        );
      if (approvedEvents.length > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.equal(approvedEvents.length, 1);
    // The same notification again (the PSP retries) approves nothing twice.
    await s.peer.notify({ pix: [s.peer.pixReceived.get(paid.endToEndId)] });
    await new Promise((r) => setTimeout(r, 300));
    const events = await s.svc.call("GET", `/api/events?charge_id=${data.chargeId}`, {
      token: s.account.live,
    });
    const types = events.json().data.events.map((e: { event: string }) => e.event);
    assert.equal(types.filter((t: string) => t === "charge.approved").length, 1);
    s.peer.assertNoViolations();
  });

  test("a forged notification approves nothing: an unknown hook id is 404, and a known one naming an unpaid txid is checked at the PSP and ignored", async () => {
    const data = (await s.create()).json().data;
    const cob = cobOf(s.peer, data.brCode);
    const forged = {
      pix: [
        {
          endToEndId: "E12345678202611231200abcdefghijk",
          txid: cob.txid,
          valor: "12.34",
          horario: "2026-11-23T12:00:00.000Z",
        },
      ],
    };
    const unknown = await s.svc.call("POST", "/api/pix/psp/notify/not-a-hook/pix", {
      body: forged,
    });
    assert.equal(unknown.statusCode, 404);
    const known = await s.svc.call("POST", `${s.hookPath}/pix?ignorar=`, { body: forged });
    assert.equal(known.statusCode, 200, known.body);
    assert.equal(known.json().data.approved, 0);
    const rootArray = await s.svc.call("POST", s.hookPath, { body: forged.pix });
    assert.equal(rootArray.statusCode, 200);
    assert.equal(await s.status(data.chargeId), "pending");
    const bad = await s.svc.call("POST", s.hookPath, { body: { pix: "nope" } });
    assert.equal(bad.statusCode, 400);
  });

  test("the provider view shows no secret: profile, URLs, certificate facts, the notification URL (Efí form) and the last successful call", async () => {
    const res = await s.svc.call("GET", "/api/pix/provider", { token: s.account.live });
    assert.equal(res.statusCode, 200, res.body);
    const v = res.json().data;
    assert.equal(v.profile, "efi");
    assert.equal(v.webhook.state, "registered");
    assert.match(
      v.notificationUrl,
      /^https:\/\/tostao\.example\/api\/pix\/psp\/notify\/[\w-]{32}\?ignorar=$/,
    );
    assert.match(v.certificate.fingerprintSha256, /^[0-9A-F:]+$/);
    assert.ok(v.lastSuccessfulCallAt);
    assert.ok(!res.body.includes(s.peer.clientSecret ?? "-"));
    assert.ok(!res.body.includes("PRIVATE KEY"));
  });

  test("the MCP tools work for live tokens through the same use cases: create_pix_charge makes a cob at the PSP", async () => {
    const res = await s.svc.call("POST", "/api/integrations/mcp/call", {
      token: s.account.live,
      body: { tool: "create_pix_charge", arguments: { value: 3.21, title: "Via MCP" } },
    });
    assert.equal(res.statusCode, 200, res.body);
    const data = res.json().data;
    assert.equal(data.provider, "psp:efi");
    assert.equal(cobOf(s.peer, data.brCode).valor.original, "3.21");
    const status = await s.svc.call("POST", "/api/integrations/mcp/call", {
      token: s.account.live,
      body: { tool: "get_pix_charge_status", arguments: { charge_id: data.chargeId } },
    });
    assert.equal(status.json().data.statusCode, "pending");
  });

  test("a test token may not see or set the PIX provider (403)", async () => {
    const get = await s.svc.call("GET", "/api/pix/provider", { token: s.account.test });
    assert.equal(get.statusCode, 403);
    const set = await s.svc.call("POST", "/api/pix/provider", {
      token: s.account.test,
      body: providerBody(s.peer),
    });
    assert.equal(set.statusCode, 403);
  });

  test("saving a connection with a wrong client secret is 422 with the PSP's reason, and the saved one stays", async () => {
    const res = await s.svc.call("POST", "/api/pix/provider", {
      token: s.account.live,
      body: providerBody(s.peer, { client_secret: "wrong-secret-value" }),
    });
    assert.equal(res.statusCode, 422, res.body);
    assert.match(res.json().error ?? "", /PSP refused/);
    assert.ok(!res.body.includes("wrong-secret-value"));
    const still = await s.svc.call("GET", "/api/pix/provider", { token: s.account.live });
    assert.equal(still.statusCode, 200);
  });

  test("a key that does not belong to the certificate is 422 before the PSP is called", async () => {
    const res = await s.svc.call("POST", "/api/pix/provider", {
      token: s.account.live,
      body: providerBody(s.peer, { private_key: s.peer.rogue.privateKeyPem }),
    });
    assert.equal(res.statusCode, 422, res.body);
    assert.match(res.json().error ?? "", /private_key/);
  });
});

describe("live PIX against a PSP that omits pixCopiaECola (generic profile)", () => {
  const s = useLiveSetup({ profile: "generic" });

  test("the brCode is a valid dynamic BR Code built from the cob's location (26-25, 62-05 ***, single use)", async () => {
    const data = (await s.create()).json().data;
    const cob = cobOf(s.peer, data.brCode);
    const decoded = decodeBrCode(data.brCode);
    assert.ok(decoded.ok, decoded.ok ? "" : decoded.error.message);
    assert.equal(decoded.value.merchantAccount.url, cob.location);
    assert.equal(decoded.value.merchantAccount.key, undefined);
    assert.equal(decoded.value.txid, "***");
    assert.equal(decoded.value.pointOfInitiationMethod, "12");
    assert.equal(decoded.value.amountCentavos, undefined);
    assert.equal(decoded.value.merchantName, "Loja Teste");
    assert.equal(decoded.value.merchantCity, "Sao Paulo");
    s.peer.assertNoViolations();
  });

  test("deleting the connection removes the webhook at the PSP; its notification URL is then 404; a retried delete replays", async () => {
    assert.ok(s.peer.webhooks.has(s.peer.pixKey));
    // A delete is refused while live charges are pending (live-delete.test.ts): cancel them.
    const list = await s.svc.call("GET", "/api/pix/charges", { token: s.account.live });
    for (const c of list.json().data.charges) {
      if (c.statusCode !== "pending") continue;
      await s.svc.call("POST", "/api/pix/charge/cancel", {
        token: s.account.live,
        body: { charge_id: c.chargeId },
      });
    }
    const headers = { "idempotency-key": "delete-1" };
    const del = await s.svc.call("POST", "/api/pix/provider/delete", {
      token: s.account.live,
      headers,
    });
    assert.equal(del.statusCode, 200, del.body);
    assert.equal(del.json().data.webhookRemoval, "requested");
    const again = await s.svc.call("POST", "/api/pix/provider/delete", {
      token: s.account.live,
      headers,
    });
    assert.equal(again.headers["idempotent-replayed"], "true");
    const deadline = Date.now() + 3000;
    while (s.peer.webhooks.has(s.peer.pixKey) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 25));
    }
    assert.ok(!s.peer.webhooks.has(s.peer.pixKey));
    const note = await s.svc.call("POST", `${s.hookPath}/pix`, { body: { pix: [] } });
    assert.equal(note.statusCode, 404);
    const create = await s.create();
    assert.equal(create.statusCode, 422);
  });
});

test("a live token without a PSP connection still gets 422 naming what to do", async () => {
  const peer = await startPspPeer({ pki: filePki() });
  const { startTestService } = await import("../helpers/service.ts");
  const svc = await startTestService();
  try {
    const a = await svc.newAccount();
    const res = await svc.call("POST", "/api/pix/charge/create", {
      token: a.live,
      body: { value: 10 },
    });
    assert.equal(res.statusCode, 422);
    assert.match(res.json().error ?? "", /POST \/api\/pix\/provider/);
  } finally {
    await svc.close();
    await peer.close();
  }
});
