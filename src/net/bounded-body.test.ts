import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { boundedLines, readBoundedText, TooLargeError } from "./bounded-body.ts";

async function* chunks(parts: Array<string | Buffer>): AsyncGenerator<Buffer> {
  for (const p of parts) yield Buffer.isBuffer(p) ? p : Buffer.from(p);
}
async function all(gen: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const l of gen) out.push(l);
  return out;
}

describe("bounded reading of an outside server's answer", () => {
  test("an answer within the limit is read whole, a character cut between chunks included", async () => {
    const euro = Buffer.from("€");
    const text = await readBoundedText(
      chunks(['{"a":"', euro.subarray(0, 1), euro.subarray(1), '"}']),
      16,
    );
    assert.equal(text, '{"a":"€"}');
  });

  test("an answer over the limit stops the read at the first chunk past it; a declared length over it is refused unread", async () => {
    let pulled = 0;
    async function* endless() {
      for (;;) {
        pulled++;
        yield Buffer.alloc(1024, "x");
      }
    }
    await assert.rejects(readBoundedText(endless(), 4096), TooLargeError);
    assert.equal(pulled, 5);
    await assert.rejects(readBoundedText(chunks(["x"]), 4096, "999999"), /larger than 4 KiB/);
  });

  test("lines split across chunks, blank lines skipped, the last unterminated line kept", async () => {
    const got = await all(boundedLines(chunks(['{"a":', '1}\n\n{"b"', ":2}\r\n", '{"c":3}']), 64));
    assert.deepEqual(got, ['{"a":1}', '{"b":2}', '{"c":3}']);
  });

  test("a line over the limit throws as soon as it is seen, after the lines before it", async () => {
    const seen: string[] = [];
    await assert.rejects(async () => {
      for await (const l of boundedLines(chunks(["ok\n", "x".repeat(40), "x".repeat(40)]), 64))
        seen.push(l);
    }, TooLargeError);
    assert.deepEqual(seen, ["ok"]);
  });
});
