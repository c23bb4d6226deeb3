import assert from "node:assert/strict";
import { test } from "node:test";
import { boundedMemo } from "./bounded-memo.ts";

test("a document is built once per base URL, and the cache never holds more than max", () => {
  const built: string[] = [];
  const memo = boundedMemo((base) => {
    built.push(base);
    return { base };
  }, 2);
  const first = memo("https://a");
  assert.equal(memo("https://a"), first, "the same object, not rebuilt");
  memo("https://b");
  memo("https://c"); // a third key: the cache starts over
  memo("https://a");
  assert.deepEqual(built, ["https://a", "https://b", "https://c", "https://a"]);
});
