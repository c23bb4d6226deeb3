import assert from "node:assert/strict";
import { test } from "node:test";
import { clientKey } from "./client-key.ts";

test("per-IP limits count an IPv6 client by its /64 and an IPv4 client by its address, however written", () => {
  assert.equal(clientKey("198.51.100.7"), "198.51.100.7");
  assert.equal(clientKey("::ffff:198.51.100.7"), "198.51.100.7");
  assert.equal(clientKey("2001:db8:1:2::1"), "2001:db8:1:2::/64");
  assert.equal(clientKey("2001:DB8:1:2:ffff:ffff:ffff:fffe"), "2001:db8:1:2::/64");
  assert.equal(clientKey("2001:0db8:0001:0002::9%eth0"), "2001:db8:1:2::/64");
  assert.equal(clientKey("::1"), "0:0:0:0::/64");
  assert.notEqual(clientKey("2001:db8:1:3::1"), clientKey("2001:db8:1:2::1"));
  assert.equal(clientKey("64:ff9b::198.51.100.7"), "64:ff9b:0:0::/64");
});
