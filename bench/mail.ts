import { randomBytes } from "node:crypto";
import pg from "pg";
import { startSmtpSink } from "../test/helpers/smtp-sink.ts";
import { type Proc, peakRssMb, start } from "./processes.ts";

// `npm run bench -- mail` (or `npx tsx bench/mail.ts`): payers' mail at volume (issue 35). One
// service process on its own PostgreSQL schema, its test-mode relay a local SMTP server that
// requires STARTTLS and AUTH (test/helpers/smtp-sink.ts) in this process.
// 1. A batch of 1,000 due-date bills, each with its payer's address: the time from the batch
//    call to the 1,000th bill at the sink (each with its PDF and inline QR), and the service's
//    peak RSS. Goal: within 30 s, under 300 MB.
// 2. 300 more bills, the service SIGKILLed once about a third are at the sink, a new process
//    started on the same schema: every one of the 300 arrives, and the duplicates (the mails in
//    flight at the kill, sent again since their claims lapsed) are counted. Goal: all 300, a
//    few twice at most.

const DATABASE_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.DATABASE_URL ??
  "postgres://root@127.0.0.1:5432/test";
const serviceMain = process.env.BENCH_SERVICE_ROOT
  ? `${process.env.BENCH_SERVICE_ROOT}/src/main.ts`
  : "../src/main.ts";

const due = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
const line = (run: string, n: number) => ({
  value: 50 + (n % 500),
  title: `Mensalidade ${n}`,
  external_id: `${run}-${n}`,
  customer_name: `Cliente ${n}`,
  customer_cpf: "52998224725",
  customer_email: `cliente${n}@example.com`,
  due_date: due,
  fine: { mode: "percent", value: 2 },
  interest: { mode: "percent_per_month_calendar_days", value: 1 },
});

export async function benchMail(): Promise<string[]> {
  const schema = `bench_mail_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const u = new URL(DATABASE_URL);
  u.searchParams.set("options", `-c search_path=${schema}`);
  const sink = await startSmtpSink();
  const env = {
    DATABASE_URL: u.toString(),
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: "error",
    TOSTAO_SECRET_KEY: randomBytes(32).toString("hex"),
    TOSTAO_RATE_LIMIT_TEST: "0",
    TOSTAO_SMTP_TEST_URL: sink.url,
    TOSTAO_MAIL_FROM: "cobranca@loja.example",
    TOSTAO_MAIL_DAILY_CAP: "100000",
  };
  const out: string[] = [];
  let service: Proc | undefined;
  try {
    service = await start(serviceMain, env);
    await new Promise((r) => setTimeout(r, 100));
    const token = /(svc_test_[0-9A-Za-z]+)/.exec(service.out())?.[1];
    if (!token) throw new Error(`no bootstrap token:\n${service.out()}`);
    const batch = async (url: string, run: string, n: number) => {
      const res = await fetch(`${url}/api/pix/charges/batch`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ charges: Array.from({ length: n }, (_, i) => line(run, i)) }),
      });
      if (res.status !== 200) throw new Error(`batch: ${res.status} ${await res.text()}`);
    };

    const t0 = performance.now();
    await batch(service.url, "a", 1000);
    const called = performance.now() - t0;
    await sink.waitFor(1000, 120_000);
    const all = performance.now() - t0;
    const withPdf = sink.received.filter((m) =>
      m.parsed.attachments.some((a) => a.contentType === "application/pdf"),
    ).length;
    const rss = peakRssMb(service.child.pid);
    out.push(
      `1,000 bills (batch call ${(called / 1000).toFixed(1)} s): the 1,000th at the sink ${(all / 1000).toFixed(1)} s after the call (${(1000 / (all / 1000)).toFixed(0)} mails/s), ${withPdf} with a PDF; service peak RSS ${rss} MB (goals: 30 s, 300 MB)`,
    );

    sink.received.length = 0;
    await batch(service.url, "b", 300);
    await sink.waitFor(100, 60_000);
    service.child.kill("SIGKILL");
    const atKill = sink.received.length;
    await new Promise((r) => service?.child.once("exit", r));
    service = await start(serviceMain, env);
    const until = Date.now() + 180_000;
    const ids = () => new Set(sink.received.map((m) => m.parsed.messageId));
    while (ids().size < 300 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    const unique = ids().size;
    out.push(
      `SIGKILL at ${atKill} of 300 at the sink: after a restart ${unique} of 300 arrived, ${sink.received.length - unique} twice (the mails in flight, sent again once their claims lapsed)`,
    );
  } finally {
    service?.child.kill("SIGTERM");
    await sink.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`).catch(() => {});
    await admin.end();
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const l of await benchMail()) console.log(l);
}
