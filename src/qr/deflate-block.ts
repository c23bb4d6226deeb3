import { BitWriter } from "./bit-writer.ts";
import {
  distanceBase,
  distanceExtra,
  distanceSymbol,
  lengthBase,
  lengthExtra,
  lengthSymbol,
} from "./deflate-symbols.ts";
import { canonicalCodes, codeLengths } from "./huffman.ts";

// Deflate's dynamic-Huffman block (RFC 1951 section 3.2): codes fitted to the symbol frequencies,
// the header that transmits them, and the body. Tokens come from deflate.ts.

const END_OF_BLOCK = 256;
// The order in which code-length-code lengths are sent, rarest first so trailing zeros can be cut.
const CL_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

// Work arrays, reused by every block: a plan lives in them (and in `plan`), so it is valid until
// the next planDynamicBlock call, which is all deflate.ts needs.
const litLengths = new Uint8Array(286);
const distLengths = new Uint8Array(30);
const allLengths = new Uint8Array(286 + 30);
const clSymbols = new Uint8Array(286 + 30);
const clExtra = new Uint8Array(286 + 30);
const clFreq = new Uint32Array(19);
const clLengths = new Uint8Array(19);

// Each symbol's code in the low 16 bits and its length above, so the writer reads one entry per
// symbol.
const litEntries = new Int32Array(286);
const distEntries = new Int32Array(30);
const clEntries = new Int32Array(19);

/** A planned block: its codes are in this module's work arrays. */
export interface BlockPlan {
  /** Literal/length, distance and code-length code lengths sent (HLIT, HDIST, HCLEN). */
  litCount: number;
  distCount: number;
  clCount: number;
  /** Entries of the run-length-coded code lengths. */
  clSymbolCount: number;
  /** The block's exact size. */
  bits: number;
}

const plan: BlockPlan = { litCount: 0, distCount: 0, clCount: 0, clSymbolCount: 0, bits: 0 };

/**
 * Builds the codes for the given symbol frequencies (end of block included) and sizes the block.
 * The plan is reused by the next call, so write the block before planning another.
 */
export function planDynamicBlock(litFreq: Uint32Array, distFreq: Uint32Array): BlockPlan {
  codeLengths(litFreq, 286, 15, litLengths);
  codeLengths(distFreq, 30, 15, distLengths);
  let litCount = 286;
  while (litCount > 257 && litLengths[litCount - 1] === 0) litCount--;
  let distCount = 30;
  while (distCount > 1 && distLengths[distCount - 1] === 0) distCount--;

  // Run-length code the two length lists as one sequence, which the format allows: 16 repeats
  // the previous length 3-6 times, 17 and 18 stand for 3-10 and 11-138 zeros.
  const total = litCount + distCount;
  allLengths.set(litLengths.subarray(0, litCount));
  allLengths.set(distLengths.subarray(0, distCount), litCount);
  clFreq.fill(0);
  let clSymbolCount = 0;
  const emit = (symbol: number, extra: number): void => {
    clSymbols[clSymbolCount] = symbol;
    clExtra[clSymbolCount++] = extra;
    clFreq[symbol] = (clFreq[symbol] as number) + 1;
  };
  for (let i = 0; i < total; ) {
    const value = allLengths[i] as number;
    let run = 1;
    while (i + run < total && allLengths[i + run] === value) run++;
    i += run;
    if (value === 0) {
      for (; run >= 11; run -= Math.min(run, 138)) emit(18, Math.min(run, 138) - 11);
      if (run >= 3) {
        emit(17, run - 3);
        run = 0;
      }
    } else {
      emit(value, 0);
      for (run--; run >= 3; run -= Math.min(run, 6)) emit(16, Math.min(run, 6) - 3);
    }
    for (; run > 0; run--) emit(value, 0);
  }
  codeLengths(clFreq, 19, 7, clLengths);
  let clCount = 19;
  while (clCount > 4 && clLengths[CL_ORDER[clCount - 1] as number] === 0) clCount--;

  let bits = 3 + 5 + 5 + 4 + 3 * clCount;
  bits += 2 * (clFreq[16] as number) + 3 * (clFreq[17] as number) + 7 * (clFreq[18] as number);
  for (let s = 0; s < 19; s++) bits += (clFreq[s] as number) * (clLengths[s] as number);
  for (let s = 0; s < 257; s++) bits += (litFreq[s] as number) * (litLengths[s] as number);
  for (let s = 257; s < litCount; s++) {
    bits += (litFreq[s] as number) * ((litLengths[s] as number) + lengthExtra(s));
  }
  for (let c = 0; c < 30; c++) {
    bits += (distFreq[c] as number) * ((distLengths[c] as number) + distanceExtra(c));
  }
  canonicalCodes(litLengths, litCount, litEntries);
  canonicalCodes(distLengths, distCount, distEntries);
  canonicalCodes(clLengths, 19, clEntries);
  plan.litCount = litCount;
  plan.distCount = distCount;
  plan.clCount = clCount;
  plan.clSymbolCount = clSymbolCount;
  plan.bits = bits;
  return plan;
}

/**
 * Writes the planned block as the stream's final block (header, code lengths, tokens, end of
 * block) into `out` from `offset`, and returns the offset after its last byte. Tokens are as
 * deflate.ts makes them; spans refer to `source`.
 */
export function writeDynamicBlock(
  plan: BlockPlan,
  out: Uint8Array,
  offset: number,
  tokens: Int32Array,
  tokenCount: number,
  source: Uint8Array,
): number {
  const w = new BitWriter(out, offset);
  w.put(0b101, 3); // BFINAL = 1, BTYPE = 10 (dynamic Huffman)
  w.put(plan.litCount - 257, 5);
  w.put(plan.distCount - 1, 5);
  w.put(plan.clCount - 4, 4);
  for (let i = 0; i < plan.clCount; i++) w.put(clLengths[CL_ORDER[i] as number] as number, 3);
  for (let i = 0; i < plan.clSymbolCount; i++) {
    const s = clSymbols[i] as number;
    const entry = clEntries[s] as number;
    w.put(entry & 0xffff, entry >>> 16);
    if (s >= 16) w.put(clExtra[i] as number, s === 16 ? 2 : s === 17 ? 3 : 7);
  }
  for (let i = 0; i < tokenCount; i++) {
    const t = tokens[i] as number;
    if (t < 0) {
      // Spans of literals are most of the symbols, so their loop keeps the writer's state in
      // locals, and each literal's code and length come from one packed table entry.
      let { acc, pending, pos } = w;
      const start = tokens[++i] as number;
      for (let k = start, end = start - t; k < end; k++) {
        const entry = litEntries[source[k] as number] as number;
        acc |= (entry & 0xffff) << pending;
        pending += entry >>> 16;
        // Flush two bytes when 16 bits are ready, without a branch (whether they are depends on
        // the code lengths, which vary unpredictably): the stores always happen, and only count
        // when `full` is 1. A store past the end of `out` is ignored, and that position is
        // rewritten anyway if the output reaches it.
        const full = pending >>> 4;
        out[pos] = acc;
        out[pos + 1] = acc >>> 8;
        pos += 2 * full;
        acc >>>= 16 * full;
        pending -= 16 * full;
      }
      w.acc = acc;
      w.pending = pending;
      w.pos = pos;
    } else if (t < 256) {
      const entry = litEntries[t] as number;
      w.put(entry & 0xffff, entry >>> 16);
    } else {
      const length = (t & 511) - 253;
      const sym = lengthSymbol(length);
      const entry = litEntries[sym] as number;
      w.put(entry & 0xffff, entry >>> 16);
      w.put(length - lengthBase(sym), lengthExtra(sym));
      const distance = t >>> 9;
      const dc = distanceSymbol(distance);
      const distEntry = distEntries[dc] as number;
      w.put(distEntry & 0xffff, distEntry >>> 16);
      w.put(distance - distanceBase(dc), distanceExtra(dc));
    }
  }
  const end = litEntries[END_OF_BLOCK] as number;
  w.put(end & 0xffff, end >>> 16);
  return w.finish();
}
