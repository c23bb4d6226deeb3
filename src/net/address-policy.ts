// Outbound address policy for webhook deliveries. A webhook URL is chosen by a customer, so
// without this check the service could be made to POST into its own network (databases, admin
// ports, the cloud metadata endpoint at 169.254.169.254). The rules are hand coded on raw bytes
// rather than string prefixes, so every spelling of an address (IPv4-mapped, compressed IPv6,
// mixed notation) is judged by what it actually reaches.
import { lookup as dnsLookup } from "node:dns/promises";
import { isIP } from "node:net";

/** Resolves a host name to every address it has (the shape of dns.promises.lookup with all). */
export type LookupAll = (
  host: string,
) => Promise<ReadonlyArray<{ readonly address: string; readonly family: number }>>;

export type AddressPolicy = { readonly allowHosts: readonly string[] };

export type UrlCheck = { ok: true; url: URL } | { ok: false; reason: string };
export type ResolveCheck =
  | { ok: true; addresses: readonly string[] }
  | { ok: false; reason: string };

// IPv4 ranges that are not globally reachable (IANA special-purpose registry, RFC 6890 and
// successors). 192.88.99/24 is the deprecated 6to4 relay anycast, blocked as Svix does.
const V4_BLOCKED: ReadonlyArray<readonly [string, number]> = [
  ["0.0.0.0", 8], // "this network", includes the unspecified address
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, includes cloud metadata 169.254.169.254
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // TEST-NET-1
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // TEST-NET-2
  ["203.0.113.0", 24], // TEST-NET-3
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, includes the broadcast 255.255.255.255
];

const V4_RULES = V4_BLOCKED.map(([base, bits]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { base: v4ToInt(parseV4(base)), mask };
});

function parseV4(text: string): number[] {
  return text.split(".").map((part) => Number.parseInt(part, 10));
}

function v4ToInt(b: readonly number[]): number {
  return (((b[0] ?? 0) << 24) | ((b[1] ?? 0) << 16) | ((b[2] ?? 0) << 8) | (b[3] ?? 0)) >>> 0;
}

function parseV6(text: string): number[] {
  // Expands to 16 bytes; net.isIP has already validated the syntax, so the parse can be simple.
  let head = text;
  let tail: number[] = [];
  const dotted = text.lastIndexOf(":");
  if (text.includes(".")) {
    const v4 = parseV4(text.slice(dotted + 1));
    tail = [((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0)];
    head = text.slice(0, dotted + 1);
    if (head.endsWith(":") && !head.endsWith("::")) head = head.slice(0, -1);
  }
  const groups = (s: string) => (s === "" ? [] : s.split(":").map((g) => Number.parseInt(g, 16)));
  let words: number[];
  const gap = head.indexOf("::");
  if (gap >= 0) {
    const left = groups(head.slice(0, gap));
    const right = [...groups(head.slice(gap + 2)), ...tail];
    words = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  } else {
    words = [...groups(head), ...tail];
  }
  return words.flatMap((w) => [w >> 8, w & 0xff]);
}

/** Parses an IP literal (optionally bracketed, optionally with a zone id) into its bytes. */
export function parseIp(raw: string): { version: 4 | 6; bytes: number[] } | null {
  let text = raw.startsWith("[") && raw.endsWith("]") ? raw.slice(1, -1) : raw;
  const zone = text.indexOf("%");
  if (zone >= 0) text = text.slice(0, zone);
  const version = isIP(text);
  if (version === 4) return { version, bytes: parseV4(text) };
  if (version === 6) return { version, bytes: parseV6(text.toLowerCase()) };
  return null;
}

function isPublicV4(bytes: readonly number[]): boolean {
  const n = v4ToInt(bytes);
  return V4_RULES.every((rule) => (n & rule.mask) >>> 0 !== rule.base);
}

function startsWith(bytes: readonly number[], prefix: readonly number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

function isPublicV6(b: readonly number[]): boolean {
  const zeros = (n: number) => new Array<number>(n).fill(0);
  // ::ffff:a.b.c.d reaches the IPv4 host a.b.c.d through a dual-stack socket.
  if (startsWith(b, [...zeros(10), 0xff, 0xff])) return isPublicV4(b.slice(12));
  // ::/96 holds ::, ::1 and the deprecated IPv4-compatible form (RFC 4291 2.5.5.1): never a
  // legitimate destination, and some stacks still route it to the embedded IPv4 host.
  if (startsWith(b, zeros(12))) return false;
  // NAT64 well-known prefix: the gateway forwards to the embedded IPv4 address.
  if (startsWith(b, [0x00, 0x64, 0xff, 0x9b, ...zeros(8)])) return isPublicV4(b.slice(12));
  // Only 2000::/3 is allocated as global unicast; everything else (fc00::/7 unique-local,
  // fe80::/10 link-local, ff00::/8 multicast, 100::/64 discard, 64:ff9b:1::/48 local NAT64,
  // 5f00::/16 SRv6) is refused wholesale.
  if (((b[0] ?? 0) & 0xe0) !== 0x20) return false;
  // 6to4 tunnels to the IPv4 address in bytes 2..5.
  if (b[0] === 0x20 && b[1] === 0x02) return isPublicV4(b.slice(2, 6));
  // 2001::/23 is IETF protocol assignments (Teredo, benchmarking, ORCHID).
  if (b[0] === 0x20 && b[1] === 0x01 && ((b[2] ?? 0) & 0xfe) === 0) return false;
  if (startsWith(b, [0x20, 0x01, 0x0d, 0xb8])) return false; // documentation 2001:db8::/32
  if (b[0] === 0x3f && b[1] === 0xff && ((b[2] ?? 0) & 0xf0) === 0) return false; // 3fff::/20
  return true;
}

/** True only for a syntactically valid IP address that is globally reachable unicast. */
export function isPublicAddress(ip: string): boolean {
  const parsed = parseIp(ip);
  if (parsed === null) return false;
  return parsed.version === 4 ? isPublicV4(parsed.bytes) : isPublicV6(parsed.bytes);
}

/** Canonical text of an IP literal, so "::1", "0:0::1" and "[::1]" compare equal. */
function canonicalIp(raw: string): string | null {
  const parsed = parseIp(raw);
  return parsed === null ? null : `${parsed.version}/${parsed.bytes.join(".")}`;
}

function normaliseHost(host: string): string {
  const bare = host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
  return bare.toLowerCase().replace(/\.$/, "");
}

/** Whether a host name or IP literal appears in the allow list (IPs compared by value). */
export function isAllowListed(host: string, policy: AddressPolicy): boolean {
  const wanted = normaliseHost(host);
  const wantedIp = canonicalIp(wanted);
  return policy.allowHosts.some((entry) => {
    const e = normaliseHost(entry);
    return e === wanted || (wantedIp !== null && canonicalIp(e) === wantedIp);
  });
}

/**
 * The one answer for every host name refused (localhost, a name with any private address, a
 * name that does not resolve, a lookup that fails): different answers would let a caller map
 * which names exist inside our network by trying them as webhook or PSP URLs. IP literals are
 * named as written, since the caller already knows them.
 */
export const refusedHost = (name: string) => `host ${name} does not resolve to a public address`;

/** A resolved address may be dialled if it is public or explicitly allow-listed by value. */
export function isAddressAllowed(address: string, policy: AddressPolicy): boolean {
  return isPublicAddress(address) || isAllowListed(address, policy);
}

/** The registration-time check: scheme, credentials and literal IPs, without any DNS. */
export function checkWebhookUrl(url: string, policy: AddressPolicy): UrlCheck {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, reason: "URL is not valid" };
  }
  const host = parsed.hostname;
  const allowed = host !== "" && isAllowListed(host, policy);
  if (parsed.protocol !== "https:" && !(parsed.protocol === "http:" && allowed)) {
    return { ok: false, reason: "URL must use https" };
  }
  if (parsed.username !== "" || parsed.password !== "") {
    return { ok: false, reason: "URL must not contain credentials" };
  }
  if (host === "") return { ok: false, reason: "URL has no host" };
  if (allowed) return { ok: true, url: parsed };
  // The WHATWG parser has already normalised forms like 0x7f.1 or 2130706433 to dotted IPv4.
  if (parseIp(host) !== null && !isPublicAddress(host)) {
    return { ok: false, reason: `address ${normaliseHost(host)} is not public` };
  }
  // RFC 6761 reserves localhost names for loopback; refusing them early gives a clearer message.
  const name = normaliseHost(host);
  if (name === "localhost" || name.endsWith(".localhost")) {
    return { ok: false, reason: refusedHost(name) };
  }
  return { ok: true, url: parsed };
}

/** The system resolver (getaddrinfo, so /etc/hosts applies) returning every address. */
export const systemLookup: LookupAll = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * Resolves a host and refuses when ANY of its addresses is not public: a client may pick any of
 * them, so one private record is enough to reach the internal network.
 */
export async function resolveAndCheck(
  host: string,
  policy: AddressPolicy,
  lookup: LookupAll = systemLookup,
): Promise<ResolveCheck> {
  const bare = normaliseHost(host);
  if (parseIp(bare) !== null) {
    return isAddressAllowed(bare, policy)
      ? { ok: true, addresses: [bare] }
      : { ok: false, reason: `address ${bare} is not public` };
  }
  let records: ReadonlyArray<{ address: string }>;
  try {
    records = await lookup(bare);
  } catch {
    return { ok: false, reason: refusedHost(bare) };
  }
  const addresses = records.map((r) => r.address);
  if (addresses.length === 0) return { ok: false, reason: refusedHost(bare) };
  if (isAllowListed(bare, policy)) return { ok: true, addresses };
  // The reason never names the address: it would tell a caller what names inside our network
  // resolve to (a red team read "host vm resolves to 127.0.0.1" from a 422).
  if (addresses.some((a) => !isAddressAllowed(a, policy))) {
    return { ok: false, reason: refusedHost(bare) };
  }
  return { ok: true, addresses };
}
