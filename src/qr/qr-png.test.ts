import assert from "node:assert/strict";
import { describe, it } from "node:test";
import * as zlib from "node:zlib";
import fc from "fast-check";
import jsqr from "jsqr";
import { PNG } from "pngjs";
import { crc32, crc32Table, PNG_SIGNATURE } from "./png.ts";
import { encodeQrMatrix } from "./qr-matrix.ts";
import { qrPngDataUrl, renderQrPng } from "./qr-png.ts";

// Well-formed BR Codes (field lengths and CRC16 check valid).
const BR_CODES = [
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D",
  // Dynamic charge (location URL), amount, long merchant name.
  "00020101021226810014br.gov.bcb.pix2559pix.example.com/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca255204000053039865406123.455802BR5925TOSTAO PAGAMENTOS LTDA ME6009SAO PAULO61080540900062070503***63044ED6",
  // E-mail key with a free-text description.
  "00020126640014br.gov.bcb.pix0120pagamentos@tostao.io0218Pedido 4521 - cafe520400005303986540510.005802BR5906Tostao6014RIO DE JANEIRO62140510PEDIDO45216304F21D",
];
const BITCOIN_URI =
  "bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.00123&label=Tostao&message=Pedido%204521";

function decode(png: Buffer): string | undefined {
  const image = PNG.sync.read(png);
  const rgba = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);
  // jsqr is CommonJS whose typings declare an ES default export; under NodeNext the default
  // import is module.exports, and the function is also its own `.default`.
  return jsqr.default(rgba, image.width, image.height)?.data;
}

interface Chunk {
  type: string;
  data: Buffer;
  crc: number;
  crcInput: Buffer;
}

function chunks(png: Buffer): Chunk[] {
  const out: Chunk[] = [];
  for (let offset = PNG_SIGNATURE.length; offset < png.length; ) {
    const length = png.readUInt32BE(offset);
    const crcInput = png.subarray(offset + 4, offset + 8 + length);
    out.push({
      type: crcInput.subarray(0, 4).toString("latin1"),
      data: crcInput.subarray(4),
      crc: png.readUInt32BE(offset + 8 + length),
      crcInput,
    });
    offset += 12 + length;
  }
  return out;
}

// The rendered image's pixels (0 dark, 255 light) beside what the matrix says they must be:
// each module a scale x scale block, inside a light quiet zone `margin` modules wide.
function pixelsAndModules(text: string, scale: number, margin: number) {
  const { size, modules } = encodeQrMatrix(text);
  const image = PNG.sync.read(renderQrPng(text, { scale, margin }));
  const side = (size + 2 * margin) * scale;
  assert.equal(image.width, side);
  assert.equal(image.height, side);
  const expected = new Uint8Array(side * side);
  const actual = new Uint8Array(side * side);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const r = Math.floor(y / scale) - margin;
      const c = Math.floor(x / scale) - margin;
      const dark = r >= 0 && r < size && c >= 0 && c < size && modules[r * size + c] === 1;
      expected[y * side + x] = dark ? 0 : 255;
      actual[y * side + x] = image.data[(y * side + x) * 4] as number;
    }
  }
  return { actual, expected };
}

describe("renderQrPng", () => {
  it("decodes back to the exact BR Code and bitcoin URI", () => {
    for (const text of [...BR_CODES, BITCOIN_URI]) assert.equal(decode(renderQrPng(text)), text);
  });

  it("decodes back at other scales and margins", () => {
    for (const opts of [{ scale: 2 }, { scale: 5, margin: 2 }, { scale: 3, margin: 6 }]) {
      assert.equal(decode(renderQrPng(BR_CODES[1] ?? "", opts)), BR_CODES[1]);
    }
  });

  it("draws any printable-ASCII text of 1..300 characters module for module, at any scale", () => {
    // Exactness is checked pixel by pixel rather than by decoding: jsQR misses some valid
    // symbols. "eNp!z*v-GZ$" (fast-check seed 301690898) is one: our matrix for it equals the
    // `qrcode` package's, and jsQR decodes neither at scales 2, 4, 6 or 8, only at 3 and 5.
    // The matrix is held to `qrcode` in qr-matrix.test.ts; here the image is held to the matrix.
    const printable = fc.string({
      unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
      minLength: 1,
      maxLength: 300,
    });
    fc.assert(
      fc.property(
        printable,
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 6 }),
        (text, scale, margin) => {
          const { actual, expected } = pixelsAndModules(text, scale, margin);
          assert.deepEqual(actual, expected);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("writes a valid PNG: signature, IHDR/IDAT/IEND in order, correct CRCs", () => {
    const png = renderQrPng(BR_CODES[0] ?? "");
    assert.deepEqual(png.subarray(0, 8), PNG_SIGNATURE);
    const list = chunks(png);
    assert.deepEqual(
      list.map((c) => c.type),
      ["IHDR", "IDAT", "IEND"],
    );
    for (const c of list) {
      // Checked with the table implementation too, so the fallback path is covered.
      assert.equal(c.crc, crc32Table(c.crcInput), `${c.type} CRC`);
      assert.equal(c.crc, crc32(c.crcInput), `${c.type} CRC`);
    }
  });

  it("declares 1-bit grayscale sized (modules + 2 * margin) * scale", () => {
    const { size } = encodeQrMatrix(BITCOIN_URI);
    const ihdr = chunks(renderQrPng(BITCOIN_URI, { scale: 5, margin: 3 }))[0]?.data;
    const side = (size + 6) * 5;
    assert.deepEqual(
      [...(ihdr ?? [])],
      [...uint32(side), ...uint32(side), 1, 0, 0, 0, 0],
      "width, height, bit depth 1, color type 0, deflate, filter 0, no interlace",
    );
  });

  it("draws modules as scale x scale blocks inside a white quiet zone, at every scale", () => {
    // Module rows are widened to pixels several modules at a time, in chunks that depend on the
    // scale, so every scale is checked, with margins that shift the modules off byte boundaries.
    const cases: [string, number, number][] = [];
    for (let scale = 1; scale <= 16; scale++) {
      for (const margin of [0, 1, 3]) cases.push(["Tostao", scale, margin]);
    }
    cases.push([BR_CODES[0] ?? "", 3, 2], [BR_CODES[1] ?? "", 4, 4], [BITCOIN_URI, 5, 16]);
    for (const [text, scale, margin] of cases) {
      const { actual, expected } = pixelsAndModules(text, scale, margin);
      assert.deepEqual(actual, expected, `scale ${scale}, margin ${margin}`);
    }
  });

  it("stores each module row once with filter None and its repeats as zero Up rows", () => {
    const { size, modules } = encodeQrMatrix(BR_CODES[2] ?? "");
    const scale = 4;
    const margin = 4;
    const side = (size + 2 * margin) * scale;
    const rowBytes = Math.ceil(side / 8);
    const expected = Buffer.alloc((rowBytes + 1) * side);
    for (let y = 0; y < side; y++) {
      const line = y * (rowBytes + 1);
      if (y % scale !== 0) {
        expected[line] = 2;
        continue;
      }
      for (let x = 0; x < rowBytes * 8; x++) {
        const r = Math.floor(y / scale) - margin;
        const c = Math.floor(x / scale) - margin;
        const dark = r >= 0 && r < size && c >= 0 && c < size && modules[r * size + c] === 1;
        const at = line + 1 + (x >>> 3);
        if (!dark) expected[at] = (expected[at] as number) | (0x80 >>> (x & 7));
      }
    }
    const idat = chunks(renderQrPng(BR_CODES[2] ?? "")).find((c) => c.type === "IDAT")?.data;
    assert.ok(idat);
    assert.deepEqual(zlib.inflateSync(idat), expected);
  });

  it("keeps BR Code and BIP21 images small (under 800 bytes each, as node:zlib at level 3 made them)", () => {
    for (const text of [...BR_CODES, BITCOIN_URI]) {
      const png = renderQrPng(text);
      assert.ok(png.length < 800, `${png.length} bytes`);
    }
  });

  it("rejects scale and margin outside their ranges", () => {
    for (const opts of [
      { scale: 0 },
      { scale: 1.5 },
      { scale: 17 },
      { margin: -1 },
      { margin: 17 },
    ]) {
      assert.throws(() => renderQrPng("x", opts), RangeError);
    }
  });
});

describe("crc32", () => {
  it("gives the standard check value with and without zlib.crc32", () => {
    const input = Buffer.from("123456789");
    assert.equal(crc32Table(input), 0xcbf43926);
    assert.equal(crc32(input), 0xcbf43926);
    if (typeof zlib.crc32 === "function") {
      const random = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 7919) & 0xff));
      assert.equal(crc32Table(random), zlib.crc32(random) >>> 0);
    }
  });
});

describe("qrPngDataUrl", () => {
  it("is a data:image/png;base64 URL of exactly the PNG bytes", () => {
    const url = qrPngDataUrl(BITCOIN_URI, { scale: 5 });
    const prefix = "data:image/png;base64,";
    assert.ok(url.startsWith(prefix));
    assert.deepEqual(
      Buffer.from(url.slice(prefix.length), "base64"),
      renderQrPng(BITCOIN_URI, { scale: 5 }),
    );
  });
});

function uint32(n: number): number[] {
  return [n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
}
