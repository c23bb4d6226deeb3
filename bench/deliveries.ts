import pg from "pg";
import { perRequest, snapshot, usOf } from "./cpu.ts";
import { type Proc, start } from "./processes.ts";

// The deliveries row (issue 39): a backlog of N webhook deliveries (the creation events of
// 5,000 due-date bills, two each, their data drawn from the charge as the service stores them)
// drained by one instance to one local receiver, against a floor in the same run: a bare `fetch`
// loop, 32 POSTs at once, of a body of the same size to the same receiver. The receiver runs in
// its own process (bench/receiver.ts), so neither side shares an event loop with it. Service and
// floor alternate round by round (ABBA), as the HTTP rows do; each round's ratio compares two
// drains run seconds apart. Before each service round the backlog is written in one statement
// (the previous round's deliveries deleted and vacuumed away, outside the timing) and analysed,
// then one NOTIFY wakes the worker; the round ends when the receiver has all N.

const CONCURRENCY = 32;

export type DeliveriesInput = {
  serviceUrl: string;
  token: string;
  /** The service's schema, on a connection of the bench's own (not the service's backends). */
  databaseUrl: string;
  servicePid: number | undefined;
  /** The PostgreSQL backends of the service's own connections (bench/cpu.ts). */
  serviceBackends: () => Promise<number[]>;
  rounds?: number;
  bills?: number;
};

export type DeliveriesResult = {
  lines: string[];
  perSecond: number;
  floorPerSecond: number;
  ratio: number;
  /** Service CPU microseconds per delivery, the median round. */
  serviceUs: number;
  pgServiceUs: number;
};

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

export async function benchDeliveries(input: DeliveriesInput): Promise<DeliveriesResult> {
  const rounds = 2 * Math.ceil((input.rounds ?? 4) / 2);
  const bills = input.bills ?? 5000;
  const receiver: Proc = await start("./receiver.ts", {});
  const count = async () => Number(await (await fetch(`${receiver.url}/count`)).text());
  const db = new pg.Client({ connectionString: input.databaseUrl });
  await db.connect();
  const api = async (path: string, body: unknown, key?: string) => {
    const res = await fetch(`${input.serviceUrl}${path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${input.token}`,
        "content-type": "application/json",
        ...(key ? { "idempotency-key": key } : {}),
      },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return ((await res.json()) as { data: Record<string, unknown> }).data;
  };
  const waitFor = async (n: number, limitMs: number) => {
    const until = Date.now() + limitMs;
    while ((await count()) < n) {
      if (Date.now() > until) throw new Error(`receiver has ${await count()} of ${n}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  try {
    const hook = await api("/api/webhooks/create", {
      url: `${receiver.url}/hook`,
      events: ["charge.created", "charge.pending"],
    });
    // The bills, created through the API: their deliveries drain as they are made (the warm-up).
    const due = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    for (let c = 0; c * 1000 < bills; c++) {
      const charges = Array.from({ length: Math.min(1000, bills - c * 1000) }, (_, i) => ({
        value: 50 + ((c * 1000 + i) % 500),
        title: `Mensalidade ${c * 1000 + i}`,
        external_id: `bench-dlv-${c * 1000 + i}`,
        customer_name: `Cliente ${i}`,
        customer_cpf: "52998224725",
        due_date: due,
        fine: { mode: "percent", value: 2 },
        interest: { mode: "percent_per_month_calendar_days", value: 1 },
        discounts: { mode: "fixed_until_date", tiers: [{ date: due, value: 5 }] },
      }));
      await api("/api/pix/charges/batch", { charges }, `bench-dlv-${Date.now()}-${c}`);
    }
    const n = 2 * bills;
    await waitFor(n, 120_000);
    // A body of the size the service sends, for the floor (the last one received).
    const size = Number(await (await fetch(`${receiver.url}/size`)).text());
    const floorBody = JSON.stringify({ id: "evt_floor", pad: "x".repeat(Math.max(0, size - 32)) });
    const floorHeaders = {
      "content-type": "application/json",
      "webhook-id": "evt_floor",
      "webhook-timestamp": "1795316203",
      "webhook-signature": `v1,${"A".repeat(43)}=`,
      "x-service-signature": `sha256=${"0".repeat(64)}`,
    };

    const serviceRound = async () => {
      await db.query("DELETE FROM delivery_attempts");
      await db.query("DELETE FROM deliveries");
      await db.query("VACUUM deliveries, delivery_attempts");
      const before = await count();
      // The backlog, committed at once; the NOTIFY after it is what wakes the worker.
      await db.query(
        `INSERT INTO deliveries (id, webhook_id, account_id, mode, event_id, event_type, status, next_attempt_at, created_at)
         SELECT 'dlv_' || md5(random()::text || e.id), $1, e.account_id, e.mode, e.id, e.type, 'pending', now(), now()
         FROM events e WHERE e.type IN ('charge.created', 'charge.pending') AND e.charge_id LIKE 'pix_%'`,
        [hook.id],
      );
      // The tables as a service with this backlog has them analysed (as run.ts does after a
      // warm-up). Analysed empty, before the backlog, their cached plans would be those of
      // empty tables: a sequential scan of the 10,000 rows at each claim.
      await db.query("ANALYZE deliveries, delivery_attempts, events");
      const cpu0 = snapshot(
        { service: input.servicePid, receiver: receiver.child.pid },
        {
          "pg service": await input.serviceBackends(),
        },
      );
      const t0 = performance.now();
      await db.query("SELECT pg_notify('tostao_deliveries', '')");
      await waitFor(before + n, 120_000);
      const ms = performance.now() - t0;
      const cpu = perRequest(
        cpu0,
        snapshot(
          { service: input.servicePid, receiver: receiver.child.pid },
          {
            "pg service": await input.serviceBackends(),
          },
        ),
        n,
      );
      return { perSecond: (n / ms) * 1000, cpu };
    };
    const floorRound = async () => {
      const before = await count();
      let next = 0;
      const cpu0 = snapshot({ receiver: receiver.child.pid });
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next++ < n) {
            const res = await fetch(`${receiver.url}/hook`, {
              method: "POST",
              headers: floorHeaders,
              body: floorBody,
            });
            await res.text();
            if (res.status !== 200) throw new Error(`floor: ${res.status}`);
          }
        }),
      );
      const ms = performance.now() - t0;
      const cpu = perRequest(cpu0, snapshot({ receiver: receiver.child.pid }), n);
      if ((await count()) - before < n) throw new Error("floor: the receiver missed some");
      return { perSecond: (n / ms) * 1000, cpu };
    };
    await floorRound(); // warm-up of the bench's own fetch
    const services: { perSecond: number; cpu: string }[] = [];
    const floors: { perSecond: number; cpu: string }[] = [];
    for (let r = 0; r < rounds; r++) {
      if (r % 2 === 0) {
        floors.push(await floorRound());
        services.push(await serviceRound());
      } else {
        services.push(await serviceRound());
        floors.push(await floorRound());
      }
    }
    const ratios = services.map((s, i) => s.perSecond / (floors[i]?.perSecond ?? 1));
    const result = {
      perSecond: median(services.map((s) => s.perSecond)),
      floorPerSecond: median(floors.map((s) => s.perSecond)),
      ratio: median(ratios),
      serviceUs: median(services.map((s) => usOf(s.cpu, "service"))),
      pgServiceUs: median(services.map((s) => usOf(s.cpu, "pg service"))),
    };
    const lines = [
      `deliveries: a backlog of ${n} (${bills} due-date bills, two events each) drained by one instance to one local receiver: ${result.perSecond.toFixed(0)}/s; floor (bare fetch loop, ${CONCURRENCY} at once, ${size}-byte body, same receiver): ${result.floorPerSecond.toFixed(0)}/s; ratio ${result.ratio.toFixed(2)}`,
      `  per round (deliveries/s, floor/s, ratio): ${services.map((s, i) => `${s.perSecond.toFixed(0)} ${floors[i]?.perSecond.toFixed(0)} ${ratios[i]?.toFixed(2)}`).join(" | ")}`,
      `  CPU µs per delivery: ${services.map((s) => s.cpu).join(" | ")}`,
      `  CPU µs per floor POST: ${floors.map((s) => s.cpu).join(" | ")}`,
    ];
    // Later rows create charges: no delivery to a receiver that is gone.
    await api("/api/webhooks/delete", { id: hook.id });
    await db.query("DELETE FROM delivery_attempts");
    await db.query("DELETE FROM deliveries");
    return { lines, ...result };
  } finally {
    await db.end();
    receiver.child.kill("SIGTERM");
  }
}
