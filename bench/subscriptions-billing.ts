import { createAccount } from "../src/domain/accounts/create-account.ts";
import { billingPass } from "../src/domain/subscriptions/billing.ts";
import { midnightOf, periodDate } from "../src/domain/subscriptions/calendar.ts";
import { sandboxSubscriptionRail } from "../src/domain/subscriptions/rail.ts";
import { cryptoRandom } from "../src/kernel/clock.ts";
import { openTestDb } from "../test/helpers/db.ts";

// `DATABASE_URL=postgres://… npx tsx bench/subscriptions-billing.ts [count]`: a billing day with
// `count` (default 100,000) approved subscriptions whose period is due, in the sandbox: how long
// the scheduler's pass takes to issue their charges (each a charge row, its period row and its
// charge.created/charge.pending events), then how long the debit day's pass takes to pay them
// (charge.approved), and the process's peak RSS. Runs alone, on a fresh schema (PGlite without
// DATABASE_URL). Goal (issue 25): under 5 minutes and 300 MB on the 2-core machine.

const count = Number(process.argv[2] ?? 100_000);
const t = await openTestDb({ poolSize: 4 });
const DAY = 86_400_000;
try {
  const deps = { db: t.db, clock: { now: () => new Date() }, random: cryptoRandom };
  const account = await createAccount(deps, { name: "Bench" });
  // The period's date is 10 days ahead: its window opens today, so every subscription is due now.
  const now = new Date();
  const due = new Date(now.getTime() + 10 * DAY).toISOString().slice(0, 10);
  const t0 = performance.now();
  await t.db.query(
    `INSERT INTO subscriptions (id, account_id, mode, status, title, details, periodicity,
       start_date, value_cents, retry_policy, provider, rec_id, br_code, next_period,
       next_issue_at, expires_at, created_at, updated_at, approved_at)
     SELECT 'sub_bench' || lpad(g::text, 21, '0'), $1, 'test', 'approved', 'Plano ' || g,
       jsonb_build_object('customer_name', 'Cliente ' || g, 'customer_cpf', '52998224725'),
       'monthly', $2::date, 1000 + g % 5000, 'up_to_3_in_7_days', 'sandbox',
       'RR00000000' || to_char(now(), 'YYYYMMDD') || lpad(g::text, 11, '0'), 'bench', 0,
       $3, $4, $4, $4, $4
     FROM generate_series(1, $5) g`,
    [account.id, due, midnightOf(due, -10), now, count],
  );
  console.log(
    `seeded ${count} approved subscriptions due ${due} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const subsDeps = {
    ...deps,
    subscriptionRails: { test: sandboxSubscriptionRail, live: undefined },
    maxChargeCents: 10_000_000,
  };
  const issue0 = performance.now();
  const issued = await billingPass(subsDeps);
  const issueS = (performance.now() - issue0) / 1000;
  console.log(
    `billing day: issued ${issued.issued} period charges in ${issueS.toFixed(1)} s (${Math.round(issued.issued / issueS)}/s)`,
  );
  // The debit day: the same pass on the period's date.
  const dueDay = {
    now: () => new Date(midnightOf(periodDate(due, "monthly", 0)).getTime() + 60_000),
  };
  // BENCH_ANALYZE=1: fresh statistics first (what autovacuum's analyze gives a table that grew),
  // to tell the plan's cost from the work's.
  if (process.env.BENCH_ANALYZE === "1") await t.db.exec("ANALYZE subscription_periods, charges, subscriptions");
  const debit0 = performance.now();
  const paid = await billingPass({ ...subsDeps, clock: dueDay });
  const debitS = (performance.now() - debit0) / 1000;
  console.log(
    `debit day: paid ${paid.paid} charges in ${debitS.toFixed(1)} s (${Math.round(paid.paid / debitS)}/s)`,
  );
  const peakMb = process.resourceUsage().maxRSS / 1024;
  console.log(`peak RSS ${peakMb.toFixed(0)} MB`);
  console.log(
    JSON.stringify({
      count,
      issueSeconds: issueS,
      debitSeconds: debitS,
      peakRssMb: Math.round(peakMb),
    }),
  );
} finally {
  await t.close();
}
