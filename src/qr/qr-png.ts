import { encodeGray1Png } from "./png.ts";
import { encodeQrMatrix, type QrMatrix } from "./qr-matrix.ts";
import { wordsPerLine } from "./qr-penalty.ts";

// QR code -> PNG, some 80 times faster than the `qrcode` package's toDataURL (bench/qr.ts). The
// symbol comes from our own encoder (qr-matrix.ts), which is tested to be module-for-module
// identical to `qrcode`'s for the same segments, and the PNG is written as a 1-bit grayscale
// image instead of going through 8-bit RGBA. Only one pixel row per module row is built; the PNG
// writer repeats it `scale` times (png.ts, as filter-Up rows that compress to almost nothing).
//
// Error correction is fixed at level M (~15% of codewords recoverable). PIX BR Codes and bitcoin
// URIs are shown on phone screens and printed on receipts, where glare, smudges and creases are
// common, so L (~7%) is thin; Q and H buy robustness with more modules, and at a fixed display
// size more modules means smaller ones that phone cameras resolve less reliably. H mostly exists
// to survive a logo pasted over the symbol, which we don't do. M is also `qrcode`'s default.

export interface QrPngOptions {
  /** Pixels per module, an integer in 1..16. Default 4, the same as `qrcode`'s default. */
  scale?: number;
  /** Quiet zone in modules, an integer in 0..16. Default 4, the minimum the QR standard asks. */
  margin?: number;
}

/** The QR code for `text` as PNG file bytes. */
export function renderQrPng(text: string, opts: QrPngOptions = {}): Buffer {
  const scale = checkedOption("scale", opts.scale, 4, 1, 16);
  const margin = checkedOption("margin", opts.margin, 4, 0, 16);
  const matrix = encodeQrMatrix(text);
  const width = (matrix.size + 2 * margin) * scale;
  return encodeGray1Png(width, moduleRows(matrix, scale, margin), scale);
}

/** The same PNG as a `data:image/png;base64,...` URL, ready for an <img src>. */
export function qrPngDataUrl(text: string, opts: QrPngOptions = {}): string {
  return `data:image/png;base64,${renderQrPng(text, opts).toString("base64")}`;
}

function checkedOption(
  name: string,
  value: number | undefined,
  fallback: number,
  min: number,
  max: number,
): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${name} must be an integer in ${min}..${max}, got ${value}`);
  }
  return value;
}

// One pixel row per module row, quiet zone included (the PNG writer repeats each `scale` times):
// ceil(width / 8) bytes, 1 = white. The modules come from the symbol's bit-packed rows several at
// a time, each chunk widened to pixels by one table lookup; the quiet zone and the unused low bits
// of each row's last byte are white.
function moduleRows(matrix: QrMatrix, scale: number, margin: number): Uint8Array {
  const { size, rows } = matrix;
  const words = wordsPerLine(size);
  const span = size + 2 * margin;
  const rowBytes = Math.ceil((span * scale) / 8);
  const out = new Uint8Array(span * rowBytes).fill(0xff);
  const { chunk, pixels } = expansion(scale);
  for (let r = 0; r < size; r++) {
    // Pixel bits wait in `acc` until they fill bytes: at most 7 left over plus a 24-bit chunk.
    let acc = 0;
    let pending = 0;
    let p = (margin + r) * rowBytes;
    for (let left = margin * scale; left > 0; left -= 24) {
      const n = Math.min(24, left);
      acc = (acc << n) | ((1 << n) - 1);
      pending += n;
      for (; pending >= 8; pending -= 8) out[p++] = acc >>> (pending - 8);
      acc &= (1 << pending) - 1;
    }
    for (let c = 0; c < size; c += chunk) {
      const n = Math.min(chunk, size - c);
      const w = r * words + (c >>> 5);
      const shift = c & 31;
      let bits = (rows[w] as number) >>> shift;
      if (shift + n > 32) bits |= (rows[w + 1] as number) << (32 - shift);
      // A short last chunk looks up as if padded with light modules, and drops their pixels.
      acc =
        (acc << (n * scale)) |
        ((pixels[bits & ((1 << n) - 1)] as number) >>> ((chunk - n) * scale));
      pending += n * scale;
      for (; pending >= 8; pending -= 8) out[p++] = acc >>> (pending - 8);
      acc &= (1 << pending) - 1;
    }
    // The right quiet zone and the padding are white, as `out` already is.
    if (pending > 0) out[p] = (acc << (8 - pending)) | ((1 << (8 - pending)) - 1);
  }
  return out;
}

interface Expansion {
  /** Modules per lookup: at most 8, and at most 24 pixel bits. */
  chunk: number;
  /**
   * Entry b: the pixels of `chunk` modules whose colours are the bits of b (first module in bit
   * 0, 1 = dark), `scale` bits each, first module most significant, 1 = white.
   */
  pixels: Int32Array;
}

// Built on first use per scale.
const expansions = new Map<number, Expansion>();
function expansion(scale: number): Expansion {
  let e = expansions.get(scale);
  if (!e) {
    const chunk = Math.min(8, Math.floor(24 / scale));
    const pixels = new Int32Array(1 << chunk);
    for (let b = 0; b < pixels.length; b++) {
      let v = 0;
      for (let k = 0; k < chunk; k++)
        v = (v << scale) | (((b >>> k) & 1) === 1 ? 0 : (1 << scale) - 1);
      pixels[b] = v;
    }
    e = { chunk, pixels };
    expansions.set(scale, e);
  }
  return e;
}
