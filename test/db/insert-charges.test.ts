import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { lockAccount } from "../../src/db/queries/accounts.ts";
import { findCharge } from "../../src/db/queries/charges.ts";
import { insertEvents } from "../../src/db/queries/events.ts";
import {
  insertCharges,
  makeChargeWriter,
  makeCreateWriter,
} from "../../src/db/queries/insert-charges.ts";
import { chargeEvent } from "../../src/domain/charges/charge-events.ts";
import { createLiveCob } from "../../src/domain/live-pix/live-create.ts";
import type { PspClients } from "../../src/domain/pix-psp-connection/clients.ts";
import { cryptoRandom, manualClock } from "../../src/kernel/clock.ts";
import { chargeWrite } from "../helpers/charge-write.ts";
import { openTestDb, TEST_DATABASE_URL, type TestDb } from "../helpers/db.ts";

// The group-commit write of new charges (queries/insert-charges.ts): one statement stores many
// charges, each with its events and, optionally, its Idempotency-Key, and a charge is written
// exactly when its key is.

let t: TestDb;
const clock = manualClock();
const deps = { clock, random: cryptoRandom };
const DAY = 24 * 3_600_000;

before(async () => {
  t = await openTestDb();
  await t.db.query("INSERT INTO accounts (id, name, created_at) VALUES ($1, $2, $3)", [
    "acct_batch",
    "batch",
    clock.now(),
  ]);
  await addConnection("acct_batch");
});
after(() => t.close());

/** A live PSP connection row for the account (the journal writes only under one). */
async function addConnection(accountId: string) {
  await t.db.query(
    `INSERT INTO pix_psp_connections (account_id, mode, profile, base_url, token_url, client_id,
       private_key_box, certificate_pem, pix_key, merchant_name, merchant_city, hook_id,
       webhook_state, created_at, updated_at)
     VALUES ($1, 'live', 'efi', 'https://psp.example', 'https://psp.example/oauth/token', 'id',
       'box', 'pem', 'chave@example.com', 'Loja', 'Recife', $2, 'manual', $3, $3)`,
    [accountId, `hook_${accountId}`, clock.now()],
  );
}

const charge = (n: number, opts: { key?: string; at?: Date } = {}) =>
  chargeWrite({ accountId: "acct_batch", n, at: opts.at ?? clock.now(), ...opts });

const countCharges = async (ids: string[]) =>
  (
    await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM charges WHERE id = ANY($1)", [
      ids,
    ])
  )[0]?.n;

test("one statement stores every charge with its events in order and its key's response", async () => {
  const writes = [1, 2, 3, 4, 5].map((n) => charge(n, { key: `batch-${n}` }));
  const written = await insertCharges(t.db, writes);
  assert.deepEqual([...written].sort(), writes.map((w) => w.row.id).sort());

  const stored = await t.db.query<{ id: string; title: string; details: unknown }>(
    "SELECT id, title, details FROM charges WHERE id = ANY($1)",
    [writes.map((w) => w.row.id)],
  );
  const first = stored.find((r) => r.id === writes[0]?.row.id);
  assert.equal(first?.title, 'Pedido "1" \\ café');
  assert.deepEqual(first?.details, { customer_name: "Maria", address: { city: "São Paulo" } });

  for (const w of writes) {
    const events = await t.db.query<{ type: string; payload: string }>(
      "SELECT type, payload::text AS payload FROM events WHERE charge_id = $1 ORDER BY seq",
      [w.row.id],
    );
    assert.deepEqual(
      events.map((e) => e.type),
      ["charge.created", "charge.pending"],
    );
    // The payload is kept as the exact text that was serialised (webhook bodies are built on it).
    assert.equal(events[0]?.payload, JSON.stringify(w.events[0]?.payload));
    const keys = await t.db.query<{ body: string }>(
      "SELECT response_body AS body FROM idempotency_keys WHERE key = $1",
      [w.key?.key],
    );
    assert.equal(keys[0]?.body, w.key?.responseBody);
  }
});

test("a charge whose key is already stored is not written; the rest of its batch is", async () => {
  const taken = charge(10, { key: "taken-key" });
  assert.equal((await insertCharges(t.db, [taken])).size, 1);
  const again = charge(11, { key: "taken-key" });
  const fresh = charge(12, { key: "fresh-key" });
  const plain = charge(13);
  const written = await insertCharges(t.db, [again, fresh, plain]);
  assert.deepEqual([...written].sort(), [fresh.row.id, plain.row.id].sort());
  assert.equal(await countCharges([again.row.id]), 0);
  const events = await t.db.query("SELECT 1 FROM events WHERE charge_id = $1", [again.row.id]);
  assert.equal(events.length, 0, "no events for a charge that was not written");
});

test("a key whose stored row has expired is replaced, and its charge written", async () => {
  const old = charge(20, { key: "old-key", at: new Date(clock.now().getTime() - 2 * DAY) });
  assert.equal((await insertCharges(t.db, [old])).size, 1);
  const renewed = charge(21, { key: "old-key" });
  assert.deepEqual([...(await insertCharges(t.db, [renewed]))], [renewed.row.id]);
  const keys = await t.db.query<{ body: string }>(
    "SELECT response_body AS body FROM idempotency_keys WHERE key = 'old-key'",
  );
  assert.equal(keys[0]?.body, renewed.key?.responseBody);
});

test("the writer groups concurrent creations and writes each key once", async () => {
  // Every statement is recorded: none may fail (two writes of one key in one batch would, and
  // would then be retried alone, hiding the mistake from the results).
  const statements: Array<{ size: number; failed: boolean }> = [];
  const recording = {
    ...t.db,
    query: async <T>(sql: string, params?: readonly unknown[]) => {
      const size = (JSON.parse(String(params?.[0])) as unknown[]).length;
      try {
        const rows = await t.db.query<T>(sql, params);
        statements.push({ size, failed: false });
        return rows;
      } catch (err) {
        statements.push({ size, failed: true });
        throw err;
      }
    },
  };
  const writer = makeChargeWriter(recording, { maxInFlight: 2, maxBatch: 8, overlapAt: 4 });
  const plain = Array.from({ length: 30 }, (_, n) => charge(100 + n));
  const sameKey = Array.from({ length: 6 }, (_, n) => charge(200 + n, { key: "burst-key" }));
  const results = await Promise.all([...plain, ...sameKey].map((w) => writer(w)));
  assert.equal(results.slice(0, 30).filter(Boolean).length, 30);
  assert.equal(results.slice(30).filter(Boolean).length, 1, "one write per key");
  assert.equal(await countCharges(plain.map((w) => w.row.id)), 30);
  assert.equal(await countCharges(sameKey.map((w) => w.row.id)), 1);
  assert.deepEqual(
    statements.filter((x) => x.failed),
    [],
  );
  assert.ok(statements.length < 36, "creations were grouped");
  assert.ok(statements.every((x) => x.size <= 8));
});

test("a key that names another account than its charge is refused", async () => {
  const w = charge(500, { key: "mismatch" });
  const key = { ...(w.key as NonNullable<typeof w.key>), accountId: "acct_other" };
  await assert.rejects(insertCharges(t.db, [{ ...w, key }]), /must belong to its charge/);
  assert.equal(await countCharges([w.row.id]), 0);
});

test("a stored amount past 2^53 is refused when read, never rounded", async () => {
  const w = charge(600);
  await insertCharges(t.db, [w]);
  await t.db.query("UPDATE charges SET value_cents = 9007199254740993 WHERE id = $1", [w.row.id]);
  await assert.rejects(
    findCharge(t.db, { accountId: "acct_batch", mode: "test", id: w.row.id }),
    RangeError,
  );
});

test("events are written by one statement text whatever their number, in order", async () => {
  const texts = new Set<string>();
  const spy = {
    ...t.db,
    query: <T>(sql: string, params?: readonly unknown[]) => {
      texts.add(sql);
      return t.db.query<T>(sql, params);
    },
  };
  const w = charge(700);
  await insertCharges(t.db, [w]);
  const one = [chargeEvent(deps, "charge.updated", w.row)];
  const three = ["charge.approved", "charge.refund", "charge.updated"].map((type) =>
    chargeEvent(deps, type as "charge.approved", w.row),
  );
  await insertEvents(spy, one);
  await insertEvents(spy, three);
  assert.equal(texts.size, 1);
  const types = await t.db.query<{ type: string }>(
    "SELECT type FROM events WHERE charge_id = $1 ORDER BY seq",
    [w.row.id],
  );
  assert.deepEqual(
    types.map((r) => r.type),
    [
      "charge.created",
      "charge.pending",
      "charge.updated",
      "charge.approved",
      "charge.refund",
      "charge.updated",
    ],
  );
});

test("a batch whose commit went through but whose answer was lost still reports its charges written", async () => {
  let calls = 0;
  // The second statement commits, then its answer is "lost" (the caller sees an error).
  const flaky = {
    ...t.db,
    query: async <T>(sql: string, params?: readonly unknown[]) => {
      const call = ++calls;
      const rows = await t.db.query<T>(sql, params);
      if (call === 2) throw new Error("connection lost after commit");
      return rows;
    },
  };
  const writer = makeChargeWriter(flaky, { maxInFlight: 1, maxBatch: 8, overlapAt: 8 });
  const writes = [300, 301, 302].map((n) => charge(n));
  const results = await Promise.all(writes.map((w) => writer(w)));
  assert.deepEqual(results, [true, true, true]);
  assert.equal(calls, 4, "one statement, the batch of two, then each of the two alone");
  assert.equal(await countCharges(writes.map((w) => w.row.id)), 3);
});

test("charges are created while another transaction holds the account lock (tokens, webhooks)", {
  skip: TEST_DATABASE_URL ? false : "PGlite is one connection: transactions cannot overlap",
}, async () => {
  const w = charge(400);
  const written = await t.db.transaction(async (tx) => {
    assert.equal(await lockAccount(tx, "acct_batch"), true);
    // On another connection, inside the lock's lifetime: FOR UPDATE would block this insert's
    // foreign-key check until the transaction ends, which here would be never.
    const timeout = new Promise<"blocked">((r) => setTimeout(() => r("blocked"), 3000).unref());
    return Promise.race([insertCharges(t.db, [w]), timeout]);
  });
  assert.notEqual(written, "blocked");
  assert.equal(await countCharges([w.row.id]), 1);
});

const openAttemptTxids = async (txids: string[]) =>
  (
    await t.db.query<{ txid: string }>(
      "SELECT txid FROM pix_cob_attempts WHERE txid = ANY($1) AND state = 'open' ORDER BY txid",
      [txids],
    )
  ).map((r) => r.txid);

/** A Db that records each statement's text (to see which writes shared a commit). */
const recordingDb = () => {
  const statements: string[] = [];
  const db = {
    ...t.db,
    query: <T>(sql: string, params?: readonly unknown[]) => {
      statements.push(sql);
      return t.db.query<T>(sql, params);
    },
  };
  return { db, statements };
};

test("live cobs' journal rows join the charges' batch: one statement commits both, each acknowledged only once committed", async () => {
  const { db, statements } = recordingDb();
  const { writeCharge, openCobAttempt } = makeCreateWriter(db, {
    maxInFlight: 1,
    maxBatch: 16,
    overlapAt: 16,
  });
  const attempt = (n: number) => ({
    txid: `txbatch${n}${"0".repeat(20)}`,
    accountId: "acct_batch",
    keyHash: n % 2 ? `hash-${n}` : null,
    generation: 0,
    at: clock.now(),
  });
  const first = writeCharge(charge(800)); // goes out at once; the rest queue behind it
  const charges = [801, 802, 803].map((n) => charge(n));
  const attempts = [1, 2, 3, 4].map(attempt);
  // Each journal write resolves only after its row is committed (the PUT /cob comes after it).
  const seenOnResolve = attempts.map((a) =>
    openCobAttempt(a).then(() => openAttemptTxids([a.txid])),
  );
  const written = await Promise.all([first, ...charges.map((w) => writeCharge(w))]);
  assert.deepEqual(written, [true, true, true, true]);
  for (const [i, seen] of (await Promise.all(seenOnResolve)).entries()) {
    assert.deepEqual(seen, [attempts[i]?.txid]);
  }
  assert.equal(statements.length, 2, "the lone first charge, then one batch of 3 charges + 4 rows");
  assert.match(statements[1] ?? "", /pix_cob_attempts[\s\S]*INSERT INTO charges/);
  assert.equal(await countCharges(charges.map((w) => w.row.id)), 3);
  assert.deepEqual(
    await openAttemptTxids(attempts.map((a) => a.txid)),
    attempts.map((a) => a.txid).sort(),
  );

  // Journal rows alone (no charge waiting) are one statement too; a txid journalled again
  // (a retry under the same key) is rewritten in place, never two in one statement.
  statements.length = 0;
  const busy = writeCharge(charge(804));
  const again = [attempt(5), attempt(6), attempt(5)];
  await Promise.all([busy, ...again.map((a) => openCobAttempt(a))]);
  assert.ok(statements.length <= 3, `${statements.length} statements`);
  assert.deepEqual(await openAttemptTxids([attempt(5).txid, attempt(6).txid]), [
    attempt(5).txid,
    attempt(6).txid,
  ]);
});

test("a live create journals its txid through the create batcher, committed before PUT /cob is sent", async () => {
  const { db, statements } = recordingDb();
  const { openCobAttempt } = makeCreateWriter(db, { maxInFlight: 1, maxBatch: 16, overlapAt: 16 });
  let journalledAtPut: string[] | undefined;
  const client = {
    putCob: async (input: { txid: string }) => {
      journalledAtPut = await openAttemptTxids([input.txid]);
      return { txid: input.txid, brCode: "00020101021226...6304ABCD" };
    },
  };
  const pspClients = {
    forAccount: async () => ({
      row: {
        pixKey: "chave@example.com",
        profile: "efi",
        merchantName: "Loja",
        merchantCity: "Recife",
      },
      client,
    }),
  } as unknown as PspClients;
  const before = statements.length;
  const cob = await createLiveCob(
    { db: t.db, clock, random: cryptoRandom, pspClients, openCobAttempt },
    { accountId: "acct_batch", mode: "live", tokenId: "tok_1" },
    { amountCents: 1234, expiresInSec: 600, title: "Camiseta" },
  );
  assert.deepEqual(journalledAtPut, [cob.txid], "the journal row was committed before the PUT");
  assert.equal(statements.length - before, 1, "the journal row went through the batcher");
  assert.match(statements.at(-1) ?? "", /INSERT INTO pix_cob_attempts/);
});

test("a cob is not journalled for an account whose live connection is gone, and the create stops before its PUT", async () => {
  await t.db.query("INSERT INTO accounts (id, name, created_at) VALUES ($1, $2, $3)", [
    "acct_gone",
    "gone",
    clock.now(),
  ]);
  const { writeCharge, openCobAttempt } = makeCreateWriter(t.db, {
    maxInFlight: 1,
    maxBatch: 16,
    overlapAt: 16,
  });
  const attempt = (accountId: string, n: number) => ({
    txid: `txgone${n}${"0".repeat(20)}`,
    accountId,
    keyHash: null,
    generation: 0,
    at: clock.now(),
  });
  // Alone, and in a batch beside charges and another account's attempt: each account answered
  // for itself.
  assert.equal(await openCobAttempt(attempt("acct_gone", 1)), false);
  const busy = writeCharge(charge(900));
  const [gone, kept] = await Promise.all([
    openCobAttempt(attempt("acct_gone", 2)),
    openCobAttempt(attempt("acct_batch", 3)),
    writeCharge(charge(901)),
  ]);
  await busy;
  assert.deepEqual([gone, kept], [false, true]);
  assert.deepEqual(await openAttemptTxids([1, 2, 3].map((n) => `txgone${n}${"0".repeat(20)}`)), [
    `txgone3${"0".repeat(20)}`,
  ]);

  let puts = 0;
  const pspClients = {
    forAccount: async () => ({
      row: { pixKey: "chave@example.com", profile: "efi", merchantName: "L", merchantCity: "R" },
      client: {
        putCob: async () => {
          puts++;
          throw new Error("no PUT may be sent");
        },
      },
    }),
  } as unknown as PspClients;
  await assert.rejects(
    createLiveCob(
      { db: t.db, clock, random: cryptoRandom, pspClients, openCobAttempt },
      { accountId: "acct_gone", mode: "live", tokenId: "tok_1" },
      { amountCents: 1234, expiresInSec: 600, title: "Camiseta" },
    ),
    (err: Error) => /PSP connection/.test(err.message),
  );
  assert.equal(puts, 0);
});
