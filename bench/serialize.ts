import { z } from "zod";
import { ChargeStatusViewSchema } from "../src/domain/charges/schemas.ts";
import { okEnvelope } from "../src/http/envelope.ts";
import { compileSerializer } from "../src/http/response-serializer.ts";

// `npx tsx bench/serialize.ts`: microseconds per PIX status body, written three ways: the
// compiled schema serializer the service uses (src/http/response-serializer.ts), JSON.stringify
// alone (what sendOk did before, with no schema applied), and zod's encode then JSON.stringify
// (what Fastify's zod serializer did for returned bodies). Each figure is the best of several
// rounds, the round least disturbed by other work on the machine.

const ROUNDS = 9;
const ITERATIONS = 200_000;

// A status view as the route builds it: the QR image is a real one's length (634 characters
// for a sandbox BR Code), its base64 made up.
const data = {
  chargeId: "pix_char_0123456789abcdef0123",
  order_id: "order-4521",
  status: "Pendente",
  statusCode: "pending" as const,
  livemode: false,
  value: 123.45,
  title: "Pedido 4521",
  product_id: null,
  external_id: "order-4521",
  customer_name: "Maria da Silva",
  customer_email: "maria@example.com",
  customer_cpf: "52998224725",
  customer_phone: "+5511912345678",
  provider: "sandbox",
  createdAt: "2026-11-22T10:00:00.000Z",
  approvedAt: null,
  brCode:
    "00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865406123.455802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D",
  expiresAt: "2026-11-22T11:00:00.000Z",
  updatedAt: "2026-11-22T10:00:00.000Z",
  qrCodeImage: `data:image/png;base64,${Buffer.alloc(459, 7).toString("base64")}`,
};

const serialize = compileSerializer(ChargeStatusViewSchema);
const envelope = okEnvelope(ChargeStatusViewSchema);
const ways: Array<[string, () => string]> = [
  ["compiled schema serializer", () => `{"success":true,"data":${serialize(data)}}`],
  ["JSON.stringify alone (no schema)", () => JSON.stringify({ success: true, data })],
  [
    "zod encode + JSON.stringify",
    () => JSON.stringify(z.encode(envelope, { success: true, data })),
  ],
];

const expected = JSON.stringify({ success: true, data });
for (const [name, fn] of ways) {
  if (fn() !== expected) throw new Error(`${name} writes other bytes`);
}

let sink = 0;
function perCall(fn: () => string): number {
  for (let i = 0; i < ITERATIONS / 10; i++) sink += fn().length;
  let best = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < ITERATIONS; i++) sink += fn().length;
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1000 / ITERATIONS);
  }
  return best;
}

console.log(`PIX status body, ${expected.length} bytes; best of ${ROUNDS} rounds`);
// Interleaved twice, so neither way always runs on a warmer or colder machine.
const results = new Map<string, number[]>();
for (let pass = 0; pass < 2; pass++) {
  for (const [name, fn] of pass === 0 ? ways : [...ways].reverse()) {
    results.set(name, [...(results.get(name) ?? []), perCall(fn)]);
  }
}
for (const [name, us] of results) {
  console.log(`${name.padEnd(34)} ${Math.min(...us).toFixed(2)} µs`);
}
if (sink === 0) console.log("");
