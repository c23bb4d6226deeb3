import { isIPv6 } from "node:net";

/**
 * The key every per-client-IP limit counts under (public request rate, checkout budgets,
 * sign-in). An IPv4 address is itself (also when written IPv4-mapped, ::ffff:a.b.c.d); an IPv6
 * address is its /64, since one subscriber is routinely given a whole /64 and could otherwise
 * take a fresh address, and a fresh budget, for every request.
 */
export function clientKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const lower = ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped?.[1]) return mapped[1];
  return `${expandIPv6(lower).slice(0, 4).join(":")}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros ("::" and a zone expanded away). */
function expandIPv6(ip: string): string[] {
  const [bare = ""] = ip.split("%");
  let text = bare;
  // A trailing dotted IPv4 part is two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array(8 - left.length - right.length).fill("0");
  return [...left, ...fill, ...right].map((g) => Number.parseInt(g, 16).toString(16));
}
