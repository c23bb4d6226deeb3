import { startLiveSetup } from "../test/helpers/live-pix.ts";
import { makeTestPki } from "../test/helpers/psp-peer/index.ts";

// `npx tsx bench/charge-batch.ts` (or `npm run bench -- batch`): POST /api/pix/charges/batch,
// 10,000 charges with a due date as ten calls of 1,000 lines (the most one call takes), in the
// sandbox and live against the PSP peer as Efí (one PUT /lotecobv a call, then GET /lotecobv and
// a GET /cobv per line, every request validated against the BACEN file). In one process through
// the app (inject), on the test database (DATABASE_URL: PostgreSQL, else embedded PGlite). Wall
// time and this process's CPU time (the service and the peer both run here: on a shared machine
// the CPU time is the steadier figure). Goals: 1,000 lines under 1 s, 10,000 under 10 s
// (sandbox, 2-core machine).

const CALLS = Number(process.env.BENCH_BATCH_CALLS ?? 10);
const LINES = 1000;

export async function benchChargeBatch(): Promise<string[]> {
  const s = await startLiveSetup({
    pki: makeTestPki(),
    profile: "efi",
    pspClient: { timeoutMs: 10_000, retries: 1, backoffMs: [100], budgetMs: 20_000 },
  });
  const out: string[] = [];
  try {
    // Without the merchant webhook (a delivery per event would be measured too).
    const hooks = await s.svc.call("GET", "/api/webhooks", { token: s.account.live });
    for (const h of hooks.json().data.webhooks) {
      await s.svc.call("POST", "/api/webhooks/delete", {
        token: s.account.live,
        body: { id: h.id },
      });
    }
    const due = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const line = (n: number) => ({
      value: 50 + (n % 500),
      title: `Mensalidade ${n}`,
      external_id: `bench-${n}`,
      customer_name: `Cliente ${n}`,
      customer_cpf: "52998224725",
      due_date: due,
      fine: { mode: "percent", value: 2 },
      interest: { mode: "percent_per_month_calendar_days", value: 1 },
      discounts: { mode: "fixed_until_date", tiers: [{ date: due, value: 5 }] },
    });
    for (const [label, token] of [
      ["sandbox", s.account.test],
      ["live (peer as Efí, lotecobv)", s.account.live],
    ] as const) {
      const times: number[] = [];
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      for (let c = 0; c < CALLS; c++) {
        const charges = Array.from({ length: LINES }, (_, i) => line(c * LINES + i));
        const t = performance.now();
        const res = await s.svc.call("POST", "/api/pix/charges/batch", {
          token,
          body: { charges },
          headers: { "idempotency-key": `bench-${token.slice(-8)}-${c}` },
        });
        times.push(performance.now() - t);
        const data = res.json().data;
        if (res.statusCode !== 200 || data.created !== LINES) {
          throw new Error(`${label}: ${res.body.slice(0, 300)}`);
        }
      }
      const wall = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      const sorted = [...times].sort((a, b) => a - b);
      out.push(
        `${label}: ${CALLS * LINES} charges in ${(wall / 1000).toFixed(2)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU; one 1,000-line call: median ${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(0)} ms, first ${(times[0] ?? 0).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms`,
      );
    }
    s.peer.assertNoViolations();
    out.push(
      `peer: ${s.peer.cobvs.size} cobvs in ${s.peer.lotes.size} lotes, every request valid against the BACEN file`,
    );
  } finally {
    await s.close();
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const l of await benchChargeBatch()) console.log(l);
}
