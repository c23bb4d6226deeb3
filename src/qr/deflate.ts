import { planDynamicBlock, writeDynamicBlock } from "./deflate-block.ts";
import { distanceSymbol, lengthSymbol } from "./deflate-symbols.ts";

// A zlib stream (RFC 1950) written from literals and copies the caller has already chosen. A
// general compressor such as zlib.deflateSync has to search every input byte for matches, and sets
// up some 300 KB of state per call to do it. Callers that know where their data repeats
// (png-idat.ts: PNG rows repeated under the "Up" filter) can say so directly, and never have to
// materialise or scan the repeated bytes. The output is a single dynamic-Huffman block
// (RFC 1951), whose code is fitted to the symbols actually used.

const MAX_MATCH = 258;
const MAX_DISTANCE = 32768;

/**
 * Collects a zlib stream's content as literals and copies. Literals are mostly spans of one
 * source array, which is only read again when the stream is finished, so nothing is copied.
 * Reusable: `reset` starts a new stream and keeps the buffers, so a long-lived instance allocates
 * nothing per stream but the output.
 */
export class ZlibWriter {
  // Tokens: a literal byte (0..255); a copy, distance << 9 | (256 + length - 3); or a span of the
  // source, minus its length followed by its start.
  private tokens = new Int32Array(1024);
  private count = 0;
  private source: Uint8Array = new Uint8Array(0);
  private readonly litFreq = new Uint32Array(286);
  private readonly distFreq = new Uint32Array(30);
  /** Uncompressed bytes so far, to check that copies only reach back into the stream. */
  private written = 0;
  // Copies are held back so that consecutive ones at the same distance merge into one run.
  private pendingLength = 0;
  private pendingDistance = 0;

  /** Starts a stream whose spans come from `source`, which must not change until `finish`. */
  reset(source: Uint8Array): void {
    this.source = source;
    this.count = 0;
    this.litFreq.fill(0);
    this.distFreq.fill(0);
    this.written = 0;
    this.pendingLength = 0;
  }

  /** Appends one byte, which need not be in the source, as a literal. */
  literal(byte: number): void {
    if (!(Number.isInteger(byte) && byte >= 0 && byte <= 255)) {
      throw new RangeError(`literal must be a byte, got ${byte}`);
    }
    if (this.pendingLength > 0) this.flushCopy();
    this.push(byte);
    this.litFreq[byte] = (this.litFreq[byte] as number) + 1;
    this.written++;
  }

  /** Appends source[start..end) as literals. */
  literals(start: number, end: number): void {
    if (end <= start) return;
    if (
      !(Number.isInteger(start) && Number.isInteger(end) && start >= 0 && end <= this.source.length)
    ) {
      throw new RangeError(`span ${start}..${end} is outside the source`);
    }
    if (this.pendingLength > 0) this.flushCopy();
    this.push(start - end);
    this.push(start);
    const { source, litFreq } = this;
    for (let i = start; i < end; i++) {
      const byte = source[i] as number;
      litFreq[byte] = (litFreq[byte] as number) + 1;
    }
    this.written += end - start;
  }

  /** Repeats the `length` bytes starting `distance` back; they may overlap what is being written. */
  copy(length: number, distance: number): void {
    const valid =
      Number.isInteger(length) &&
      Number.isInteger(distance) &&
      length >= 3 &&
      distance >= 1 &&
      distance <= MAX_DISTANCE &&
      distance <= this.written;
    if (!valid) {
      throw new RangeError(`invalid copy of ${length} bytes from ${distance} back`);
    }
    if (this.pendingLength > 0 && distance !== this.pendingDistance) this.flushCopy();
    this.pendingLength += length;
    this.pendingDistance = distance;
    this.written += length;
  }

  /** The finished zlib stream; `adler` is the Adler-32 of everything written (see adler32). */
  finish(adler: number): Buffer {
    if (this.pendingLength > 0) this.flushCopy();
    this.litFreq[256] = 1; // end of block
    const plan = planDynamicBlock(this.litFreq, this.distFreq);
    const out = Buffer.allocUnsafe(2 + Math.ceil(plan.bits / 8) + 4);
    // CMF 0x78: deflate with a 32 KB window. FLG 0x01: no preset dictionary, "fastest" level, and
    // the check bits that make CMF * 256 + FLG a multiple of 31.
    out[0] = 0x78;
    out[1] = 0x01;
    const end = writeDynamicBlock(plan, out, 2, this.tokens, this.count, this.source);
    out.writeUInt32BE(adler >>> 0, end);
    this.source = new Uint8Array(0);
    return out;
  }

  // Emits the pending run as copies of at most 258 bytes, never leaving a remainder under 3.
  private flushCopy(): void {
    let left = this.pendingLength;
    this.pendingLength = 0;
    const distance = this.pendingDistance;
    const dc = distanceSymbol(distance);
    while (left > 0) {
      const length = left <= MAX_MATCH ? left : left - MAX_MATCH < 3 ? left - 3 : MAX_MATCH;
      this.push((distance << 9) | (253 + length));
      const lc = lengthSymbol(length);
      this.litFreq[lc] = (this.litFreq[lc] as number) + 1;
      this.distFreq[dc] = (this.distFreq[dc] as number) + 1;
      left -= length;
    }
  }

  private push(token: number): void {
    if (this.count === this.tokens.length) {
      const bigger = new Int32Array(2 * this.tokens.length);
      bigger.set(this.tokens);
      this.tokens = bigger;
    }
    this.tokens[this.count++] = token;
  }
}

/**
 * Adler-32 (RFC 1950) of data[start..end), continuing from `adler` (1 for a fresh checksum, which
 * is the default).
 */
export function adler32(data: Uint8Array, adler = 1, start = 0, end = data.length): number {
  let a = adler & 0xffff;
  let b = adler >>> 16;
  // Reducing every 5552 bytes, as zlib does, keeps the sums in V8's fast small-integer range.
  for (let from = start; from < end; from += 5552) {
    const to = Math.min(from + 5552, end);
    for (let i = from; i < to; i++) {
      a += data[i] as number;
      b += a;
    }
    a %= 65521;
    b %= 65521;
  }
  return ((b << 16) | a) >>> 0;
}
