import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { type BothNodes, nodeBackends, startBothNodes } from "../helpers/ln-peer/index.ts";
import { startReceiver } from "../helpers/receiver.ts";
import { startTestService, type TestService } from "../helpers/service.ts";

// A Lightning settlement reaches the merchant's webhook well within the 2 s promised: the
// approval's charge.approved is written with its deliveries in one statement that NOTIFYs the
// delivery workers at commit (db/queries/events.ts), as a PIX approval's is, so the worker is
// woken at once rather than at its next look at the queue. Workers on, the node's stream open.

let svc: TestService;
let nodes: BothNodes;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

before(async () => {
  nodes = await startBothNodes();
  receiver = await startReceiver();
  svc = await startTestService({ env: { TOSTAO_WEBHOOK_ALLOW_HOSTS: "127.0.0.1" } });
});
after(async () => {
  await svc.close();
  await nodes.close();
  await receiver.close();
});

describe("a Lightning settlement's webhook", () => {
  for (const b of nodeBackends(() => nodes)) {
    test(`${b.name}: charge.approved reaches the merchant's webhook within 2 s of the settlement (the promise), every time`, async () => {
      const a = await svc.newAccount();
      const hook = await svc.call("POST", "/api/webhooks/create", {
        token: a.test,
        body: { url: receiver.url, events: ["charge.approved"] },
      });
      assert.equal(hook.statusCode, 200, hook.body);
      const saved = await svc.call("POST", "/api/crypto/lightning", {
        token: a.test,
        body: b.body(),
      });
      assert.equal(saved.statusCode, 200, saved.body);
      await svc.lightningWorker.runOnce();
      const took: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await svc.call("POST", "/api/crypto/charge/create", {
          token: a.test,
          body: { value: 35 },
        });
        const c = res.json().data;
        for (let k = 0; k < 100 && b.peer().streamCount() < 1; k++)
          await new Promise((r) => setTimeout(r, 30));
        const seen = receiver.received.length;
        const t0 = Date.now();
        b.peer().settle(b.peer().book.byInvoice(c.lightningInvoice)?.paymentHash ?? "");
        const got = await receiver.waitFor(seen + 1, 5000);
        const r = got[seen];
        assert.equal(r?.json?.event, "charge.approved");
        assert.equal(r?.json?.data?.paymentMethod, "lightning");
        took.push((r?.at ?? Number.POSITIVE_INFINITY) - t0);
      }
      console.log(`${b.name}: settlement to webhook ${took.join(", ")} ms`);
      for (const ms of took) assert.ok(ms < 2000, `${ms} ms`);
    });
  }
});
