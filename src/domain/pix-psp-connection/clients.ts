import {
  findConnection,
  findConnectionByHook,
  type PspConnectionRow,
  touchConnection,
} from "../../db/queries/psp-connections.ts";
import type { Clock } from "../../kernel/clock.ts";
import type { Db } from "../../kernel/db.ts";
import { isHomologationUrl } from "../../pix-psp/profiles.ts";
import type { BacenPixClient, ProfileId, PspCredentials } from "../../pix-psp/types.ts";
import type { SecretBox } from "../../secrets/secret-box.ts";

/** Makes a BACEN API Pix client for one connection (service.ts: makeBacenPixClient). */
export type PspClientFactory = (creds: PspCredentials) => BacenPixClient;

/** An account's live connection: its stored facts (no secrets) and a client to its PSP. */
export type LiveConnection = { row: PspConnectionRow; client: BacenPixClient };

/**
 * The live PIX clients of this instance, one per account, kept between requests so the mTLS
 * connections and the OAuth token are reused. Each use reads the account's row (one indexed
 * read) and rebuilds the client when its revision changed, so a connection saved or deleted
 * through another instance is picked up at the next call; this instance's own saves and deletes
 * drop the entry at once.
 */
export type PspClients = {
  forAccount(db: Db, accountId: string): Promise<LiveConnection | undefined>;
  /**
   * The same, given the connection's revision as a statement of the caller just read it
   * (undefined: no connection): the cached client and row when they are that revision, without a
   * read of their own; the row is read only when it changed.
   */
  forAccountAt(
    db: Db,
    accountId: string,
    revision: number | undefined,
  ): Promise<LiveConnection | undefined>;
  /** The connection whose notification URL carries this hook id. */
  forHook(db: Db, hookId: string): Promise<LiveConnection | undefined>;
  invalidate(accountId: string): Promise<void>;
  close(): Promise<void>;
};

// The sealed secrets are bound to their account and field: a ciphertext copied to another
// account's row, or from the secret field to the key field, does not open.
export const secretBinding = (
  accountId: string,
  field: "client_secret" | "private_key" | "extra_headers" | "app_key",
) => `pix-psp:${accountId}:live:${field}`;

/**
 * A connection whose PSP host is a homologation (sandbox) one, or stored with the flag: its
 * payments are test money (Efí's confirms small cobs by itself). Saving one is refused; a row
 * stored before that rule is never used for live charges.
 */
export const isHomologationConnection = (row: PspConnectionRow) =>
  row.homologation || isHomologationUrl(row.baseUrl) || isHomologationUrl(row.tokenUrl);

export function credentialsOf(row: PspConnectionRow, box: SecretBox): PspCredentials {
  return {
    profile: row.profile as ProfileId,
    baseUrl: row.baseUrl,
    tokenUrl: row.tokenUrl,
    clientId: row.clientId,
    ...(row.clientSecretBox
      ? {
          clientSecret: box.open(
            row.clientSecretBox,
            secretBinding(row.accountId, "client_secret"),
          ),
        }
      : {}),
    certificatePem: row.certificatePem,
    privateKeyPem: box.open(row.privateKeyBox, secretBinding(row.accountId, "private_key")),
    ...(row.caPem ? { caPem: row.caPem } : {}),
    ...(row.extraHeadersBox
      ? {
          extraHeaders: JSON.parse(
            box.open(row.extraHeadersBox, secretBinding(row.accountId, "extra_headers")),
          ) as Record<string, string>,
        }
      : {}),
    ...(row.appKeyBox
      ? { appKey: box.open(row.appKeyBox, secretBinding(row.accountId, "app_key")) }
      : {}),
  };
}

/** How long a client dropped from the cache stays open for the operations holding it. */
const RETIRE_MS = 60_000;

export function makePspClients(deps: {
  secretBox: SecretBox;
  makeClient: PspClientFactory;
  clock: Clock;
  /** The database the "last successful call" time is written to. */
  db: Db;
}): PspClients {
  const cache = new Map<string, { row: PspConnectionRow; client: BacenPixClient }>();
  const retiring = new Set<BacenPixClient>();

  // A dropped client leaves the cache at once (the next use reads the row again), but is closed
  // only a minute later: an operation that took it before (a subscription between its POST /rec
  // and its commit, a create abandoning its cob) may still call on it, and a closed client
  // refuses every new request, so a delete or a save would turn that operation's remaining calls
  // (cancelling the rec it made) into failures. The PSP credentials stay valid meanwhile.
  const drop = async (accountId: string) => {
    const entry = cache.get(accountId);
    cache.delete(accountId);
    if (!entry) return;
    retiring.add(entry.client);
    setTimeout(() => {
      if (retiring.delete(entry.client)) entry.client.close().catch(() => {});
    }, RETIRE_MS).unref();
  };

  const use = async (row: PspConnectionRow | undefined): Promise<LiveConnection | undefined> => {
    // Test money never reaches a live charge: such a connection is as good as none.
    if (!row || isHomologationConnection(row)) return undefined;
    const entry = cache.get(row.accountId);
    if (entry && entry.row.revision === row.revision) return { row, client: entry.client };
    await drop(row.accountId);
    // "Last successful call" is shown to the minute: written at most every 10 s per account,
    // not once per call (a statement per charge on the hot path for a display field).
    let lastTouch = 0;
    const client = tracked(deps.makeClient(credentialsOf(row, deps.secretBox)), async () => {
      const now = deps.clock.now();
      if (now.getTime() - lastTouch < 10_000) return;
      lastTouch = now.getTime();
      await touchConnection(deps.db, { accountId: row.accountId, mode: "live", at: now });
    });
    cache.set(row.accountId, { row, client });
    return { row, client };
  };

  return {
    forAccount: async (db, accountId) => use(await findConnection(db, { accountId, mode: "live" })),
    forAccountAt: async (db, accountId, revision) => {
      if (revision === undefined) return undefined;
      const entry = cache.get(accountId);
      // A cached entry passed use()'s checks when it was made, for this very revision.
      if (entry && entry.row.revision === revision) return { row: entry.row, client: entry.client };
      return use(await findConnection(db, { accountId, mode: "live" }));
    },
    forHook: async (db, hookId) => use(await findConnectionByHook(db, hookId)),
    invalidate: drop,
    async close() {
      await Promise.all([...cache.keys()].map(drop));
      const clients = [...retiring];
      retiring.clear();
      await Promise.all(clients.map((c) => c.close().catch(() => {})));
    },
  };
}

/**
 * The client with a hook after each call that reached the PSP and got an answer it understood:
 * the connection's "last successful call" time. The hook never fails the call.
 */
function tracked(client: BacenPixClient, onOk: () => Promise<void>): BacenPixClient {
  const ok = <T>(p: Promise<T>): Promise<T> =>
    p.then((v) => {
      onOk().catch(() => {});
      return v;
    });
  return {
    checkConnection: () => ok(client.checkConnection()),
    putCob: (i) => ok(client.putCob(i)),
    getCob: (t) => ok(client.getCob(t)),
    removeCob: (t) => ok(client.removeCob(t)),
    putCobV: (i) => ok(client.putCobV(i)),
    getCobV: (t) => ok(client.getCobV(t)),
    removeCobV: (t) => ok(client.removeCobV(t)),
    putLoteCobV: (id, d, c) => ok(client.putLoteCobV(id, d, c)),
    getLoteCobV: (id) => ok(client.getLoteCobV(id)),
    putDevolucao: (e, id, a, d) => ok(client.putDevolucao(e, id, a, d)),
    getDevolucao: (e, id) => ok(client.getDevolucao(e, id)),
    getPix: (e) => ok(client.getPix(e)),
    listPix: (q) => ok(client.listPix(q)),
    putWebhook: (c, u) => ok(client.putWebhook(c, u)),
    getWebhook: (c) => ok(client.getWebhook(c)),
    deleteWebhook: (c) => ok(client.deleteWebhook(c)),
    close: () => client.close(),
    ...(client.automatico ? { automatico: client.automatico } : {}),
  };
}
