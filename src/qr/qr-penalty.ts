// Mask-selection penalty, scored 32 modules at a time. Choosing the mask means scoring eight
// candidate symbols, and doing that module by module was most of the encoding time: module
// colours look random, so per-module branches mispredict constantly. Here every row and every
// column of the symbol is a bit vector ("line") and each rule becomes a few shifts, ANDs and
// popcounts per 32-bit word.
//
// The rules and weights are those of the `qrcode` package, so that both pick the same mask:
// - runs of 5+ same-colour modules in a line: 3 + (length - 5);
// - 2x2 blocks of one colour: 3 each;
// - the 11-module windows 10111010000 or 00001011101 in a line: 40 each;
// - dark-module imbalance: 10 per 5% step away from 50% (with its rounding).
//
// Layout: line l < size is row l, line size + c is column c; each line takes wordsPerLine words,
// module i of the line in bit (i & 31) of word (i >> 5). Bits past the line's end are zero.

export function wordsPerLine(size: number): number {
  return (size + 31) >>> 5;
}

export function packLines(grid: Uint8Array, size: number): Int32Array {
  const words = wordsPerLine(size);
  const lines = new Int32Array(2 * size * words);
  // Each row word is assembled in a local and stored once; the columns follow by transposing.
  for (let line = 0; line < size; line++) {
    for (let w = 0; w < words; w++) {
      const end = Math.min(size, (w + 1) * 32);
      let row = 0;
      for (let i = w * 32; i < end; i++) row |= (grid[line * size + i] as number) << (i & 31);
      lines[line * words + w] = row;
    }
  }
  fillColumns(lines, size);
  return lines;
}

// fillColumns' work array, one 32 x 32 block of modules.
const block = new Int32Array(32);

/**
 * Rewrites the column lines of `lines` from its row lines, a 32 x 32 block of modules at a time:
 * the block's 32 row words go in, its 32 column words come out. Rows past the symbol's end read
 * as light, and columns past it are dropped.
 */
export function fillColumns(lines: Int32Array, size: number): void {
  const words = wordsPerLine(size);
  for (let rowBlock = 0; rowBlock < words; rowBlock++) {
    for (let colBlock = 0; colBlock < words; colBlock++) {
      for (let k = 0; k < 32; k++) {
        const row = rowBlock * 32 + k;
        block[k] = row < size ? (lines[row * words + colBlock] as number) : 0;
      }
      transpose32(block);
      for (let k = 0; k < 32 && colBlock * 32 + k < size; k++) {
        lines[(size + colBlock * 32 + k) * words + rowBlock] = block[k] as number;
      }
    }
  }
}

// Transposes a 32 x 32 bit matrix in place (bit c of word r moves to bit r of word c) by swapping
// ever smaller off-diagonal sub-blocks: 16 x 16, then 8 x 8, down to single bits (Hacker's Delight,
// section 7-3, mirrored for least-significant-bit-first rows).
function transpose32(a: Int32Array): void {
  let mask = 0x0000ffff;
  for (let j = 16; j !== 0; j >>>= 1, mask ^= mask << j) {
    for (let k = 0; k < 32; k = ((k | j) + 1) & ~j) {
      const t = (((a[k] as number) >>> j) ^ (a[k | j] as number)) & mask;
      a[k] = (a[k] as number) ^ (t << j);
      a[k | j] = (a[k | j] as number) ^ t;
    }
  }
}

/** The penalty of the symbol whose lines are `lines`. */
export function penalty(lines: Int32Array, size: number): number {
  return maskedPenalty(lines, new Int32Array(lines.length), size);
}

// The penalty of lines XOR overlay: the mask is applied word by word as the lines are read, so
// scoring a candidate mask needs no masked copy of the symbol.
//
// Shifting a line "left" by k moves module i - k to position i; the k bits entering a word come
// from the top of the previous word of the same vector (zero before the line starts).
//
// Every rule only ever adds (a run's score grows by 3 when it reaches 5 modules and by 1 per
// module after), so once the lines scored so far reach `stopAt` the symbol cannot score below it:
// the scoring stops there and returns that partial sum, which is all a caller looking for the
// lowest penalty needs to know. Below `stopAt` the result is the exact penalty.
export function maskedPenalty(
  lines: Int32Array,
  overlay: Int32Array,
  size: number,
  stopAt = Infinity,
): number {
  const words = wordsPerLine(size);
  const tail = size % 32 === 0 ? -1 : (1 << (size % 32)) - 1;
  let runScore = 0;
  let windows = 0;
  let blocks = 0;
  let dark = 0;
  for (let line = 0; line < 2 * size; line++) {
    const isRow = line < size;
    const start = line * words;
    let prevX = 0;
    let prevEq = 0;
    let prevEq2 = 0;
    let prevCore = 0;
    let prevGap = 0;
    let prevUp = 0;
    for (let w = 0; w < words; w++) {
      const x = (lines[start + w] as number) ^ (overlay[start + w] as number);
      const last = w === words - 1 ? tail : -1;
      // eq: module i equals module i-1. Module 0 has no predecessor; past the end is not a line.
      const eq = ~(x ^ ((x << 1) | (prevX >>> 31))) & last & (w === 0 ? ~1 : -1);
      const eq2 = eq & ((eq << 1) | (prevEq >>> 31));
      // A run has reached length 5 at i when modules i-4..i are equal, length 6 with i-5 too.
      const run5 = eq2 & ((eq2 << 2) | (prevEq2 >>> 30));
      const run6 = run5 & ((eq << 4) | (prevEq >>> 28));
      // Popcounts are the costliest step, and these words are often empty.
      if (run5 !== 0) {
        runScore += 3 * popcount(run5);
        if (run6 !== 0) runScore -= 2 * popcount(run6);
      }
      // core: modules i-6..i read 1011101; gap: modules i-3..i are light.
      const s1 = (x << 1) | (prevX >>> 31);
      const s2 = (x << 2) | (prevX >>> 30);
      const s3 = (x << 3) | (prevX >>> 29);
      const s4 = (x << 4) | (prevX >>> 28);
      const s5 = (x << 5) | (prevX >>> 27);
      const s6 = (x << 6) | (prevX >>> 26);
      const core = x & ~s1 & s2 & s3 & s4 & ~s5 & s6;
      const gap = ~(x | s1 | s2 | s3);
      // 10111010000 ends at i: core at i-4, gap at i. 00001011101: gap at i-7, core at i.
      // The two need opposite colours at i, so they never coincide. Windows start at module 10.
      const found =
        ((((core << 4) | (prevCore >>> 28)) & gap) | (((gap << 7) | (prevGap >>> 25)) & core)) &
        last &
        (w === 0 ? ~0x3ff : -1);
      if (found !== 0) windows += popcount(found);
      if (isRow) {
        dark += popcount(x);
        // Block with bottom-right corner (line, i): this row and the one above each have
        // i == i-1, and the rows agree at i.
        if (line > 0) {
          const up = (lines[start - words + w] as number) ^ (overlay[start - words + w] as number);
          const upEq = ~(up ^ ((up << 1) | (prevUp >>> 31)));
          blocks += popcount(eq & upEq & ~(x ^ up));
          prevUp = up;
        }
      }
      prevX = x;
      prevEq = eq;
      prevEq2 = eq2;
      prevCore = core;
      prevGap = gap;
    }
    const partial = runScore + blocks * 3 + windows * 40;
    if (partial >= stopAt) return partial;
  }
  const balance = Math.abs(Math.ceil((dark * 100) / (size * size) / 5) - 10);
  return runScore + blocks * 3 + windows * 40 + balance * 10;
}

function popcount(v: number): number {
  let x = v - ((v >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}
