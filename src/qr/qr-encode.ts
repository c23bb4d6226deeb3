import { addErrorCorrection } from "./qr-reed-solomon.ts";

// Turns a text into the final QR codeword sequence (data + Reed-Solomon, interleaved) at
// error-correction level M. Only level M is implemented because it is the only one Tostão uses
// (see qr-png.ts for why); that keeps the tables to one column.
//
// The output is bit-for-bit what the `qrcode` package produces when given the same segment list,
// which the tests check. The segmentation itself is our own: an optimal dynamic program over the
// three modes, instead of the package's graph search, because that search is a large part of its
// per-call cost.

// Per version 1..40 (index 0 unused): total codewords, EC codewords at level M, and EC blocks.
const TOTAL_CODEWORDS = [
  0, 26, 44, 70, 100, 134, 172, 196, 242, 292, 346, 404, 466, 532, 581, 655, 733, 815, 901, 991,
  1085, 1156, 1258, 1364, 1474, 1588, 1706, 1828, 1921, 2051, 2185, 2323, 2465, 2611, 2761, 2876,
  3034, 3196, 3362, 3532, 3706,
];
const EC_CODEWORDS_M = [
  0, 10, 16, 26, 36, 48, 64, 72, 88, 110, 130, 150, 176, 198, 216, 240, 280, 308, 338, 364, 416,
  442, 476, 504, 560, 588, 644, 700, 728, 784, 812, 868, 924, 980, 1036, 1064, 1120, 1204, 1260,
  1316, 1372,
];
const EC_BLOCKS_M = [
  0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25,
  26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
];

// Modes in the order used by every per-mode array below.
export const NUMERIC = 0;
export const ALPHANUMERIC = 1;
export const BYTE = 2;
export type SegmentMode = typeof NUMERIC | typeof ALPHANUMERIC | typeof BYTE;
const MODE_INDICATOR = [1, 2, 4];
// Character-count field widths for versions 1-9, 10-26 and 27-40. Given the capacities at level M
// no segment can overflow its count field, so lengths are never checked against these.
// Indexed [mode * 3 + group].
const COUNT_BITS = [10, 12, 14, 9, 11, 13, 8, 16, 16];
const GROUP_LAST_VERSION = [9, 26, 40];
// Bits for a trailing group of 0, 1 or 2 digits.
const NUMERIC_TAIL_BITS = [0, 4, 7];

/** A run of the input's UTF-8 bytes [start, end) encoded in one mode. */
export interface Segment {
  mode: SegmentMode;
  start: number;
  end: number;
}

export interface EncodedData {
  version: number;
  segments: Segment[];
  codewords: Uint8Array;
}

function dataCodewords(version: number): number {
  return at(TOTAL_CODEWORDS, version) - at(EC_CODEWORDS_M, version);
}

function totalCodewords(version: number): number {
  return at(TOTAL_CODEWORDS, version);
}

export function encodeData(bytes: Uint8Array): EncodedData {
  for (let group = 0; group < 3; group++) {
    const segments = planSegments(bytes, group);
    // Search from version 1, not from the group's first version, so the chosen version is the
    // smallest that fits these segments: the same rule `qrcode` applies to a segment list.
    for (let v = 1; v <= at(GROUP_LAST_VERSION, group); v++) {
      if (segmentBits(segments, v) <= dataCodewords(v) * 8) {
        return { version: v, segments, codewords: buildCodewords(bytes, segments, v) };
      }
    }
  }
  throw new RangeError(`text too long for a QR code (${bytes.length} bytes)`);
}

// Alphanumeric value of each ASCII byte, or -1; values 0-9 are exactly the digits.
const ALNUM_VALUE = buildAlnumTable();
function buildAlnumTable(): Int8Array {
  const table = new Int8Array(128).fill(-1);
  const chars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:";
  for (let i = 0; i < chars.length; i++) table[chars.charCodeAt(i)] = i;
  return table;
}

function alnumValue(byte: number): number {
  return byte < 128 ? (ALNUM_VALUE[byte] as number) : -1;
}

// Shortest-bitstream segmentation for one count-width group. Costs are in sixths of a bit so
// numeric (10 bits per 3 digits) and alphanumeric (11 bits per 2 chars) stay integral; a segment
// is rounded up to whole bits when it ends, which is exactly what its real encoding costs.
// cost[j] is the cheapest encoding of the prefix read so far that leaves a segment of mode j
// open; from[i*3+j] is the mode byte i was written in on that path.
function planSegments(bytes: Uint8Array, group: number): Segment[] {
  const n = bytes.length;
  const head = new Float64Array(3);
  for (let m = 0; m < 3; m++) head[m] = (4 + at(COUNT_BITS, m * 3 + group)) * 6;
  const from = new Int8Array(n * 3);
  const cost = head.slice();
  for (let i = 0; i < n; i++) {
    const v = alnumValue(bytes[i] as number);
    // Extend each open segment with this byte, where its mode can hold it.
    cost[NUMERIC] = v >= 0 && v < 10 ? (cost[NUMERIC] as number) + 20 : Infinity;
    cost[ALPHANUMERIC] = v >= 0 ? (cost[ALPHANUMERIC] as number) + 33 : Infinity;
    cost[BYTE] = (cost[BYTE] as number) + 48;
    // Or close the cheapest segment after this byte and open a new one: no other switch can win.
    let best = BYTE;
    for (let k = 0; k < 2; k++) if ((cost[k] as number) < (cost[best] as number)) best = k;
    const closed = ceil6(cost[best] as number);
    for (let j = 0; j < 3; j++) {
      const switched = closed + (head[j] as number);
      if (switched < (cost[j] as number)) {
        cost[j] = switched;
        from[i * 3 + j] = best;
      } else {
        from[i * 3 + j] = j;
      }
    }
  }
  let state = BYTE;
  for (let k = 0; k < 2; k++) if ((cost[k] as number) < (cost[state] as number)) state = k;
  const modes = new Int8Array(n);
  for (let i = n - 1; i >= 0; i--) {
    state = from[i * 3 + state] as number;
    modes[i] = state;
  }
  const segments: Segment[] = [];
  for (let i = 0; i < n; ) {
    const mode = modes[i] as SegmentMode;
    let end = i + 1;
    while (end < n && modes[end] === mode) end++;
    segments.push({ mode, start: i, end });
    i = end;
  }
  return segments;
}

function ceil6(sixths: number): number {
  return Math.ceil(sixths / 6) * 6;
}

function segmentBits(segments: Segment[], version: number): number {
  const group = version <= 9 ? 0 : version <= 26 ? 1 : 2;
  let bits = 0;
  for (const s of segments) {
    const len = s.end - s.start;
    bits += 4 + at(COUNT_BITS, s.mode * 3 + group);
    if (s.mode === NUMERIC) bits += 10 * Math.floor(len / 3) + at(NUMERIC_TAIL_BITS, len % 3);
    else if (s.mode === ALPHANUMERIC) bits += 11 * Math.floor(len / 2) + 6 * (len % 2);
    else bits += 8 * len;
  }
  return bits;
}

function buildCodewords(bytes: Uint8Array, segments: Segment[], version: number): Uint8Array {
  const capacity = dataCodewords(version);
  const data = new Uint8Array(capacity);
  // Bits are gathered in `acc` (fewer than 8 pending plus at most 16 new) and flushed by byte.
  let pos = 0;
  let acc = 0;
  let pending = 0;
  const put = (value: number, width: number): void => {
    acc = (acc << width) | value;
    pending += width;
    while (pending >= 8) {
      pending -= 8;
      data[pos++] = acc >>> pending;
    }
    acc &= (1 << pending) - 1;
  };
  const group = version <= 9 ? 0 : version <= 26 ? 1 : 2;
  for (const { mode, start, end } of segments) {
    put(at(MODE_INDICATOR, mode), 4);
    put(end - start, at(COUNT_BITS, mode * 3 + group));
    if (mode === BYTE) {
      for (let i = start; i < end; i++) put(bytes[i] as number, 8);
    } else if (mode === NUMERIC) {
      for (let i = start; i < end; i += 3) {
        const len = Math.min(3, end - i);
        let value = 0;
        for (let k = 0; k < len; k++) value = value * 10 + (bytes[i + k] as number) - 48;
        put(value, len * 3 + 1);
      }
    } else {
      for (let i = start; i < end; i += 2) {
        const first = alnumValue(bytes[i] as number);
        if (i + 1 < end) put(first * 45 + alnumValue(bytes[i + 1] as number), 11);
        else put(first, 6);
      }
    }
  }
  // Then the 4-bit terminator (or what fits of it) and zero bits to a byte boundary, then the
  // alternating pad codewords.
  const terminator = Math.min(4, capacity * 8 - pos * 8 - pending);
  put(0, terminator);
  if (pending > 0) put(0, 8 - pending);
  for (let k = 0; pos < capacity; k++) data[pos++] = k % 2 === 0 ? 0xec : 0x11;
  return addErrorCorrection(data, totalCodewords(version), at(EC_BLOCKS_M, version));
}

// Reads from tables at indices the code has already bounded; noUncheckedIndexedAccess cannot see
// that. Hot loops cast inline instead, so each read site keeps its own monomorphic type feedback.
function at(values: ArrayLike<number>, index: number): number {
  return values[index] as number;
}
