import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { hasError, isDynamicPix, parsePix } from "pix-utils";
import { Agent, request } from "undici";
import { type BacenClientOptions, makeBacenPixClient } from "../../src/pix-psp/bacen-client.ts";
import { parsePspNotification } from "../../src/pix-psp/notification.ts";
import { PROFILE_IDS, PROFILES } from "../../src/pix-psp/profiles.ts";
import { PspError } from "../../src/pix-psp/psp-error.ts";
import type { ProfileId, PspCredentials } from "../../src/pix-psp/types.ts";
import { pspClientHarness } from "../helpers/psp-client-harness.ts";
import { type PspPeer, startPspPeer } from "../helpers/psp-peer/index.ts";
import { useReceiver } from "../helpers/receiver.ts";

/**
 * Every profile against the peer playing that PSP. The client's URLs come from the profile
 * table's production row with the host swapped for the peer's, so a wrong path prefix or token
 * path in src/pix-psp/profiles.ts fails here; the peer requires each deviation it plays, so a
 * client that forgets one is refused.
 */
// Only the file's PKI from the harness: each profile keeps one peer for its tests.
const psp = pspClientHarness({});
const hooks = useReceiver();
const receiverUrl = () => `http://127.0.0.1:${hooks.r.port}`;

const FAST: BacenClientOptions = { timeoutMs: 400, retries: 1, backoffMs: [20], budgetMs: 1500 };
const ACCOUNT = "12345678";

/** The table's production URLs, re-pointed at the peer's origin. */
function fromTable(profile: ProfileId, peer: PspPeer): PspCredentials {
  const creds = peer.credentials();
  const row = PROFILES[profile].production;
  if (!row) return creds; // generic: everything is given by the merchant
  const base = new URL(row.baseUrl);
  const token = new URL(row.tokenUrl);
  return {
    ...creds,
    baseUrl: peer.origin + base.pathname,
    tokenUrl: peer.origin + token.pathname + token.search,
  };
}

const txid = "profiletest0000000000000000001";

for (const profile of PROFILE_IDS) {
  describe(`profile ${profile}`, () => {
    let peer: PspPeer;
    before(async () => {
      peer = await startPspPeer({ pki: psp.pki, profile, account: ACCOUNT });
    });
    after(() => peer.close());

    test("token in the profile's auth style, cob, brCode field, webhook and notification shape", async () => {
      const client = makeBacenPixClient(fromTable(profile, peer), {
        ...FAST,
        accountHeader: ACCOUNT,
      });
      try {
        await client.checkConnection();
        assert.equal(peer.tokenRequests, 1);
        const cob = await client.putCob({
          txid,
          amountCents: 5000,
          expiresInSec: 600,
          chave: peer.pixKey,
          solicitacaoPagador: "Pedido 42",
        });
        assert.equal(cob.amountCents, 5000);
        if (profile === "generic") {
          assert.equal(cob.brCode, undefined, "generic peer omits the BR Code");
          assert.ok(cob.location);
        } else {
          // pixCopiaECola, or Sicoob's brcode: a valid dynamic BR Code pointing at location.
          const parsed = parsePix(cob.brCode ?? "");
          assert.ok(!hasError(parsed) && isDynamicPix(parsed), `${profile}: ${cob.brCode}`);
          assert.equal(parsed.url, cob.location);
        }

        const hookPath = `/api/pix/psp/notify/hook-${profile}`;
        await client.putWebhook(peer.pixKey, receiverUrl() + hookPath);
        hooks.r.received.length = 0;
        const { endToEndId } = await peer.pay(txid);
        assert.equal(hooks.r.received.length, 1, "one notification");
        const note = hooks.r.received[0];
        assert.ok(note);
        // Efí's trick puts the /pix suffix in the query string; others get it in the path.
        const url = new URL(note.path ?? "", receiverUrl());
        if (profile === "efi") {
          assert.equal(url.pathname, hookPath);
          assert.equal(url.search, "?ignorar=/pix");
        } else {
          assert.equal(url.pathname, `${hookPath}/pix`);
        }
        if (profile === "inter") assert.ok(Array.isArray(note.json), "Inter notifies a root array");
        else assert.ok(Array.isArray((note.json as { pix?: unknown }).pix));
        const parsed = parsePspNotification(note.json);
        assert.deepEqual(
          parsed.pix.map((p) => [p.endToEndId, p.txid, p.amountCents]),
          [[endToEndId, txid, 5000]],
        );

        const paid = await client.getCob(txid);
        assert.equal(paid.status, "CONCLUIDA");
        peer.assertNoViolations();
      } finally {
        await client.close();
      }
    });

    test("errors come back in the profile's shape and read as the PSP's reason", async () => {
      const client = makeBacenPixClient(fromTable(profile, peer), {
        ...FAST,
        accountHeader: ACCOUNT,
      });
      try {
        // A real PSP refusal (the key is not the merchant's), in this PSP's own error shape.
        await assert.rejects(
          client.putCob({
            txid,
            amountCents: 100,
            expiresInSec: 60,
            chave: "not-my-key@example.com",
          }),
          (err) => {
            assert.ok(err instanceof PspError);
            assert.equal(err.kind, "rejected");
            if (profile === "efi") assert.match(err.reason, /^cob_operacao_invalida - /);
            else assert.match(err.reason, /^CobOperacaoInvalida - /);
            assert.match(err.reason, /não pertence ao recebedor/);
            return true;
          },
        );
      } finally {
        await client.close();
      }
    });
  });
}

describe("token scopes", () => {
  test("an application not granted the due-date scopes still connects: refused invalid_scope, the token is asked again without cobv and lotecobv, and a cobv is then the PSP's own refusal", async () => {
    const peer = await startPspPeer({
      pki: psp.pki,
      profile: "inter",
      account: ACCOUNT,
      grantedScopes: "cob.write cob.read pix.write pix.read webhook.write webhook.read",
    });
    const client = makeBacenPixClient(fromTable("inter", peer), {
      ...FAST,
      accountHeader: ACCOUNT,
    });
    try {
      await client.putCob({ txid, amountCents: 100, expiresInSec: 60, chave: peer.pixKey });
      assert.equal(peer.tokenRequests, 2, "the full set, then the set without due-date scopes");
      await client.getCob(txid);
      assert.equal(peer.tokenRequests, 2, "the narrower token is kept");
      await assert.rejects(
        client.putCobV({
          txid: "profilecobv000000000000000001",
          chave: peer.pixKey,
          dataDeVencimento: "2099-12-30",
          validadeAposVencimento: 30,
          devedor: { cpf: "12345678909", nome: "Francisco da Silva" },
          valor: { originalCents: 1000 },
        }),
        /lacks scope cobv\.write/,
      );
      peer.assertNoViolations();
    } finally {
      await client.close();
      await peer.close();
    }
  });
});

describe("the peer requires each profile's deviations", () => {
  const refused = async (
    profile: ProfileId,
    edit: (c: PspCredentials) => PspCredentials,
    opts = {},
  ) => {
    const peer = await startPspPeer({ pki: psp.pki, profile, account: ACCOUNT });
    const client = makeBacenPixClient(edit(peer.credentials()), { ...FAST, ...opts });
    try {
      await client.putCob({ txid, amountCents: 100, expiresInSec: 60, chave: peer.pixKey });
      return undefined;
    } catch (err) {
      return err as PspError;
    } finally {
      await client.close();
      await peer.close();
    }
  };

  test("Sicoob without the x-sicoob-clientid header is refused", async () => {
    // Inter's row gets a token the same way (form + scope) but sends no client id header.
    const err = await refused("sicoob", (c) => ({ ...c, profile: "inter" }));
    assert.ok(err instanceof PspError);
    assert.equal(err.httpStatus, 403);
    assert.match(err.message, /header x-sicoob-clientid/);
  });

  test("Itaú without x-itau-apikey, and Banco do Brasil without gw-dev-app-key, are refused", async () => {
    const itau = await refused("itau", (c) => ({ ...c, profile: "santander" }));
    assert.ok(itau instanceof PspError);
    assert.match(itau.message, /header x-itau-apikey/);
    const bb = await refused("bb", ({ appKey: _, ...c }) => c);
    assert.ok(bb instanceof PspError);
    assert.match(bb.message, /gw-dev-app-key/);
  });

  test("Inter without x-conta-corrente is refused when the app has several accounts", async () => {
    const err = await refused("inter", (c) => c, { accountHeader: undefined });
    assert.ok(err instanceof PspError);
    assert.match(err.message, /x-conta-corrente/);
  });

  test("Efí refuses a token request in another style", async () => {
    const err = await refused("efi", (c) => ({ ...c, profile: "generic" }));
    assert.ok(err instanceof PspError);
    assert.equal(err.kind, "auth");
    assert.match(err.reason, /JSON body required/);
  });

  test("Efí refuses PUT webhook without x-skip-mtls-checking", async () => {
    const peer = await startPspPeer({ pki: psp.pki, profile: "efi" });
    const agent = new Agent({
      connect: { cert: peer.certificatePem, key: peer.privateKeyPem, ca: peer.caPem },
    });
    try {
      const basic = Buffer.from(`${peer.clientId}:${peer.clientSecret}`).toString("base64");
      const tok = await request(peer.tokenUrl, {
        dispatcher: agent,
        method: "POST",
        headers: { authorization: `Basic ${basic}`, "content-type": "application/json" },
        body: JSON.stringify({ grant_type: "client_credentials" }),
      });
      const { access_token } = (await tok.body.json()) as { access_token: string };
      const res = await request(`${peer.baseUrl}/webhook/${peer.pixKey}`, {
        dispatcher: agent,
        method: "PUT",
        headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
        body: JSON.stringify({ webhookUrl: "https://tostao.example/hook?ignorar=" }),
      });
      assert.equal(res.statusCode, 400);
      const body = (await res.body.json()) as { nome: string; mensagem: string };
      assert.equal(body.nome, "webhook_operacao_invalida");
      assert.match(body.mensagem, /TLS mútuo/);
      assert.equal(peer.webhooks.size, 0);
    } finally {
      await agent.close();
      await peer.close();
    }
  });

  test("Santander refuses a token request without grant_type in the query", async () => {
    const err = await refused("santander", (c) => ({
      ...c,
      tokenUrl: c.tokenUrl.split("?")[0] ?? "",
    }));
    assert.ok(err instanceof PspError);
    assert.equal(err.kind, "auth");
    assert.match(err.reason, /grant_type/);
  });

  test("Inter refuses a token request without scope", async () => {
    const err = await refused("inter", (c) => ({ ...c, profile: "itau" }), {
      accountHeader: ACCOUNT,
    });
    assert.ok(err instanceof PspError);
    assert.equal(err.kind, "auth");
    assert.match(err.reason, /scope/);
  });
});
