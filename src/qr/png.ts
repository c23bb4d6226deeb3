import * as zlib from "node:zlib";
import { deflateRepeatedRows } from "./png-deflate.ts";

// A minimal PNG writer for 1-bit grayscale images (color type 0, bit depth 1): signature, IHDR,
// one IDAT, IEND. That is all a QR code needs, and it is far cheaper than a general encoder that
// works on 8-bit RGBA pixels: a 1-bit row is 32 times smaller before compression even starts. The
// IDAT is written from the distinct rows by png-deflate.ts, without building the scanlines or
// calling zlib (decision 0003: node:zlib's per-call native state was most of an image's cost).

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Writes a 1-bit grayscale PNG (0 = black, 1 = white), `width` pixels wide. `rows` holds the
 * image's distinct pixel rows, ceil(width / 8) bytes each, most significant bit first, and each is
 * shown `repeat` times, so the image is rows.length / ceil(width / 8) * repeat pixels high.
 */
export function encodeGray1Png(width: number, rows: Uint8Array, repeat = 1): Buffer {
  const rowBytes = Math.ceil(width / 8);
  if (!Number.isInteger(width) || width < 1 || rows.length === 0 || rows.length % rowBytes !== 0) {
    throw new RangeError(`expected whole rows of ${rowBytes} bytes, got ${rows.length} bytes`);
  }
  if (!Number.isInteger(repeat) || repeat < 1) {
    throw new RangeError(`repeat must be a positive integer, got ${repeat}`);
  }
  const height = (rows.length / rowBytes) * repeat;
  // Each distinct row with filter None, each repeat with filter Up and zeros (the same bytes as
  // the row above), which compress to almost nothing.
  const idat = deflateRepeatedRows(rows, rowBytes, repeat);
  // Each chunk is length (4) + type (4) + data + CRC (4); IHDR data is 13 bytes.
  const png = Buffer.allocUnsafe(PNG_SIGNATURE.length + 25 + 12 + idat.length + 12);
  PNG_SIGNATURE.copy(png, 0);
  let offset = PNG_SIGNATURE.length;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 1; // bit depth
  // Bytes 9-12 stay 0: color type grayscale, deflate compression, adaptive filtering, no interlace.
  offset = writeChunk(png, offset, "IHDR", ihdr);
  offset = writeChunk(png, offset, "IDAT", idat);
  writeChunk(png, offset, "IEND", Buffer.alloc(0));
  return png;
}

function writeChunk(png: Buffer, offset: number, type: string, data: Uint8Array): number {
  png.writeUInt32BE(data.length, offset);
  png.write(type, offset + 4, "latin1");
  png.set(data, offset + 8);
  const end = offset + 8 + data.length;
  // The CRC covers the type and the data, not the length.
  png.writeUInt32BE(crc32(png.subarray(offset + 4, end)), end);
  return end + 4;
}

/** CRC-32 (ISO-HDLC, as PNG and zlib use it), unsigned. */
export function crc32(data: Uint8Array): number {
  // zlib.crc32 appeared in Node 20.15 / 22.2; older runtimes get the table version.
  return typeof zlib.crc32 === "function" ? zlib.crc32(data) >>> 0 : crc32Table(data);
}

let table: Uint32Array | undefined;

/** Byte-at-a-time table CRC-32: the fallback for runtimes without zlib.crc32. */
export function crc32Table(data: Uint8Array): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < data.length; i++) {
    crc = (table[(crc ^ (data[i] as number)) & 0xff] as number) ^ (crc >>> 8);
  }
  return (crc ^ 0xffffffff) >>> 0;
}
