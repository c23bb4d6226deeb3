/**
 * Polls `check` until it answers something truthy and returns that answer; after `ms` it throws
 * naming `what`. For what the service makes true in the background (a worker's delivery, a
 * node's stream, a peer's notification), where a fixed sleep would be either slow or flaky.
 */
export async function until<T>(
  what: string,
  check: () => T | Promise<T>,
  ms = 5000,
  everyMs = 20,
): Promise<Exclude<T, false | undefined | null>> {
  const t0 = Date.now();
  for (;;) {
    const v = await check();
    if (v) return v as Exclude<T, false | undefined | null>;
    if (Date.now() - t0 > ms) throw new Error(`timed out waiting for ${what} (${ms} ms)`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** `until` for a value read again and again until `ok` holds for it: returns that value. */
export async function untilValue<T>(
  what: string,
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  ms = 5000,
): Promise<T> {
  const box = await until(
    what,
    async () => {
      const v = await read();
      return ok(v) ? { v } : undefined;
    },
    ms,
  );
  return box.v;
}
