import v8 from "node:v8";

// Node leaves V8 to size its old generation, and V8 lets it grow to as much as four times the
// heap that survived the last full collection before it collects again. The service's live heap
// stays near 50 MB, but a billing day promotes a few kB of short-lived objects per subscription,
// so with V8's own factor the process climbed to 373-392 MB of resident memory and stayed there
// (the freed pages stay pooled). A growth factor of 1.5 collects at about 75 MB of old
// generation instead: the same day peaked at 231-247 MB and took no longer
// (docs/performance.md, session 10). Unlike --max-old-space-size it is no ceiling: a process
// that truly needs more heap gets it, only after a collection, and never dies of the setting.
//
// V8 reads the flag each time it sets the next collection's limit, so setting it once the
// process runs takes effect from the next full collection on. It is set by the composition
// root (main.ts) from the configuration, not at import.

/** Sets V8's old-generation growing factor to 1 + percent / 100; 0 leaves V8's own. */
export function applyHeapGrowth(percent: number): void {
  if (!Number.isInteger(percent) || percent < 0) {
    throw new RangeError(`heap growth must be a whole percent, got ${percent}`);
  }
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
}
