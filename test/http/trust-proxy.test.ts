import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/http/app.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// Behind a proxy, the client IP is the X-Forwarded-For entry the proxy itself appended: what the
// client wrote to its left is ignored, so it cannot take a fresh per-IP budget per request. Over
// real HTTP: the test is the proxy (its socket is 127.0.0.1), and each request carries the
// client's own forged entries followed by the address the proxy saw.

let svc: TestService;
const apps: FastifyInstance[] = [];
before(async () => {
  svc = await startTestService({
    env: {
      TOSTAO_WORKERS: "false",
      TOSTAO_TRUST_PROXY: "1",
      TOSTAO_CHECKOUT_PER_IP_PER_MINUTE: "3",
    },
  });
});
after(async () => {
  for (const app of apps) await app.close();
  await svc.close();
});

/** The service's app behind `trustProxy`, listening on loopback; returns its base URL. */
async function listening(trustProxy: TestService["deps"]["config"]["trustProxy"]) {
  const app = buildApp({ ...svc.deps, config: { ...svc.deps.config, trustProxy } });
  apps.push(app);
  return app.listen({ port: 0, host: "127.0.0.1" });
}

async function newProduct() {
  const a = await svc.newAccount();
  const res = await svc.call("POST", "/api/products/create", {
    token: a.test,
    body: { name: "Ebook", value: 10 },
  });
  return res.json().data.id as string;
}

/** Five public checkouts from one client that writes a different address of its own each time. */
async function forgedCheckouts(base: string, realClient: (i: number) => string) {
  const product = await newProduct();
  // The budget counts per minute: not across a minute's boundary.
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 50_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
  const codes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const res = await fetch(`${base}/api/pix/charge/create`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": `192.0.2.${i + 1}, 127.0.0.1, ${realClient(i)}`,
      },
      body: JSON.stringify({ product_id: product }),
    });
    codes.push(res.status);
  }
  return codes;
}

describe("TOSTAO_TRUST_PROXY", () => {
  test("with a proxy count, a client writing its own X-Forwarded-For entries gets no more public checkouts than its budget", async () => {
    const base = await listening(svc.deps.config.trustProxy);
    assert.deepEqual(svc.deps.config.trustProxy, { hops: 1 });
    const codes = await forgedCheckouts(base, () => "203.0.113.9");
    assert.deepEqual(codes, [200, 200, 200, 429, 429]);
  });

  test("with the proxies' addresses, the same client is held to the same budget", async () => {
    const base = await listening({ addresses: ["127.0.0.1", "10.0.0.0/8"] });
    const codes = await forgedCheckouts(base, () => "203.0.113.10");
    assert.deepEqual(codes, [200, 200, 200, 429, 429]);
  });

  test("an IPv6 client is one client across its /64", async () => {
    const base = await listening({ hops: 1 });
    const codes = await forgedCheckouts(base, (i) => `2001:db8:77:1::${i + 1}`);
    assert.deepEqual(codes, [200, 200, 200, 429, 429]);
  });
});
