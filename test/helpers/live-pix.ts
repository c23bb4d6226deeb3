import type { AddressInfo } from "node:net";
import { after, before } from "node:test";
import type { Clock } from "../../src/kernel/clock.ts";
import { type BacenClientOptions, makeBacenPixClient } from "../../src/pix-psp/bacen-client.ts";
import type { ProfileId } from "../../src/pix-psp/types.ts";
import {
  makeTestPki,
  type PeerCob,
  type PspPeer,
  type StartPspPeerOptions,
  startPspPeer,
  type TestPki,
} from "./psp-peer/index.ts";
import { startReceiver } from "./receiver.ts";
import { type EventItem, startTestService, type TestService } from "./service.ts";

/** The body of POST /api/pix/provider for a peer (its URLs, credentials, CA and key). */
export function providerBody(peer: PspPeer, extra: Record<string, unknown> = {}) {
  return {
    profile: peer.profile,
    base_url: peer.baseUrl,
    token_url: peer.tokenUrl,
    client_id: peer.clientId,
    ...(peer.clientSecret ? { client_secret: peer.clientSecret } : {}),
    certificate: peer.certificatePem,
    private_key: peer.privateKeyPem,
    ca: peer.caPem,
    pix_key: peer.pixKey,
    merchant_name: "Loja Teste",
    merchant_city: "São Paulo",
    ...(peer.appKey ? { app_key: peer.appKey } : {}),
    ...(peer.credentials().extraHeaders ? { extra_headers: peer.credentials().extraHeaders } : {}),
    ...extra,
  };
}

/** PSP client timeouts for files whose peer answers slowly under load (reconciliation at scale). */
export const PATIENT_PSP_CLIENT: BacenClientOptions = {
  timeoutMs: 4000,
  retries: 1,
  backoffMs: [20],
  budgetMs: 9000,
};

export type LiveSetup = {
  svc: TestService;
  peer: PspPeer;
  account: { accountId: string; test: string; live: string };
  /** The merchant's webhook receiver (subscribed to every event with the live token). */
  merchant: Awaited<ReturnType<typeof startReceiver>>;
  /** The service's own URL (it listens on 127.0.0.1 so the peer can notify it). */
  url: string;
  hookPath: string;
  /** A call with the live token (`body` sent as JSON when given). */
  call(method: "GET" | "POST", path: string, body?: unknown): ReturnType<TestService["call"]>;
  /** A live charge's events, as GET /api/events lists them. */
  eventsOf(chargeId: string): Promise<EventItem[]>;
  create(body?: Record<string, unknown>, headers?: Record<string, string>): Promise<any>;
  status(chargeId: string): Promise<string>;
  /** Waits until the charge reaches `status` (or fails after `ms`). */
  waitStatus(chargeId: string, status: string, ms?: number): Promise<number>;
  close(): Promise<void>;
};

/**
 * A service with a live PSP connection to a fresh PSP peer, listening on loopback, with the
 * peer's webhook pointed at the service's notification endpoint (registered through the real
 * PUT /webhook at save time with a public TOSTAO_BASE_URL, then re-pointed here, since the test
 * service is not reachable at that public name), and a merchant webhook receiver.
 */
export type LiveSetupOptions = {
  /** The file's test PKI, when several setups share one (openssl takes a while); else a new one. */
  pki?: TestPki;
  profile?: ProfileId;
  peer?: StartPspPeerOptions;
  env?: Record<string, string>;
  clock?: Clock;
  /** The PSP client's timeouts and retries (default: short ones, so failure tests are quick). */
  pspClient?: BacenClientOptions;
};

export async function startLiveSetup(o: LiveSetupOptions): Promise<LiveSetup> {
  const peer = await startPspPeer({
    pki: o.pki ?? makeTestPki(),
    profile: o.profile ?? "efi",
    ...o.peer,
  });
  // A step that fails below closes what was started before it: a file whose before hook
  // failed must still end, with no server left open to hold its process.
  const started: Array<{ close(): Promise<void> }> = [peer];
  try {
    return await liveSetupOn(peer, o, started);
  } catch (err) {
    for (const s of started.reverse()) await s.close().catch(() => {});
    throw err;
  }
}

async function liveSetupOn(
  peer: PspPeer,
  o: LiveSetupOptions,
  started: Array<{ close(): Promise<void> }>,
): Promise<LiveSetup> {
  const svc = await startTestService({
    env: {
      TOSTAO_WEBHOOK_ALLOW_HOSTS: "localhost,127.0.0.1",
      TOSTAO_BASE_URL: "https://tostao.example",
      TOSTAO_PIX_RECONCILE_SECONDS: "3600",
      TOSTAO_EXPIRY_INTERVAL_SECONDS: "3600",
      ...o.env,
    },
    ...(o.clock ? { clock: o.clock } : {}),
    makePspClient: (creds) =>
      makeBacenPixClient(creds, {
        ...(o.pspClient ?? { timeoutMs: 500, retries: 1, backoffMs: [20], budgetMs: 1500 }),
        ...(o.clock ? { clock: o.clock } : {}),
      }),
  });
  started.push(svc);
  await svc.app.listen({ port: 0, host: "127.0.0.1" });
  const url = `http://127.0.0.1:${(svc.app.server.address() as AddressInfo).port}`;
  const account = await svc.newAccount();
  // Efí probes the URL being registered: the probe reaches this service, not the public name.
  peer.routeProbesTo(url);
  const saved = await svc.call("POST", "/api/pix/provider", {
    token: account.live,
    body: providerBody(peer),
  });
  if (saved.statusCode !== 200) throw new Error(`saving the connection: ${saved.body}`);
  const view = saved.json().data;
  const registered = peer.webhooks.get(peer.pixKey);
  if (!registered) throw new Error("the webhook was not registered at the peer");
  const suffix = registered.webhookUrl.slice(
    registered.webhookUrl.indexOf(view.notificationPath) + view.notificationPath.length,
  );
  peer.webhooks.set(peer.pixKey, {
    ...registered,
    webhookUrl: `${url}${view.notificationPath}${suffix}`,
  });

  const merchant = await startReceiver();
  started.push(merchant);
  const hook = await svc.call("POST", "/api/webhooks/create", {
    token: account.live,
    body: { url: merchant.url, events: ["*"] },
  });
  if (hook.statusCode !== 200) {
    await merchant.close();
    throw new Error(`merchant webhook: ${hook.body}`);
  }

  const setup: LiveSetup = {
    svc,
    peer,
    account,
    merchant,
    url,
    hookPath: view.notificationPath,
    call: (method, path, body) =>
      svc.call(method, path, { token: account.live, ...(body === undefined ? {} : { body }) }),
    eventsOf: (chargeId) => svc.eventsOf(account.live, chargeId),
    async create(body = {}, headers = {}) {
      return svc.call("POST", "/api/pix/charge/create", {
        token: account.live,
        body: { value: 12.34, title: "Camiseta", ...body },
        headers,
      });
    },
    async status(chargeId) {
      const r = await svc.call("GET", `/api/pix/charge/status?charge_id=${chargeId}`, {
        token: account.live,
      });
      return r.json().data.statusCode;
    },
    async waitStatus(chargeId, status, ms = 2000) {
      const t0 = Date.now();
      for (;;) {
        if ((await setup.status(chargeId)) === status) return Date.now() - t0;
        if (Date.now() - t0 > ms)
          throw new Error(`charge ${chargeId} not ${status} after ${ms} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async close() {
      await svc.close();
      await peer.close();
      await merchant.close();
    },
  };
  return setup;
}

let sharedPki: TestPki | undefined;

/** The test file's PKI, made on first use and shared by its setups (openssl takes a while). */
export function filePki(): TestPki {
  sharedPki ??= makeTestPki();
  return sharedPki;
}

/**
 * The live setup of a file (or of the describe block that calls it): started before its first
 * test on the file's PKI (unless `o.pki` is given), closed after its last. The object returned is
 * filled in by then; read it from inside the tests and hooks.
 */
export function useLiveSetup(o: Parameters<typeof startLiveSetup>[0] = {}): LiveSetup {
  const s = {} as LiveSetup;
  before(async () => {
    Object.assign(s, await startLiveSetup({ pki: filePki(), ...o }));
  });
  after(() => s.close?.());
  return s;
}

/**
 * The live setup of the Pix Automático tests: the generic profile (every recurrence call of the
 * file), the peer on the test's clock, and quick PSP client timeouts (`pspClient` replaces them).
 * With `receiverAccount`, the connection is saved again with it (a live subscription's cobrs
 * name it) and the peer's webhookrec and webhookcobr, registered at the public name, are
 * pointed at this service.
 */
export async function startAutomaticoSetup(
  clock: Clock,
  pspClient: BacenClientOptions = {
    timeoutMs: 1500,
    retries: 1,
    backoffMs: [20],
    budgetMs: 3000,
  },
  receiverAccount?: Record<string, string>,
): Promise<LiveSetup> {
  const s = await startLiveSetup({
    pki: makeTestPki(),
    profile: "generic",
    clock,
    peer: { now: () => clock.now() },
    pspClient,
  });
  if (!receiverAccount) return s;
  try {
    await pointRecurrenceHooks(s, receiverAccount);
  } catch (err) {
    await s.close().catch(() => {});
    throw err;
  }
  return s;
}

/** Saves the receiver account and points the peer's webhookrec and webhookcobr at the service. */
async function pointRecurrenceHooks(s: LiveSetup, receiverAccount: Record<string, string>) {
  const saved = await s.call(
    "POST",
    "/api/pix/provider",
    providerBody(s.peer, { receiver_account: receiverAccount }),
  );
  if (saved.statusCode !== 200) throw new Error(`saving the receiver account: ${saved.body}`);
  const { webhookRec, webhookCobr } = s.peer.recState;
  if (!/^https:\/\/tostao\.example\/.+/.test(webhookRec ?? "") || webhookCobr !== webhookRec)
    throw new Error(`webhookrec/webhookcobr not registered at the public name: ${webhookRec}`);
  s.peer.recState.webhookRec = `${s.url}${s.hookPath}`;
  s.peer.recState.webhookCobr = `${s.url}${s.hookPath}`;
}

/** The peer's cob behind a BR Code (the PSP's own, or one built from the cob's location). */
export function cobOf(peer: PspPeer, brCode: string): PeerCob {
  for (const cob of peer.cobs.values()) {
    if (cob.brCode === brCode || brCode.includes(cob.location)) return cob;
  }
  throw new Error("no cob at the peer for this BR Code");
}
