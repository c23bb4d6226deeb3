import * as zlib from "node:zlib";
import { encodeGray1Png } from "./png.ts";
import { encodeQrMatrix, type QrMatrix } from "./qr-matrix.ts";

// QR code -> PNG, some 40 times faster than the `qrcode` package's toDataURL (bench/qr.ts). The
// symbol comes from our own encoder (qr-matrix.ts), which is tested to be module-for-module
// identical to `qrcode`'s for the same segments, and the PNG is written as a 1-bit grayscale
// image instead of going through 8-bit RGBA.
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

// IDAT compression. Each module row is written once and its repeats as PNG "Up" rows, which are
// all zero bytes, so there is little for deflate to search. Measured on BR Codes and a bitcoin URI
// (bench/qr.ts prints the table): levels 1-3 take ~12 us and give ~595-645 bytes; level 6 with the
// Z_FILTERED strategy (which prefers Huffman-coding literals to short matches, a good fit for
// module patterns) takes ~24 us and gives ~475 bytes; level 9 only adds time. Once the whole image
// costs well under 0.1 ms, the 20% smaller output, paid for on every response that embeds the
// data URL, is worth more than ~12 us of CPU next to a charge's database work.
const DEFLATE = { level: 6, strategy: zlib.constants.Z_FILTERED } as const;

// PNG filter-type bytes that start each scanline: None (bytes as they are) and Up (each byte is
// the difference from the byte above).
const FILTER_NONE = 0;
const FILTER_UP = 2;

/** The QR code for `text` as PNG file bytes. */
export function renderQrPng(text: string, opts: QrPngOptions = {}): Buffer {
  const scale = checkedOption("scale", opts.scale, 4, 1, 16);
  const margin = checkedOption("margin", opts.margin, 4, 0, 16);
  const matrix = encodeQrMatrix(text);
  const width = (matrix.size + 2 * margin) * scale;
  return encodeGray1Png(width, width, scanlines(matrix, scale, margin), DEFLATE);
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

// The uncompressed IDAT payload: for each pixel row a filter byte and the row's bits (1 = white,
// so dark modules are 0 bits). The first pixel row of each module row is stored plainly; its
// scale - 1 repeats use the Up filter, whose bytes are all zero (already so in a fresh array).
// Rows of the quiet zone are all white, and so are the unused low bits of each row's last byte.
function scanlines(matrix: QrMatrix, scale: number, margin: number): Uint8Array {
  const { size, modules } = matrix;
  const span = size + 2 * margin;
  const width = span * scale;
  const stride = 1 + Math.ceil(width / 8);
  const out = new Uint8Array(stride * width);
  const ones = (1 << scale) - 1;
  for (let y = 0; y < span; y++) {
    const first = y * scale * stride;
    out[first] = FILTER_NONE;
    const r = y - margin;
    if (r < 0 || r >= size) {
      out.fill(0xff, first + 1, first + stride);
    } else {
      // Pack module colours `scale` bits at a time; at most 7 bits wait in `acc` between bytes.
      let acc = 0;
      let pending = 0;
      let p = first + 1;
      for (let x = 0; x < span; x++) {
        const c = x - margin;
        const light = c < 0 || c >= size ? 1 : 1 - (modules[r * size + c] as number);
        acc = (acc << scale) | (light * ones);
        pending += scale;
        while (pending >= 8) {
          pending -= 8;
          out[p++] = acc >>> pending;
        }
        acc &= (1 << pending) - 1;
      }
      if (pending > 0) out[p] = (acc << (8 - pending)) | ((1 << (8 - pending)) - 1);
    }
    for (let k = 1; k < scale; k++) out[first + k * stride] = FILTER_UP;
  }
  return out;
}
