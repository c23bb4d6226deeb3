import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { makeSecretBox, parseSecretKey } from "./secret-box.ts";

describe("makeSecretBox", () => {
  const box = makeSecretBox(randomBytes(32));

  it("opens what it sealed, and the sealed text does not contain the plaintext", () => {
    const sealed = box.seal("whsec_plaintext", "wh_1");
    assert.ok(!sealed.includes("whsec_plaintext"));
    assert.equal(box.open(sealed, "wh_1"), "whsec_plaintext");
  });

  it("does not open a value sealed for something else, or under another key", () => {
    const sealed = box.seal("whsec_plaintext", "wh_1");
    assert.throws(() => box.open(sealed, "wh_2"));
    assert.throws(() => makeSecretBox(randomBytes(32)).open(sealed, "wh_1"));
  });

  it("refuses keys that are not 32 bytes", () => {
    assert.throws(() => makeSecretBox(randomBytes(16)), /32 bytes/);
  });
});

describe("parseSecretKey", () => {
  it("reads 64 hex characters or base64 of 32 bytes, and nothing else", () => {
    const key = randomBytes(32);
    assert.deepEqual(parseSecretKey(`${key.toString("hex")}\n`), key);
    assert.deepEqual(parseSecretKey(key.toString("base64")), key);
    assert.equal(parseSecretKey("abc"), undefined);
    assert.equal(parseSecretKey(randomBytes(31).toString("base64")), undefined);
  });
});
