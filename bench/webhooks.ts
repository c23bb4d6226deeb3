import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

// Webhook delivery latency, on the running service: charges created at a steady rate, each
// one's charge.created timed from the event's timestamp to its arrival at a local receiver.
// Throughput (a backlog drained, against a bare fetch loop) is bench/deliveries.ts.

export async function benchWebhooks(input: { serviceUrl: string; token: string }) {
  const latencies: number[] = [];
  let received = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received++;
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        timestamp: string;
        data: { chargeId?: string };
      };
      if (body.data.chargeId?.startsWith("pix_"))
        latencies.push(Date.now() - Date.parse(body.timestamp));
      res.end("ok");
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  const api = (path: string, body: unknown) =>
    fetch(`${input.serviceUrl}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${input.token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  await api("/api/webhooks/create", { url, events: ["charge.created"] });
  try {
    // Latency: 200 charges/s for 5 s, one every 5 ms (a steady stream, not bursts).
    const perSecond = 200;
    const seconds = 5;
    const sent: Promise<unknown>[] = [];
    const begin = Date.now();
    for (let i = 0; i < perSecond * seconds; i++) {
      const wait = begin + (i * 1000) / perSecond - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      sent.push(api("/api/pix/charge/create", { value: 1 + (i % 100) }));
    }
    await Promise.all(sent);
    const until = Date.now() + 10_000;
    while (latencies.length < perSecond * seconds && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20));
    latencies.sort((a, b) => a - b);
    const pct = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ??
      Number.NaN;
    return {
      delivered: received,
      p50: pct(50),
      p99: pct(99),
      samples: latencies.length,
    };
  } finally {
    server.closeAllConnections();
    server.close();
  }
}
