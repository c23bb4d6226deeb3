import assert from "node:assert/strict";
import { BlockList } from "node:net";
import { describe, test } from "node:test";
import fc from "fast-check";
import {
  checkWebhookUrl,
  isPublicAddress,
  type LookupAll,
  resolveAndCheck,
} from "./address-policy.ts";

// Each row: why, then addresses that must NOT be public for that reason.
const NOT_PUBLIC: ReadonlyArray<readonly string[]> = [
  ["unspecified / this network 0/8", "0.0.0.0", "0.1.2.3", "::", "0:0:0:0:0:0:0:0"],
  ["private", "10.0.0.1", "10.255.255.255", "172.16.0.1", "172.31.255.255", "192.168.1.1"],
  ["CGNAT 100.64/10", "100.64.0.1", "100.127.255.255"],
  ["loopback", "127.0.0.1", "127.255.255.254", "::1", "[::1]", "0:0:0:0:0:0:0:1"],
  ["link-local and cloud metadata", "169.254.169.254", "169.254.0.1", "fe80::1", "febf::1"],
  ["link-local with a zone id", "fe80::1%eth0"],
  ["IETF / documentation / benchmarking", "192.0.0.8", "192.0.2.1", "198.51.100.7", "203.0.113.9"],
  ["benchmarking 198.18/15 and 6to4 relay", "198.18.0.1", "198.19.255.255", "192.88.99.1"],
  ["multicast", "224.0.0.1", "239.255.255.250", "ff02::1", "ff0e::1"],
  ["reserved 240/4 and broadcast", "240.0.0.1", "255.255.255.255"],
  ["IPv4-mapped", "::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:10.0.0.1", "::ffff:169.254.169.254"],
  ["IPv4-compatible (deprecated), whatever the IPv4", "::127.0.0.1", "::8.8.8.8"],
  ["NAT64 of a private IPv4", "64:ff9b::127.0.0.1", "64:ff9b::a9fe:a9fe"],
  ["6to4 of a private IPv4", "2002:7f00:1::1", "2002:c0a8:0101::"],
  ["unique-local fc00::/7", "fc00::1", "fd12:3456::1"],
  ["documentation, Teredo, discard", "2001:db8::1", "3fff::1", "2001::1", "100::1"],
  ["not an address", "not-an-ip", "1.2.3", "", "example.com"],
];

const PUBLIC = `1.1.1.1 8.8.8.8 93.184.215.14 100.63.255.255 100.128.0.0 172.15.255.255 172.32.0.0
  192.0.1.1 198.17.255.255 198.20.0.0 223.255.255.255 ::ffff:8.8.8.8 64:ff9b::8.8.8.8
  2002:0808:0808::1 2001:4860:4860::8888 2606:4700:4700::1111 2a00:1450:4001:80b::200e`
  .trim()
  .split(/\s+/);

describe("isPublicAddress", () => {
  for (const [why, ...ips] of NOT_PUBLIC) {
    test(`refuses ${why}: ${ips.join(", ")}`, () => {
      for (const ip of ips) assert.equal(isPublicAddress(ip), false, ip);
    });
  }
  test(`accepts public unicast, including range neighbours: ${PUBLIC.join(", ")}`, () => {
    for (const ip of PUBLIC) assert.equal(isPublicAddress(ip), true, ip);
  });

  test("IPv4 verdicts match node's BlockList built from the same ranges (random addresses)", () => {
    const oracle = new BlockList();
    for (const [net, bits] of [
      ["0.0.0.0", 8],
      ["10.0.0.0", 8],
      ["100.64.0.0", 10],
      ["127.0.0.0", 8],
      ["169.254.0.0", 16],
      ["172.16.0.0", 12],
      ["192.0.0.0", 24],
      ["192.0.2.0", 24],
      ["192.88.99.0", 24],
      ["192.168.0.0", 16],
      ["198.18.0.0", 15],
      ["198.51.100.0", 24],
      ["203.0.113.0", 24],
      ["224.0.0.0", 4],
      ["240.0.0.0", 4],
    ] as const) {
      oracle.addSubnet(net, bits, "ipv4");
    }
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(fc.tuple(octet, octet, octet, octet), (parts) => {
        const ip = parts.join(".");
        assert.equal(isPublicAddress(ip), !oracle.check(ip, "ipv4"), ip);
      }),
      { numRuns: 20_000 },
    );
  });

  test("IPv4-mapped, NAT64 and 6to4 forms are judged exactly like their embedded IPv4", () => {
    const octet = fc.integer({ min: 0, max: 255 });
    fc.assert(
      fc.property(fc.tuple(octet, octet, octet, octet), (p) => {
        const v4 = p.join(".");
        const hex = (a: number, b: number) => ((a << 8) | b).toString(16);
        const expected = isPublicAddress(v4);
        assert.equal(isPublicAddress(`::ffff:${v4}`), expected);
        assert.equal(isPublicAddress(`64:ff9b::${v4}`), expected);
        assert.equal(isPublicAddress(`2002:${hex(p[0], p[1])}:${hex(p[2], p[3])}::1`), expected);
      }),
      { numRuns: 5_000 },
    );
  });
});

describe("checkWebhookUrl", () => {
  const none = { allowHosts: [] };
  const local = { allowHosts: ["127.0.0.1", "localhost"] };
  const refused: Array<[string, string]> = [
    ["http://example.com/hook", "URL must use https"],
    ["ftp://example.com/hook", "URL must use https"],
    ["not a url", "URL is not valid"],
    ["https://user:pw@example.com/", "URL must not contain credentials"],
    ["https://127.0.0.1/", "address 127.0.0.1 is not public"],
    ["https://2130706433/", "address 127.0.0.1 is not public"], // decimal form of 127.0.0.1
    ["https://10.0.0.1/", "address 10.0.0.1 is not public"],
    ["https://169.254.169.254/", "address 169.254.169.254 is not public"],
    ["https://[::1]/", "address ::1 is not public"],
    ["https://[::ffff:127.0.0.1]/", "address ::ffff:7f00:1 is not public"],
    ["https://localhost/", "host localhost does not resolve to a public address"],
    ["https://api.localhost/", "host api.localhost does not resolve to a public address"],
  ];
  for (const [url, reason] of refused) {
    test(`refuses ${url}: ${reason}`, () =>
      assert.deepEqual(checkWebhookUrl(url, none), { ok: false, reason }));
  }

  test("accepts a public https URL", () => {
    const r = checkWebhookUrl("https://hooks.example.com/a?b=1", none);
    assert.equal(r.ok && r.url.href, "https://hooks.example.com/a?b=1");
  });

  test("allow-listed hosts may use plain http and private literals; others still need https", () => {
    assert.equal(checkWebhookUrl("http://127.0.0.1:3000/hook", local).ok, true);
    assert.equal(checkWebhookUrl("http://localhost:3000/hook", local).ok, true);
    assert.equal(checkWebhookUrl("https://127.0.0.1/", local).ok, true);
    assert.equal(checkWebhookUrl("http://example.com/", local).ok, false);
    assert.equal(checkWebhookUrl("http://10.0.0.1/", local).ok, false);
    assert.equal(checkWebhookUrl("http://u:p@127.0.0.1/", local).ok, false);
  });
});

describe("resolveAndCheck", () => {
  const none = { allowHosts: [] };
  const answer =
    (...addresses: string[]): LookupAll =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

  test("accepts a name whose addresses are all public", async () => {
    const r = await resolveAndCheck("hooks.example", none, answer("93.184.215.14", "2606:4700::1"));
    assert.deepEqual(r, { ok: true, addresses: ["93.184.215.14", "2606:4700::1"] });
  });

  test("refuses a name that resolves to a private address, without saying which address", async () => {
    const r = await resolveAndCheck("evil.example", none, answer("10.0.0.1"));
    assert.deepEqual(r, {
      ok: false,
      reason: "host evil.example does not resolve to a public address",
    });
    const mixed = await resolveAndCheck("vm", none, answer("93.184.215.14", "127.0.0.1"));
    assert.deepEqual(mixed, { ok: false, reason: "host vm does not resolve to a public address" });
  });

  test("refuses a name when ANY of its addresses is not public", async () => {
    const r = await resolveAndCheck(
      "mixed.example",
      none,
      answer("93.184.215.14", "::ffff:169.254.169.254"),
    );
    assert.equal(r.ok, false);
  });

  test("checks IP literals without any lookup", async () => {
    const noLookup: LookupAll = async () => assert.fail("lookup must not be called");
    assert.equal((await resolveAndCheck("127.0.0.1", none, noLookup)).ok, false);
    assert.equal((await resolveAndCheck("[::1]", none, noLookup)).ok, false);
    assert.equal((await resolveAndCheck("8.8.8.8", none, noLookup)).ok, true);
  });

  test("allow-listing by name skips the address check; by IP allows just that address", async () => {
    assert.equal(
      (
        await resolveAndCheck(
          "localhost",
          { allowHosts: ["localhost"] },
          answer("::1", "127.0.0.1"),
        )
      ).ok,
      true,
    );
    const byIp = { allowHosts: ["127.0.0.1"] };
    assert.equal((await resolveAndCheck("dev.test", byIp, answer("127.0.0.1"))).ok, true);
    assert.equal(
      (await resolveAndCheck("dev.test", byIp, answer("127.0.0.1", "10.0.0.1"))).ok,
      false,
    );
  });

  test("a failed or empty resolution is a refusal worded as a private one, not an exception", async () => {
    const failing: LookupAll = async () => {
      throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
    };
    assert.deepEqual(await resolveAndCheck("nope.example", none, failing), {
      ok: false,
      reason: "host nope.example does not resolve to a public address",
    });
    assert.deepEqual(await resolveAndCheck("empty.example", none, answer()), {
      ok: false,
      reason: "host empty.example does not resolve to a public address",
    });
  });
});
