import * as zlib from "node:zlib";
import { PNG } from "pngjs";
import { buildPaymentUri } from "../src/bitcoin/payment-uri.ts";
import { sandboxPixProvider } from "../src/domain/charges/pix-provider.ts";
import { newId } from "../src/domain/ids.ts";
import { crc32, encodeGray1Png, PNG_SIGNATURE } from "../src/qr/png.ts";
import { renderQrPng } from "../src/qr/qr-png.ts";

// `npx tsx bench/qr-deflate.ts [zlib labels...]` (ITER, RUNS): the hand-written DEFLATE (png.ts ->
// png-idat.ts) against node:zlib's deflateSync at various settings, on the images the service
// draws: sandbox PIX BR Codes and BIP21 URIs made by the service's own code, rendered at its
// settings (scale 4, margin 4). Each variant turns an image's distinct pixel rows into a whole
// PNG file; zlib's variants first materialise the scanlines the hand-written one never builds
// (each module row with filter None, then its repeats with filter Up, all zeros), so the figures
// are what swapping one for the other in png.ts would change per image. The figure is the median
// of RUNS rounds of CPU time per image (process CPU, not wall time: on a shared machine the wall
// clock counts the time other processes held the core), variants interleaved within each round.

const clock = { now: () => new Date(Date.UTC(2026, 10, 22, 12, 0, 0)) };
let seed = 7;
const random = {
  bytes: (n: number) => {
    const b = Buffer.alloc(n);
    for (let i = 0; i < n; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      b[i] = seed >>> 16;
    }
    return b;
  },
};
const texts: { kind: string; text: string }[] = [];
for (const cents of [990, 2500, 12990, 45000, 189990, 1000000]) {
  const id = newId("pix", { clock, random });
  const { brCode } = await sandboxPixProvider.create({
    accountId: newId("acct", { clock, random }),
    txid: id.slice(4, 29),
    amountCents: cents,
    expiresInSec: 3600,
  });
  texts.push({ kind: "pix", text: brCode });
}
// BIP84 (P2WPKH) addresses, as the service's wallets derive: mainnet for live, testnet for test.
const addresses = [
  "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
  "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh",
  "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx",
  "tb1qfm4q4ug8ltyzc6pacyr6lk4z8sjrrz6wz9tjxe",
];
for (const [i, address] of addresses.entries()) {
  const id = `BTC-${newId("pix", { clock, random }).slice(4).toUpperCase()}`;
  texts.push({
    kind: "bip21",
    text: buildPaymentUri({
      address,
      amountSats: 12345 + i * 987654,
      ...(i % 2 === 0 ? { label: "Pedido 4521 - cafe" } : {}),
      message: `Charge ${id}`,
    }),
  });
}

// Distinct pixel rows per image, recovered from the current PNG (filter None rows of the IDAT).
const images = texts.map(({ kind, text }) => {
  const png = renderQrPng(text);
  const idatLength = png.readUInt32BE(33);
  const raw = zlib.inflateSync(png.subarray(41, 41 + idatLength));
  const width = png.readUInt32BE(16);
  const rowBytes = Math.ceil(width / 8);
  const rows = new Uint8Array((width / 4) * rowBytes);
  for (let r = 0; r < width / 4; r++) {
    const line = r * 4 * (rowBytes + 1);
    rows.set(raw.subarray(line + 1, line + 1 + rowBytes), r * rowBytes);
  }
  return { kind, text, width, rows, rowBytes };
});

function writeChunk(png: Buffer, offset: number, type: string, data: Uint8Array): number {
  png.writeUInt32BE(data.length, offset);
  png.write(type, offset + 4, "latin1");
  png.set(data, offset + 8);
  const end = offset + 8 + data.length;
  png.writeUInt32BE(crc32(png.subarray(offset + 4, end)), end);
  return end + 4;
}

// The same PNG with the scanlines materialised (first row of a run filter None, repeats filter
// Up, all zeros) and compressed by zlib.deflateSync.
function zlibPng(width: number, rows: Uint8Array, repeat: number, opts: zlib.ZlibOptions): Buffer {
  const rowBytes = Math.ceil(width / 8);
  const stride = rowBytes + 1;
  const distinct = rows.length / rowBytes;
  const raw = Buffer.alloc(distinct * repeat * stride);
  for (let r = 0; r < distinct; r++) {
    const line = r * repeat * stride;
    raw.set(rows.subarray(r * rowBytes, (r + 1) * rowBytes), line + 1);
    for (let k = 1; k < repeat; k++) raw[line + k * stride] = 2;
  }
  const idat = zlib.deflateSync(raw, opts);
  const png = Buffer.allocUnsafe(PNG_SIGNATURE.length + 25 + 12 + idat.length + 12);
  PNG_SIGNATURE.copy(png, 0);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(distinct * repeat, 4);
  ihdr[8] = 1;
  let offset = writeChunk(png, PNG_SIGNATURE.length, "IHDR", ihdr);
  offset = writeChunk(png, offset, "IDAT", idat);
  writeChunk(png, offset, "IEND", Buffer.alloc(0));
  return png;
}

const { Z_FILTERED: F, Z_RLE: R, Z_HUFFMAN_ONLY: H, Z_FIXED: X } = zlib.constants;
const ONE = Buffer.alloc(1);
type Variant = { label: string; png: (i: (typeof images)[number]) => Buffer };
const variants: Variant[] = [
  { label: "hand-written", png: (im) => encodeGray1Png(im.width, im.rows, 4) },
];
const configs: [string, zlib.ZlibOptions][] = [
  ["L1", { level: 1 }],
  ["L1 Z_RLE", { level: 1, strategy: R }],
  ["L1 Z_FIXED", { level: 1, strategy: X }],
  ["L1 Z_HUFFMAN_ONLY", { level: 1, strategy: H }],
  ["L1 memLevel 4 windowBits 13", { level: 1, memLevel: 4, windowBits: 13 }],
  ["L1 memLevel 9", { level: 1, memLevel: 9 }],
  ["L2", { level: 2 }],
  ["L3", { level: 3 }],
  ["L3 memLevel 4 windowBits 13", { level: 3, memLevel: 4, windowBits: 13 }],
  ["L4", { level: 4 }],
  ["L4 Z_FILTERED", { level: 4, strategy: F }],
  ["L6", { level: 6 }],
  ["L6 Z_FILTERED", { level: 6, strategy: F }],
  ["L6 Z_RLE", { level: 6, strategy: R }],
  ["L9", { level: 9 }],
  ["L9 Z_FILTERED", { level: 9, strategy: F }],
];
variants.push({ label: "renderQrPng, whole path", png: (im) => renderQrPng(im.text) });
variants.push({
  label: "deflateSync L1 of 1 byte",
  png: () => zlib.deflateSync(ONE, { level: 1 }),
});
const only = process.argv.slice(2);
for (const [label, opts] of configs) {
  if (only.length > 0 && !only.includes(label)) continue;
  variants.push({ label: `zlib ${label}`, png: (im) => zlibPng(im.width, im.rows, 4, opts) });
}

// Every variant draws the same pixels, readable by pngjs.
for (const v of variants) {
  if (v.label.endsWith("1 byte") || v.label.startsWith("renderQrPng")) continue;
  for (const im of images) {
    const a = PNG.sync.read(v.png(im)).data;
    const b = PNG.sync.read(renderQrPng(im.text)).data;
    if (!a.equals(b)) throw new Error(`${v.label} draws other pixels`);
  }
}

const ITERATIONS = Number(process.env.ITER ?? 300);
const RUNS = Number(process.env.RUNS ?? 11);
const times = new Map<string, number[]>(variants.map((v) => [v.label, []]));
let sink = 0;
for (let round = 0; round < RUNS + 1; round++) {
  // Variants interleaved within each round, so drift in the machine's load hits all alike.
  for (const v of round % 2 === 0 ? variants : [...variants].reverse()) {
    const start = process.cpuUsage();
    for (let i = 0; i < ITERATIONS; i++) for (const im of images) sink += v.png(im).length;
    const used = process.cpuUsage(start);
    const us = (used.user + used.system) / (ITERATIONS * images.length);
    if (round > 0) times.get(v.label)?.push(us); // round 0 warms up
  }
}
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1] ?? Number.NaN;
};
const hand = median(times.get("hand-written") ?? []);
console.log(
  `${images.length} images (${images.map((im) => `${im.kind} ${im.text.length}ch ${im.width}px`).join(", ")})`,
);
console.log(
  `${RUNS} runs x ${ITERATIONS} iterations x ${images.length} images, node ${process.version}`,
);
const cell = (n: number, width: number): string => n.toFixed(1).padStart(width);
console.log(`${"variant".padEnd(32)}  median     min     max  vs hand  PNG bytes pix / bip21`);
for (const v of variants) {
  const t = times.get(v.label) ?? [];
  const size = (kind: string): string => {
    const list = images.filter((im) => im.kind === kind);
    return (list.reduce((s, im) => s + v.png(im).length, 0) / list.length).toFixed(0);
  };
  const m = median(t);
  const diff = `${m >= hand ? "+" : "-"}${cell(Math.abs(m - hand), 5)}`;
  console.log(
    `${v.label.padEnd(32)} ${cell(m, 7)} ${cell(Math.min(...t), 7)} ${cell(Math.max(...t), 7)}  ${diff}  ${size("pix").padStart(9)} / ${size("bip21")}`,
  );
}
if (sink === 0) console.log(sink);
