// Length-limited Huffman codes for deflate's dynamic blocks (RFC 1951 section 3.2.2). Deflate
// transmits only each symbol's code length; the codes themselves are the canonical ones that
// follow from the lengths, which is what `canonicalCodes` computes on the writing side.
//
// The alphabets are small (at most 286 symbols, and a QR image uses a few dozen), so a sort plus
// the two-queue construction is all it takes. The work arrays are allocated once and reused, since
// a fresh set per call would cost about as much as building the code.

const MAX_SYMBOLS = 286;
// Weights are capped so that weight * 512 + symbol fits a 32-bit integer. Only a symbol seen more
// than 4 million times is affected, and its code then comes out slightly longer than optimal.
const MAX_WEIGHT = (1 << 22) - 1;
const keys = new Int32Array(MAX_SYMBOLS);
const nodeWeight = new Int32Array(2 * MAX_SYMBOLS);
const parent = new Int32Array(2 * MAX_SYMBOLS);
const depth = new Uint16Array(2 * MAX_SYMBOLS);
const perLength = new Uint16Array(16);
const nextCode = new Uint16Array(16);
const REVERSED_BYTE = new Uint8Array(256);
for (let i = 0; i < 256; i++) {
  let r = 0;
  for (let bit = 0; bit < 8; bit++) r |= ((i >>> bit) & 1) << (7 - bit);
  REVERSED_BYTE[i] = r;
}

/**
 * Fills `lengths[0..count)` with Huffman code lengths for `freq[0..count)`, none longer than
 * `limit`; count is 2..286 and at most 2^limit. Unused symbols get 0. At least two symbols always
 * get a length (padding with unused ones when fewer are used), so every code is complete:
 * inflaters accept incomplete codes only in narrow cases, and a one-symbol code would be one.
 */
export function codeLengths(
  freq: Uint32Array,
  count: number,
  limit: number,
  lengths: Uint8Array,
): void {
  if (!(count >= 2 && count <= MAX_SYMBOLS && count <= 2 ** limit)) {
    throw new RangeError(`cannot code ${count} symbols in at most ${limit} bits`);
  }
  lengths.fill(0, 0, count);
  // Sort keys are weight * 512 + symbol, so equal weights order by symbol and the result does not
  // depend on the sort's stability.
  let n = 0;
  for (let s = 0; s < count; s++) {
    const f = freq[s] as number;
    if (f > 0) keys[n++] = Math.min(f, MAX_WEIGHT) * 512 + s;
  }
  for (let s = 0; n < 2; s++) if (freq[s] === 0) keys[n++] = 512 + s;
  for (;;) {
    keys.subarray(0, n).sort();
    if (buildDepths(n, lengths) <= limit) return;
    // Too deep: flatten the weights and build again. Halving (rounding up, so none reaches 0)
    // converges to equal weights, whose balanced tree fits the limit since count <= 2^limit, so
    // this ends; on real data it is rarely needed at all.
    for (let i = 0; i < n; i++) {
      const key = keys[i] as number;
      keys[i] = (((key >>> 9) + 1) >>> 1) * 512 + (key & 511);
    }
  }
}

// Two-queue Huffman construction over the n sorted keys: merged nodes come out in non-decreasing
// weight order, so the two cheapest nodes are always at the heads of the leaf queue and the merged
// queue. Node ids: leaves 0..n-1, merged nodes n..2n-2, the root last. Writes each leaf's depth to
// lengths[symbol] and returns the largest depth.
function buildDepths(n: number, lengths: Uint8Array): number {
  for (let i = 0; i < n; i++) nodeWeight[i] = (keys[i] as number) >>> 9;
  let leaf = 0;
  let merged = n;
  for (let next = n; next < 2 * n - 1; next++) {
    let sum = 0;
    for (let k = 0; k < 2; k++) {
      // On equal weights take the leaf, which keeps the tree shallower.
      const takeLeaf =
        leaf < n &&
        (merged === next || (nodeWeight[leaf] as number) <= (nodeWeight[merged] as number));
      const id = takeLeaf ? leaf++ : merged++;
      sum += nodeWeight[id] as number;
      parent[id] = next;
    }
    // Sums of up to 286 weights under 2^22 stay under 2^31.
    nodeWeight[next] = sum;
  }
  // Every node's parent has a larger id, so one descending pass sets all depths.
  depth[2 * n - 2] = 0;
  let max = 0;
  for (let id = 2 * n - 3; id >= 0; id--) {
    const d = (depth[parent[id] as number] as number) + 1;
    depth[id] = d;
    if (id < n) {
      lengths[(keys[id] as number) & 511] = d;
      if (d > max) max = d;
    }
  }
  return max;
}

/**
 * Canonical codes for the given lengths (at most 15), as entries for the bit writer: the code in
 * the low 16 bits, bit-reversed because deflate packs bits from the least significant end while
 * Huffman codes are defined most significant bit first, and the length above. Entries of unused
 * symbols are left as they were.
 */
export function canonicalCodes(lengths: Uint8Array, count: number, entries: Int32Array): void {
  for (let len = 0; len < 16; len++) perLength[len] = 0;
  // Most symbols are unused; skipping them also avoids a long chain of increments of one counter.
  for (let s = 0; s < count; s++) {
    const len = lengths[s] as number;
    if (len !== 0) perLength[len] = (perLength[len] as number) + 1;
  }
  let code = 0;
  for (let len = 1; len < 16; len++) {
    code = (code + (perLength[len - 1] as number)) << 1;
    nextCode[len] = code;
  }
  for (let s = 0; s < count; s++) {
    const len = lengths[s] as number;
    if (len === 0) continue;
    const canonical = nextCode[len] as number;
    nextCode[len] = canonical + 1;
    const reversed =
      (((REVERSED_BYTE[canonical & 0xff] as number) << 8) |
        (REVERSED_BYTE[canonical >>> 8] as number)) >>>
      (16 - len);
    entries[s] = reversed | (len << 16);
  }
}
