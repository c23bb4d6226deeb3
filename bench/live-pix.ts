import { startLiveSetup } from "../test/helpers/live-pix.ts";
import { makeTestPki } from "../test/helpers/psp-peer/index.ts";

// `npx tsx bench/live-pix.ts`: a live PIX create against the local PSP peer (mTLS, OAuth token
// cached, one PUT /cob validated against the BACEN OpenAPI file by the peer) beside a sandbox
// create, on embedded PGlite in one process, requests sent one after another and then 8 at a
// time through the app (inject). Small and light on purpose (the machine is shared): it shows
// what the PSP round trip adds, not the service's throughput (`npm run bench` measures that).

const N = Number(process.env.N ?? 300);
// The client's default timeouts and retries, as in production.
const s = await startLiveSetup({ pki: makeTestPki(), profile: "efi", pspClient: {} });

async function measure(label: string, token: string, concurrency: number) {
  const times: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < N) {
        next++;
        const t = performance.now();
        const res = await s.svc.call("POST", "/api/pix/charge/create", {
          token,
          body: { value: 12.34, title: "Bench" },
        });
        if (res.statusCode !== 200) throw new Error(`${label}: ${res.body}`);
        times.push(performance.now() - t);
      }
    }),
  );
  const wall = performance.now() - t0;
  times.sort((a, b) => a - b);
  const q = (p: number) =>
    (times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0).toFixed(2);
  console.log(
    `${label.padEnd(28)} conc ${String(concurrency).padStart(2)}  ${(N / (wall / 1000)).toFixed(0).padStart(6)} req/s  p50 ${q(0.5)} ms  p99 ${q(0.99)} ms`,
  );
}

try {
  // The setup's merchant webhook would make the live rows deliver events the sandbox rows do not.
  const hooks = await s.svc.call("GET", "/api/webhooks", { token: s.account.live });
  for (const h of hooks.json().data.webhooks) {
    await s.svc.call("POST", "/api/webhooks/delete", { token: s.account.live, body: { id: h.id } });
  }
  // Warm both paths (JIT, the TLS session, the OAuth token).
  for (let i = 0; i < 20; i++) {
    await s.create();
    await s.svc.call("POST", "/api/pix/charge/create", {
      token: s.account.test,
      body: { value: 1, title: "warm" },
    });
  }
  for (const c of [1, 8]) {
    await measure("sandbox create (test token)", s.account.test, c);
    await measure("live create (PSP peer)", s.account.live, c);
  }
  s.peer.assertNoViolations();
  console.log(`token requests at the peer: ${s.peer.tokenRequests}`);
} finally {
  await s.close();
}
