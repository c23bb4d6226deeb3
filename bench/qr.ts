import * as zlib from "node:zlib";
import QRCode from "qrcode";
import { encodeQrMatrix } from "../src/domain/qr/qr-matrix.ts";
import { qrPngDataUrl, renderQrPng } from "../src/domain/qr/qr-png.ts";

// `npx tsx bench/qr.ts`: per-image time of our QR -> PNG path against the `qrcode` package on the
// same texts and the same image geometry (scale 4, margin 4, level M: qrcode's defaults), then
// the IDAT compression settings behind the choice in qr-png.ts. Each figure is the best of
// several rounds, since the fastest round is the one least disturbed by other work on the machine.

const TEXTS = [
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D",
  "00020101021226810014br.gov.bcb.pix2559pix.example.com/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca255204000053039865406123.455802BR5925TOSTAO PAGAMENTOS LTDA ME6009SAO PAULO61080540900062070503***63044ED6",
  "00020126640014br.gov.bcb.pix0120pagamentos@tostao.io0218Pedido 4521 - cafe520400005303986540510.005802BR5906Tostao6014RIO DE JANEIRO62140510PEDIDO45216304F21D",
  "bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.00123&label=Tostao&message=Pedido%204521",
];
const ROUNDS = 5;
const OPTIONS = { errorCorrectionLevel: "M", margin: 4, scale: 4 } as const;

/**
 * Best-of-rounds microseconds per call of `fn` over every text. Only promises are awaited, so
 * synchronous calls are not charged for a microtask turn.
 */
async function perImage(
  iterations: number,
  fn: (text: string, index: number) => unknown,
): Promise<number> {
  const run = async (): Promise<void> => {
    for (let i = 0; i < TEXTS.length; i++) {
      const result = fn(TEXTS[i] ?? "", i);
      if (result instanceof Promise) await result;
    }
  };
  for (let i = 0; i < Math.ceil(iterations / 10); i++) await run();
  let best = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) await run();
    const us = Number(process.hrtime.bigint() - start) / 1000 / (iterations * TEXTS.length);
    best = Math.min(best, us);
  }
  return best;
}

function row(label: string, us: number, note = ""): void {
  console.log(`${label.padEnd(42)} ${us.toFixed(1).padStart(8)} us  ${note}`);
}

console.log(`${TEXTS.length} texts of ${TEXTS.map((t) => t.length).join(", ")} characters`);
console.log(
  "versions",
  TEXTS.map((t) => encodeQrMatrix(t).version).join(", "),
  "(qrcode:",
  `${TEXTS.map((t) => QRCode.create(t, { errorCorrectionLevel: "M" }).version).join(", ")})`,
);
console.log();

const ours = await perImage(2000, (t) => qrPngDataUrl(t));
const theirs = await perImage(100, (t) => QRCode.toDataURL(t, OPTIONS));
row("qrPngDataUrl (ours)", ours);
row("renderQrPng, Buffer (ours)", await perImage(2000, (t) => renderQrPng(t)));
row("  of which encodeQrMatrix", await perImage(2000, (t) => encodeQrMatrix(t)));
row("QRCode.toDataURL (qrcode)", theirs, `${(theirs / ours).toFixed(0)}x slower`);
row("QRCode.toBuffer (qrcode)", await perImage(100, (t) => QRCode.toBuffer(t, OPTIONS)));
row("  of which QRCode.create", await perImage(300, (t) => QRCode.create(t, OPTIONS)));
console.log();

const ourSizes = TEXTS.map((t) => renderQrPng(t).length);
const theirSizes = await Promise.all(
  TEXTS.map(async (t) => (await QRCode.toBuffer(t, OPTIONS)).length),
);
console.log(`PNG bytes, ours:   ${ourSizes.join(", ")}`);
console.log(`PNG bytes, qrcode: ${theirSizes.join(", ")}`);
console.log();

// Compression settings, applied to our own uncompressed scanlines (recovered from the IDAT).
const raws = TEXTS.map((t) => {
  const png = renderQrPng(t);
  const idatLength = png.readUInt32BE(33); // after signature (8) and IHDR (25): length, "IDAT"
  return zlib.inflateSync(png.subarray(41, 41 + idatLength));
});
console.log("IDAT deflate settings       avg bytes   us/image");
const { Z_DEFAULT_STRATEGY, Z_FILTERED, Z_RLE } = zlib.constants;
for (const [label, options] of [
  ["level 1", { level: 1, strategy: Z_DEFAULT_STRATEGY }],
  ["level 3", { level: 3, strategy: Z_DEFAULT_STRATEGY }],
  ["level 6", { level: 6, strategy: Z_DEFAULT_STRATEGY }],
  ["level 9", { level: 9, strategy: Z_DEFAULT_STRATEGY }],
  ["level 1, Z_RLE", { level: 1, strategy: Z_RLE }],
  ["level 3, Z_FILTERED", { level: 3, strategy: Z_FILTERED }],
  ["level 6, Z_FILTERED (chosen)", { level: 6, strategy: Z_FILTERED }],
  ["level 9, Z_FILTERED", { level: 9, strategy: Z_FILTERED }],
] as const) {
  const bytes =
    raws.reduce((sum, raw) => sum + zlib.deflateSync(raw, options).length, 0) / raws.length;
  const us = await perImage(1000, (_, i) => zlib.deflateSync(raws[i] ?? Buffer.alloc(0), options));
  console.log(`${label.padEnd(30)} ${bytes.toFixed(0).padStart(6)}   ${us.toFixed(1).padStart(8)}`);
}
