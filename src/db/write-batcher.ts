// Group commit for hot inserts. Under load, many requests want the same kind of write at once;
// each statement and commit has a fixed cost (a round trip, executor start-up, a WAL flush)
// that dwarfs the rows themselves. A write goes out at once when no statement is running;
// otherwise it queues, and the next statement takes everything queued (up to `maxBatch`). An
// idle service therefore adds no delay, and a loaded one commits many writes per flush.
//
// More statements at once would mean smaller batches and more work per write (decision 0002:
// two at a time cost ~25 % more CPU per charge than one), so a further statement starts only
// when `overlapAt` writes are already waiting: a steady load gets one big batch at a time, and a
// slow statement holds writes back only until that many queue behind it. Nothing is acknowledged
// before its statement commits, so a crash loses no acknowledged write.

export type BatcherOptions<T, R> = {
  /** Writes a batch in one statement; returns one result per item, in order. */
  run(items: T[]): Promise<R[]>;
  maxInFlight: number;
  maxBatch: number;
  /** Writes waiting before a second (or further) statement may start. */
  overlapAt: number;
  /**
   * Items with the same conflict key never share a batch (for writes that one statement cannot
   * apply twice, such as two stores of one Idempotency-Key).
   */
  conflictKey?(item: T): string | undefined;
};

type Pending<T, R> = { item: T; resolve(r: R): void; reject(e: unknown): void };

export type Batcher<T, R> = {
  write(item: T): Promise<R>;
  /** Statements running now (for tests and metrics). */
  inFlight(): number;
};

export function createBatcher<T, R>(opts: BatcherOptions<T, R>): Batcher<T, R> {
  const queue: Pending<T, R>[] = [];
  let inFlight = 0;

  const take = (): Pending<T, R>[] => {
    const batch: Pending<T, R>[] = [];
    const keys = new Set<string>();
    let i = 0;
    while (i < queue.length && batch.length < opts.maxBatch) {
      const p = queue[i] as Pending<T, R>;
      const key = opts.conflictKey?.(p.item);
      if (key !== undefined && keys.has(key)) {
        i++; // stays queued, in order, for a later batch
        continue;
      }
      if (key !== undefined) keys.add(key);
      batch.push(p);
      queue.splice(i, 1);
    }
    return batch;
  };

  const runAlone = async (p: Pending<T, R>): Promise<void> => {
    try {
      const [result] = await opts.run([p.item]);
      p.resolve(result as R);
    } catch (err) {
      p.reject(err);
    }
  };

  const runBatch = async (batch: Pending<T, R>[]): Promise<void> => {
    let results: R[] | undefined;
    let failure: unknown;
    try {
      results = await opts.run(batch.map((p) => p.item));
    } catch (err) {
      failure = err;
    }
    // The next batch goes out before this one's callers resume, so the database is not left
    // idle while they write their responses.
    inFlight--;
    pump();
    if (results) {
      batch.forEach((p, i) => {
        p.resolve(results[i] as R);
      });
    } else if (batch.length === 1) {
      batch[0]?.reject(failure);
    } else {
      // One bad item must not fail its neighbours: the batch rolled back as a whole, so each
      // item is retried alone, one after another (a burst of single statements would crowd out
      // the next batches), and gets its own result or error.
      for (const p of batch) await runAlone(p);
    }
  };

  const pump = (): void => {
    while (
      queue.length > 0 &&
      (inFlight === 0 || (inFlight < opts.maxInFlight && queue.length >= opts.overlapAt))
    ) {
      inFlight++;
      void runBatch(take());
    }
  };

  return {
    write: (item) =>
      new Promise<R>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        pump();
      }),
    inFlight: () => inFlight,
  };
}
