import assert from "node:assert/strict";
import { test } from "node:test";
import { cryptoRandom, manualClock } from "../kernel/clock.ts";
import { newId } from "./ids.ts";

test("ids sort by creation time as plain strings", () => {
  const clock = manualClock();
  const ids: string[] = [];
  for (let i = 0; i < 200; i++) {
    ids.push(newId("pix", { clock, random: cryptoRandom }));
    clock.advance(1 + (i % 7));
  }
  assert.deepEqual([...ids].sort(), ids);
  for (const id of ids) assert.match(id, /^pix_[0-9a-hjkmnp-tv-z]{26}$/);
});
