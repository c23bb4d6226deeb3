// The zlib stream of a scaled 1-bit image's scanlines, written without zlib: a QR code's
// scanlines are known in shape before they exist (each module row once with filter None, then
// `repeat - 1` rows of filter Up and zeros), so the stream is written from the distinct rows
// alone, with one DEFLATE block whose Huffman code is a constant made for such rows. At scale 4
// every byte of a row is one of four values (two modules), which the code gives 2-3 bits; every
// repeat block after the first is one copy of the block before it, and a row equal to the one
// above (the quiet zone) is one copy of its whole group. node:zlib did the same work in 25-60 µs
// per image, most of it making and freeing a stream's native state (decision 0003); this writes
// an image in a few µs. The output is checked by zlib.inflateSync in the tests (qr-png.test.ts).

// --- The constant code (RFC 1951 section 3.2.7) -------------------------------------------

/** Literal/length code lengths (286 symbols). Complete: the Kraft sum is exactly 1. */
const LIT_LENGTHS = new Uint8Array(286);
/** Distance code lengths (30 symbols): 13 and 14 (distances 97-192) at 4 bits, the rest at 5. */
const DIST_LENGTHS = new Uint8Array(30).fill(5);
{
  // Measured on BR Code images at scale 4: 0xFF (two light modules, and the quiet zone) is 45 % of
  // a row's bytes, 0x0F, 0x00 and 0xF0 15-22 % each: 1 bit and 3 bits. Filter Up (once per pixel
  // row, mostly inside copies) 6 bits, the 29 length codes 9, end of block 12, and the other 251
  // bytes (other scales and margins) 12 or 13 bits: 179 at 12 and 72 at 13 make the sum exactly 1.
  LIT_LENGTHS.fill(13, 0, 256);
  let twelves = 0;
  for (let b = 0; b < 256 && twelves < 179; b++) {
    if (b !== 0xff && b !== 0x0f && b !== 0x00 && b !== 0xf0 && b !== 0x02) {
      LIT_LENGTHS[b] = 12;
      twelves++;
    }
  }
  LIT_LENGTHS[0xff] = 1;
  LIT_LENGTHS[0x0f] = 3;
  LIT_LENGTHS[0x00] = 3;
  LIT_LENGTHS[0xf0] = 3;
  LIT_LENGTHS[0x02] = 6;
  LIT_LENGTHS[256] = 12;
  for (let s = 257; s < 286; s++) LIT_LENGTHS[s] = 9;
  // Copies of the repeat block (and whole groups) are `repeat` pixel rows back: 120-132 bytes for
  // BR Codes at scale 4.
  DIST_LENGTHS[13] = 4;
  DIST_LENGTHS[14] = 4;
  if (kraft(LIT_LENGTHS) !== 1 || kraft(DIST_LENGTHS) !== 1) throw new Error("incomplete code");
}

function kraft(lengths: Uint8Array): number {
  let sum = 0;
  for (const l of lengths) if (l > 0) sum += 2 ** -l;
  return sum;
}

/** Canonical Huffman codes for `lengths`, bit-reversed (DEFLATE sends them first bit first). */
function codesOf(lengths: Uint8Array): Uint16Array {
  const count = new Uint16Array(16);
  for (const l of lengths) count[l] = (count[l] as number) + 1;
  count[0] = 0;
  const next = new Uint16Array(16);
  for (let bits = 1, code = 0; bits < 16; bits++) {
    code = (code + (count[bits - 1] as number)) << 1;
    next[bits] = code;
  }
  const codes = new Uint16Array(lengths.length);
  lengths.forEach((len, s) => {
    if (len === 0) return;
    const code = next[len] as number;
    next[len] = code + 1;
    let rev = 0;
    for (let i = 0; i < len; i++) rev |= ((code >>> i) & 1) << (len - 1 - i);
    codes[s] = rev;
  });
  return codes;
}
const LIT_CODES = codesOf(LIT_LENGTHS);
const DIST_CODES = codesOf(DIST_LENGTHS);

// Length 3..258 and distance 1..32768 as (symbol, extra bits, extra value), RFC 1951 3.2.5.
const LEN_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131,
  163, 195, 227, 258,
];
const LEN_EXTRA = [
  0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
];
const DIST_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049,
  3073, 4097, 6145, 8193, 12289, 16385, 24577,
];
const DIST_EXTRA = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
];
const LEN_SYMBOL = new Uint8Array(259);
for (let i = 0; i < 29; i++) {
  const end = i < 28 ? (LEN_BASE[i + 1] as number) : 259;
  for (let l = LEN_BASE[i] as number; l < end; l++) LEN_SYMBOL[l] = i;
}

// The block's header: the code lengths, run-length coded with a code-length code of its own,
// written once here as (bits, count) pairs and replayed at the start of every image.
const HEADER: number[] = [];
{
  const all = [...LIT_LENGTHS, ...DIST_LENGTHS];
  // Runs of one length as the length then symbol 16 (repeat 3-6 times); nothing is 0.
  const symbols: Array<[symbol: number, extraBits: number, extra: number]> = [];
  for (let i = 0; i < all.length; ) {
    const l = all[i] as number;
    let run = 1;
    while (i + run < all.length && all[i + run] === l) run++;
    symbols.push([l, 0, 0]);
    let left = run - 1;
    while (left >= 3) {
      const n = Math.min(6, left);
      symbols.push([16, 2, n - 3]);
      left -= n;
    }
    for (; left > 0; left--) symbols.push([l, 0, 0]);
    i += run;
  }
  // The code-length code: every symbol used gets 4 bits except 16 (most used), which gets 2,
  // padded to a complete code with unused symbols.
  const clLengths = new Uint8Array(19);
  const used = new Set(symbols.map((s) => s[0]));
  clLengths[16] = 2;
  let room = 1 - 1 / 4;
  for (const s of [...used].filter((u) => u !== 16).sort((a, b) => a - b)) {
    clLengths[s] = 4;
    room -= 1 / 16;
  }
  for (let s = 0; s < 19 && room > 0; s++) {
    if (clLengths[s] === 0) {
      clLengths[s] = 4;
      room -= 1 / 16;
    }
  }
  if (room !== 0) throw new Error("code-length code is not complete");
  const clCodes = codesOf(clLengths);
  const ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];
  HEADER.push(1, 1, 2, 2); // BFINAL, BTYPE 2 (dynamic Huffman)
  HEADER.push(286 - 257, 5, 30 - 1, 5, 19 - 4, 4);
  for (const s of ORDER) HEADER.push(clLengths[s] as number, 3);
  for (const [s, eb, ev] of symbols) {
    HEADER.push(clCodes[s] as number, clLengths[s] as number);
    if (eb > 0) HEADER.push(ev, eb);
  }
}

// --- The writer -----------------------------------------------------------------------------

// One output buffer, reused (grown when an image needs more): the stream is copied out at the end.
let out = new Uint8Array(4096);
let at = 0;
let acc = 0;
let pending = 0;

function put(bits: number, count: number): void {
  acc |= bits << pending;
  pending += count;
  while (pending >= 8) {
    out[at++] = acc & 0xff;
    acc >>>= 8;
    pending -= 8;
  }
}
const literal = (b: number) => put(LIT_CODES[b] as number, LIT_LENGTHS[b] as number);

/** A copy of `length` bytes from `distance` back, in pieces of 3..258. */
function copy(length: number, distance: number): void {
  let d = 0;
  while (d < 29 && (DIST_BASE[d + 1] as number) <= distance) d++;
  for (let left = length; left > 0; ) {
    const n = left <= 258 ? left : left - 258 >= 3 ? 258 : left - 3;
    const s = LEN_SYMBOL[n] as number;
    put(LIT_CODES[257 + s] as number, 9);
    if ((LEN_EXTRA[s] as number) > 0) put(n - (LEN_BASE[s] as number), LEN_EXTRA[s] as number);
    put(DIST_CODES[d] as number, DIST_LENGTHS[d] as number);
    if ((DIST_EXTRA[d] as number) > 0)
      put(distance - (DIST_BASE[d] as number), DIST_EXTRA[d] as number);
    left -= n;
  }
}

const ADLER = 65521;

/**
 * The zlib stream (RFC 1950) of `rows` (distinct rows of `rowBytes` bytes) as PNG scanlines:
 * each row with filter None, then `repeat - 1` rows with filter Up and zeros.
 */
export function deflateRepeatedRows(rows: Uint8Array, rowBytes: number, repeat: number): Buffer {
  const stride = rowBytes + 1;
  const group = stride * repeat;
  const count = rows.length / rowBytes;
  // Worst case: 12 bits a byte of every row, the repeats and copies, the header: 2 bytes a byte.
  const bound = 64 + HEADER.length + count * (2 * rowBytes + 16 + 4 * Math.ceil(group / 256));
  if (out.length < bound) out = new Uint8Array(bound);
  at = 0;
  acc = 0;
  pending = 0;
  out[at++] = 0x78; // CMF: deflate, 32 KB window
  out[at++] = 0x01; // FLG: no dictionary, check bits
  for (let i = 0; i < HEADER.length; i += 2) put(HEADER[i] as number, HEADER[i + 1] as number);
  // Copies need at least 3 bytes: rows under 3 bytes are written as literals throughout.
  const copies = rowBytes >= 3;
  let a = 1;
  let b = 0;
  for (let r = 0; r < count; r++) {
    const start = r * rowBytes;
    let same = copies && r > 0;
    for (let i = 0; same && i < rowBytes; i++)
      same = rows[start + i] === rows[start - rowBytes + i];
    if (same) {
      copy(group, group);
    } else {
      literal(0);
      for (let i = 0; i < rowBytes; i++) literal(rows[start + i] as number);
      if (repeat > 1) {
        if (copies && r > 0) {
          copy(group - stride, group);
        } else {
          // The first repeat as a 2 and zeros (a 0 and a copy of it), the others copies of it.
          for (let k = 1; k < repeat; k++) {
            if (copies && k === 2) {
              copy(stride * (repeat - 2), stride);
              break;
            }
            literal(2);
            if (rowBytes >= 4) {
              literal(0);
              copy(rowBytes - 1, 1);
            } else {
              for (let i = 0; i < rowBytes; i++) literal(0);
            }
          }
        }
      }
    }
    // Adler-32 of the group: the row's filter byte (0) and bytes, then per repeat a 2 and zeros.
    b += a;
    for (let i = 0; i < rowBytes; i++) {
      a += rows[start + i] as number;
      b += a;
    }
    for (let k = 1; k < repeat; k++) {
      a += 2;
      b += a * stride;
    }
    a %= ADLER;
    b %= ADLER;
  }
  put(LIT_CODES[256] as number, LIT_LENGTHS[256] as number);
  if (pending > 0) put(0, 8 - pending);
  out[at++] = b >>> 8;
  out[at++] = b & 0xff;
  out[at++] = a >>> 8;
  out[at++] = a & 0xff;
  return Buffer.from(out.subarray(0, at));
}
