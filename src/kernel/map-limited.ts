// Bounded concurrency for a list of async calls (PSP round trips in flight, say), with no
// dependency for it.

/**
 * Maps `items` through `fn`, at most `n` calls at a time, results in the items' order. On a
 * failure no further call starts, and every call already started is awaited before the first
 * failure is thrown, so nothing (a query inside the caller's transaction, a PSP call) is still
 * running when the caller goes on.
 */
export async function mapLimited<T, R>(
  items: readonly T[],
  n: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  let failure: { err: unknown } | undefined;
  const worker = async () => {
    while (next < items.length && !failure) {
      const i = next++;
      try {
        out[i] = await fn(items[i] as T);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(n, items.length) }, worker));
  if (failure) throw failure.err;
  return out;
}
