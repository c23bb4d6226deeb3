import QRCode from "qrcode";
import { encodeQrMatrix } from "../src/qr/qr-matrix.ts";
import { qrPngDataUrl, renderQrPng } from "../src/qr/qr-png.ts";

// `npx tsx bench/qr.ts`: per-image time of our QR -> PNG path against the `qrcode` package on the
// same texts and the same image geometry (scale 4, margin 4, level M: qrcode's defaults), then the
// same per-image times on a busy heap. Each figure is the median of several rounds of the
// process's CPU time, not wall time: on a shared machine the wall clock also counts the time other
// processes held the core. How the PNG's compressed data is written (src/qr/png-deflate.ts since issue 39): decision 0003.

const TEXTS = [
  "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D",
  "00020101021226810014br.gov.bcb.pix2559pix.example.com/qr/v2/cobv/9d36b84fc70b478fb95c12729b90ca255204000053039865406123.455802BR5925TOSTAO PAGAMENTOS LTDA ME6009SAO PAULO61080540900062070503***63044ED6",
  "00020126640014br.gov.bcb.pix0120pagamentos@tostao.io0218Pedido 4521 - cafe520400005303986540510.005802BR5906Tostao6014RIO DE JANEIRO62140510PEDIDO45216304F21D",
  "bitcoin:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq?amount=0.00123&label=Tostao&message=Pedido%204521",
];
const ROUNDS = 9;
const OPTIONS = { errorCorrectionLevel: "M", margin: 4, scale: 4 } as const;

/**
 * Median-of-rounds CPU microseconds per call of `fn` over every text, with `between` (not timed
 * separately: subtract its own figure) run before each call. Only promises are awaited, so
 * synchronous calls are not charged for a microtask turn.
 */
async function perImage(
  iterations: number,
  fn: (text: string, index: number) => unknown,
  between: () => void = () => {},
): Promise<number> {
  const run = async (): Promise<void> => {
    for (let i = 0; i < TEXTS.length; i++) {
      between();
      const result = fn(TEXTS[i] ?? "", i);
      if (result instanceof Promise) await result;
    }
  };
  for (let i = 0; i < Math.ceil(iterations / 10); i++) await run();
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.cpuUsage();
    for (let i = 0; i < iterations; i++) await run();
    const used = process.cpuUsage(start);
    rounds.push((used.user + used.system) / (iterations * TEXTS.length));
  }
  return rounds.sort((a, b) => a - b)[ROUNDS >> 1] ?? Number.NaN;
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

// A busy heap: some 150 MB of live objects, and before each image the garbage of a small request.
// Per-image figures are the difference from the churn alone, so they include the collection work
// each image's own allocations cause on such a heap.
const live: unknown[] = [];
for (let i = 0; i < 1_500_000; i++) live.push({ id: i, name: `item-${i}`, tags: [i, i + 1] });
let churned = 0;
const churn = (): void => {
  const garbage: unknown[] = [];
  for (let i = 0; i < 200; i++) garbage.push({ i, s: `req-${i}-${churned}`, a: [i, i * 2, i * 3] });
  churned += garbage.length;
  const at = (churned * 7919) % live.length;
  live[at] = { id: at, name: `item-${churned}`, tags: [churned] };
};
const churnOnly = await perImage(2000, () => undefined, churn);
console.log(`busy heap (${live.length} live objects), per image beyond the churn itself:`);
row("qrPngDataUrl (ours)", (await perImage(2000, (t) => qrPngDataUrl(t), churn)) - churnOnly);
