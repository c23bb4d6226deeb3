import assert from "node:assert/strict";
import { test } from "node:test";
import { checkPasswordRules, hashPassword, verifyPassword } from "./password.ts";

test("a password verifies against its own hash only; the hash holds no clear text and its salt varies", async () => {
  const a = await hashPassword("correct horse battery", 14);
  const b = await hashPassword("correct horse battery", 14);
  assert.match(a, /^scrypt\$14\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
  assert.notEqual(a, b, "a new salt each time");
  assert.ok(!a.includes("horse"));
  assert.equal(await verifyPassword("correct horse battery", a), true);
  assert.equal(await verifyPassword("correct horse batterY", a), false);
  assert.equal(await verifyPassword("correct horse battery", "md5$abc"), false);
});

test("passwords shorter than 10 or longer than 200 characters are refused with a 422", () => {
  assert.throws(() => checkPasswordRules("short"), /password: must be at least 10/);
  assert.throws(() => checkPasswordRules("x".repeat(201)), /at most 200/);
  checkPasswordRules("ten chars!");
});
