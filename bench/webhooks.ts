import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";

// Webhook delivery figures, on the running service: event-to-delivery latency (charges created
// at a steady rate, each one's charge.created timed from the event's timestamp to its arrival),
// then throughput (a backlog of deliveries written straight into the database, timed until the
// local receiver has them all).

export async function benchWebhooks(input: {
  serviceUrl: string;
  token: string;
  databaseUrl: string;
}) {
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
  const db = new pg.Client({ connectionString: input.databaseUrl });
  await db.connect();
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
    // Throughput: a backlog of N deliveries, then one NOTIFY.
    const n = 10_000;
    const before = received;
    const t0 = Date.now();
    await db.query(
      `WITH e AS (
         INSERT INTO events (id, account_id, mode, type, charge_id, payload, created_at)
         SELECT 'evt_bench_' || g, w.account_id, w.mode, 'charge.created', NULL,
           json_build_object('chargeId', 'bench_' || g), now()
         FROM generate_series(1, $1) g, (SELECT account_id, mode FROM webhooks LIMIT 1) w
         RETURNING id, account_id, mode, type, created_at
       )
       INSERT INTO deliveries (id, webhook_id, account_id, mode, event_id, event_type, status, next_attempt_at, created_at)
       SELECT 'dlv_' || e.id, w.id, e.account_id, e.mode, e.id, e.type, 'pending', e.created_at, e.created_at
       FROM e, (SELECT id FROM webhooks LIMIT 1) w`,
      [n],
    );
    await db.query("SELECT pg_notify('tostao_deliveries', '')");
    while (received - before < n && Date.now() - t0 < 120_000)
      await new Promise((r) => setTimeout(r, 20));
    const throughput = ((received - before) / (Date.now() - t0)) * 1000;

    latencies.sort((a, b) => a - b);
    const pct = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ??
      Number.NaN;
    return {
      throughput,
      delivered: received,
      p50: pct(50),
      p99: pct(99),
      samples: latencies.length,
    };
  } finally {
    await db.end();
    server.closeAllConnections();
    server.close();
  }
}
