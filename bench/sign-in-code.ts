import { createHmac, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { openPglite } from "../src/db/pglite.ts";
import { createAccount } from "../src/domain/accounts/create-account.ts";
import { signIn } from "../src/domain/users/sign-in.ts";
import { completeSignIn } from "../src/domain/users/sign-in-code.ts";
import { beginTotp, confirmTotp } from "../src/domain/users/two-factor.ts";
import { manualClock } from "../src/kernel/clock.ts";
import { createService } from "../src/service.ts";
import { signInDeps } from "../src/web/dashboard/routes/sign-in.ts";
import { addUser } from "../test/helpers/dashboard.ts";
import { testConfig } from "../test/helpers/service.ts";

// Issue 36 (docs/security.md, "Figures"): the sign-in's code step against a password sign-in,
// and one HMAC-SHA1 alone. The code step must cost no more than a password sign-in plus one
// HMAC: it runs no scrypt, only the code's HMACs (otpauth checks one step either side, so up to
// three) and the same session and audit writes as the password sign-in. In process on PGlite,
// the use cases the dashboard's routes call, at the production scrypt cost (2^17); wall time,
// median of BENCH_SIGNIN_RUNS (9) of each. `npm run bench -- sign-in-code`, or
// `npx tsx bench/sign-in-code.ts` alone.

const RUNS = Number(process.env.BENCH_SIGNIN_RUNS ?? 9);
const HMACS = 200_000;
const STEP = 30_000;
const PASSWORD = "correct horse battery staple";

const msSince = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** One HMAC-SHA1 of a TOTP counter (8 bytes) under a 20-byte key, in µs (median of 5 rounds). */
function hmacUs(): number {
  const key = randomBytes(20);
  const counter = Buffer.alloc(8);
  const round = () => {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < HMACS; i++) {
      counter.writeUInt32BE(i, 4);
      createHmac("sha1", key).update(counter).digest();
    }
    return (msSince(t0) * 1000) / HMACS;
  };
  round(); // warm-up
  return median(Array.from({ length: 5 }, round));
}

export async function benchSignInCode(): Promise<string[]> {
  const clock = manualClock(new Date(Date.now() - (Date.now() % STEP) + STEP / 2));
  const db = await openPglite(undefined);
  const svc = await createService(
    testConfig({ TOSTAO_PASSWORD_SCRYPT_COST: "17", TOSTAO_WORKERS: "false" }),
    { db, logger: false, clock },
  );
  try {
    const deps = signInDeps(svc.deps);
    const account = await createAccount(svc.deps, { name: "Bench shop" });
    const app = svc as unknown as Parameters<typeof addUser>[0];
    await addUser(app, account.id, "plain@example.com", PASSWORD);
    const coded = await addUser(app, account.id, "coded@example.com", PASSWORD);
    const who = { userId: coded.id, email: "coded@example.com" };
    const { secret } = await beginTotp(svc.deps, who);
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    const audit = { accountId: account.id, actor: { kind: "user" as const, id: who.email } };
    clock.advance(STEP);
    await confirmTotp(svc.deps, who, totp.generate({ timestamp: clock.now().getTime() }), audit);
    const input = (email: string) => ({ email, password: PASSWORD, ip: "192.0.2.10" });

    const password: number[] = [];
    const code: number[] = [];
    for (let i = 0; i <= RUNS; i++) {
      const t0 = process.hrtime.bigint();
      const a = await signIn(deps, input("plain@example.com"));
      const passwordMs = msSince(t0);
      if (!a.ok) throw new Error(`password sign-in: ${a.reason}`);
      // A later step each time: a code is never accepted twice.
      clock.advance(STEP);
      const pending = await signIn(deps, input("coded@example.com"));
      if (pending.ok || pending.reason !== "code") throw new Error("no code step");
      const c = totp.generate({ timestamp: clock.now().getTime() });
      const t1 = process.hrtime.bigint();
      const b = await completeSignIn(deps, {
        pendingCookie: pending.pendingCookie,
        code: c,
        ip: "192.0.2.10",
      });
      const codeMs = msSince(t1);
      if (!b.ok) throw new Error(`code step: ${b.reason}`);
      // The first round warms the JIT and PGlite's plans.
      if (i > 0) {
        password.push(passwordMs);
        code.push(codeMs);
      }
    }
    const h = hmacUs();
    const p = median(password);
    const k = median(code);
    const bound = p + h / 1000;
    return [
      `password sign-in (scrypt 2^17, session, audit): ${p.toFixed(1)} ms (median of ${RUNS})`,
      `code step (TOTP check, session, audit):         ${k.toFixed(2)} ms (median of ${RUNS})`,
      `one HMAC-SHA1 alone:                            ${h.toFixed(2)} µs (median of 5 rounds of ${HMACS.toLocaleString("en")})`,
      `code step <= password sign-in + one HMAC (${bound.toFixed(1)} ms): ${k <= bound ? "yes" : "NO"}`,
    ];
  } finally {
    await svc.close();
    await db.close().catch(() => {});
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.stdout.write(
    `sign-in code step (in process, PGlite):\n  ${(await benchSignInCode()).join("\n  ")}\n`,
  );
}
