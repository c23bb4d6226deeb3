/**
 * Memoises `build` per key, keeping at most `max` results. For documents that depend only on a
 * base URL (manifest, guide, OpenAPI): building one takes milliseconds of CPU and the routes are
 * public, so each is built once per base URL. The base URL can come from the Host header, so
 * the cache is bounded: past `max` keys it starts over.
 */
export function boundedMemo<T>(build: (key: string) => T, max = 16): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    if (cache.size >= max) cache.clear();
    const value = build(key);
    cache.set(key, value);
    return value;
  };
}
