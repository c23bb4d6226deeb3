import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { manualClock } from "../kernel/clock.ts";
import { TokenCache } from "./token-cache.ts";

function counting(expiresInSec: number) {
  let n = 0;
  return {
    get count() {
      return n;
    },
    fetch: async () => ({ accessToken: `t${++n}`, expiresInSec }),
  };
}

describe("OAuth token cache", () => {
  test("a 1-hour token is reused until 60 s before it expires", async () => {
    const clock = manualClock();
    const f = counting(3600);
    const cache = new TokenCache(f.fetch, clock);
    assert.equal(await cache.get(), "t1");
    clock.advance(3539_000);
    assert.equal(await cache.get(), "t1");
    clock.advance(2_000);
    assert.equal(await cache.get(), "t2");
  });

  test("a short-lived token is renewed at half its life when that is sooner", async () => {
    const clock = manualClock();
    const f = counting(60);
    const cache = new TokenCache(f.fetch, clock);
    await cache.get();
    clock.advance(29_000);
    assert.equal(await cache.get(), "t1");
    clock.advance(2_000);
    assert.equal(await cache.get(), "t2");
  });

  test("concurrent callers share one request", async () => {
    const f = counting(3600);
    const cache = new TokenCache(f.fetch, manualClock());
    const all = await Promise.all([cache.get(), cache.get(), cache.get()]);
    assert.deepEqual(all, ["t1", "t1", "t1"]);
    assert.equal(f.count, 1);
  });

  test("invalidate drops only the refused token", async () => {
    const f = counting(3600);
    const cache = new TokenCache(f.fetch, manualClock());
    await cache.get();
    cache.invalidate("t0");
    assert.equal(await cache.get(), "t1");
    cache.invalidate("t1");
    assert.equal(await cache.get(), "t2");
  });

  test("a failed request is not cached", async () => {
    let fail = true;
    const cache = new TokenCache(async () => {
      if (fail) throw new Error("down");
      return { accessToken: "ok", expiresInSec: 3600 };
    }, manualClock());
    await assert.rejects(cache.get(), /down/);
    fail = false;
    assert.equal(await cache.get(), "ok");
  });
});
