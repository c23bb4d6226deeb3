import {
  advanceSettleIndex,
  allLightningConnections,
  findLightningConnection,
  type LightningConnectionRow,
} from "../db/queries/lightning.ts";
import { nodeForConnection } from "../domain/lightning/charge-invoice.ts";
import { applySettlement, type CheckDeps, checkOpenInvoices } from "../domain/lightning/settle.ts";
import { LightningError } from "../lightning/node.ts";
import type { Log } from "./log.ts";
import { makePeriodicJob } from "./periodic-job.ts";

// Lightning settlements, seen two ways. Each connected node's invoice stream is subscribed to
// (every instance with workers subscribes; approval is conditional, so they approve once),
// reconnecting with back-off and resuming from the settle index stored with the connection, so
// a settlement made while no instance listened is replayed. And every few seconds the open
// invoices are looked up at their nodes: phoenixd's event socket has no resume index, and a
// stream can fail silently.

export type LightningWorker = { start(): void; stop(): Promise<void>; runOnce(): Promise<void> };

export const BACKOFF_MS = [250, 1_000, 2_000, 5_000, 15_000, 30_000];

export function makeLightningWorker(
  deps: CheckDeps & { log: Log },
  opts: { checkEveryMs: number; refreshMs?: number; backoffMs?: readonly number[] },
): LightningWorker {
  const loops = new Map<string, AbortController>();
  const backoff = opts.backoffMs ?? BACKOFF_MS;
  let refreshTimer: NodeJS.Timeout | undefined;
  const check = makePeriodicJob({
    name: "lightning check",
    everyMs: opts.checkEveryMs,
    log: deps.log,
    run: () => checkOpenInvoices(deps, { everyMs: opts.checkEveryMs }),
  });

  const keyOf = (r: LightningConnectionRow) => `${r.accountId}:${r.mode}:${r.revision}`;

  async function loop(first: LightningConnectionRow, signal: AbortSignal) {
    let failures = 0;
    // A node that answers the subscription and then sends what cannot be read (a line or a
    // message over the size limit) opens fine every time: counted apart from `failures`, which
    // an open stream resets, and cleared only by a settlement read from the stream, so such a
    // node is retried on the growing back-off rather than every second.
    let strikes = 0;
    while (!signal.aborted) {
      // The resume point is read again each time: another instance may have moved it.
      const row = await findLightningConnection(deps.db, first).catch(() => undefined);
      if (!row || row.revision !== first.revision) return;
      const node = nodeForConnection(deps, row);
      try {
        await node.subscribeSettlements(
          row.settleIndex,
          async (s) => {
            strikes = 0;
            await applySettlement(deps, row, s);
            if (s.settleIndex) await advanceSettleIndex(deps.db, row, s.settleIndex);
          },
          signal,
          () => {
            failures = 0;
          },
        );
      } catch (err) {
        failures++;
        if (err instanceof LightningError && err.kind === "bad_answer") strikes++;
        const count = failures + strikes;
        if ((failures === 1 && strikes <= 1) || count % 10 === 0) {
          deps.log.warn(
            {
              accountId: row.accountId,
              mode: row.mode,
              failures: count,
              reason: (err as Error).message,
            },
            "lightning: the node's invoice stream failed; reconnecting",
          );
        }
      } finally {
        await node.close().catch(() => {});
      }
      if (signal.aborted) return;
      // Whatever settled while the stream was down is found now, not at the next check.
      void check.runOnce();
      const wait = backoff[Math.min(failures + strikes, backoff.length - 1)] ?? 30_000;
      await new Promise((r) => setTimeout(r, wait).unref());
    }
  }

  async function refresh() {
    const rows = await allLightningConnections(deps.db).catch(() => []);
    const live = new Set(rows.map(keyOf));
    for (const [k, ac] of loops) {
      if (!live.has(k)) {
        ac.abort();
        loops.delete(k);
      }
    }
    for (const row of rows) {
      const k = keyOf(row);
      if (loops.has(k)) continue;
      const ac = new AbortController();
      loops.set(k, ac);
      void loop(row, ac.signal).finally(() => {
        if (loops.get(k) === ac) loops.delete(k);
      });
    }
  }

  return {
    start() {
      if (refreshTimer) return;
      void refresh();
      refreshTimer = setInterval(() => void refresh(), opts.refreshMs ?? 5_000);
      refreshTimer.unref();
      check.start();
    },
    async stop() {
      clearInterval(refreshTimer);
      refreshTimer = undefined;
      for (const ac of loops.values()) ac.abort();
      loops.clear();
      await check.stop();
    },
    async runOnce() {
      await refresh();
      await check.runOnce();
    },
  };
}
