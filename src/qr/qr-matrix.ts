import { encodeData, type Segment } from "./qr-encode.ts";
import { fillColumns, maskedPenalty, wordsPerLine } from "./qr-penalty.ts";
import { template } from "./qr-template.ts";

// Lays the codewords into the module grid and picks the data mask. Everything that depends only on
// the version (function patterns, the zig-zag placement order, the eight mask-plus-format
// overlays) is built once per version and cached (qr-template.ts), so a call does one placement
// pass straight into the bit-packed form the penalty reads, eight scorings of it (qr-penalty.ts)
// and one final XOR. The scoring replicates the `qrcode` package's penalty rules, including its
// tie-break (lowest mask number wins), so both produce identical symbols.

export interface QrMatrix {
  version: number;
  /** Modules per side: 4 * version + 17. */
  size: number;
  mask: number;
  /**
   * The modules bit-packed by row, 1 = dark: wordsPerLine(size) 32-bit words per row, column c
   * in bit c % 32 of word c / 32, unused high bits 0.
   */
  rows: Int32Array;
  /** size * size modules, row-major, 1 = dark: `rows` unpacked, on first use. */
  readonly modules: Uint8Array;
  /** How the text's UTF-8 bytes were split into modes. */
  segments: Segment[];
}

// The PNG writer reads the packed rows, so the byte grid is only built for callers that ask.
class Matrix implements QrMatrix {
  private unpacked: Uint8Array | undefined;

  constructor(
    readonly version: number,
    readonly size: number,
    readonly mask: number,
    readonly rows: Int32Array,
    readonly segments: Segment[],
  ) {}

  get modules(): Uint8Array {
    if (!this.unpacked) {
      const { size, rows } = this;
      const words = wordsPerLine(size);
      this.unpacked = new Uint8Array(size * size);
      for (let row = 0; row < size; row++) {
        for (let col = 0; col < size; col++) {
          const word = rows[row * words + (col >>> 5)] as number;
          this.unpacked[row * size + col] = (word >>> (col & 31)) & 1;
        }
      }
    }
    return this.unpacked;
  }
}

export function encodeQrMatrix(text: string): QrMatrix {
  if (text.length === 0) throw new RangeError("cannot encode an empty text as a QR code");
  const { version, codewords, segments } = encodeData(Buffer.from(text, "utf8"));
  const t = template(version);
  const { size, rowBit } = t;
  // Codeword bits go straight into the bit-packed rows the penalty reads, and the columns follow
  // by bit-matrix transposition; the byte grid is only built if asked for. Set bits are ORed in
  // without a branch on the bit, which would mispredict about half the time. Data modules past
  // the codewords (0-7 remainder bits) stay light, as the standard requires.
  const packed = t.packedBase.slice();
  for (let i = 0; i < codewords.length; i++) {
    const byte = codewords[i] as number;
    for (let k = 0; k < 8; k++) {
      const r = rowBit[i * 8 + k] as number;
      packed[r >>> 5] = (packed[r >>> 5] as number) | (((byte >>> (7 - k)) & 1) << (r & 31));
    }
  }
  fillColumns(packed, size);
  let bestMask = 0;
  let bestPenalty = Infinity;
  for (let mask = 0; mask < 8; mask++) {
    // A later mask wins only with a strictly lower penalty (the lowest mask number wins ties), so
    // its scoring can stop as soon as it reaches the best so far.
    const score = maskedPenalty(packed, t.packedOverlays[mask] as Int32Array, size, bestPenalty);
    if (score < bestPenalty) {
      bestPenalty = score;
      bestMask = mask;
    }
  }
  const overlay = t.packedOverlays[bestMask] as Int32Array;
  // Rows come first in the packed form; the columns after them are no longer needed.
  const rows = new Int32Array(size * wordsPerLine(size));
  for (let i = 0; i < rows.length; i++) rows[i] = (packed[i] as number) ^ (overlay[i] as number);
  return new Matrix(version, size, bestMask, rows, segments);
}
