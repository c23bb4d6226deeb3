import type { FastifyServerOptions } from "fastify";
import type { TrustProxy } from "../config.ts";

/**
 * TOSTAO_TRUST_PROXY as Fastify's `trustProxy`. Addresses go to proxy-addr as they are: the
 * client IP is the rightmost X-Forwarded-For entry not sent by one of them. A hop count becomes
 * a function, since Fastify treats a bare number as "trust nothing" (a count cannot tell a
 * proxy from a client that reaches the service directly): the socket's peer and the entries
 * after the client's are believed, so the client IP is the entry `hops` places from the right,
 * and whatever the client wrote to the left of it is ignored.
 */
export function fastifyTrustProxy(t: TrustProxy): FastifyServerOptions["trustProxy"] {
  if (t === false) return false;
  if ("addresses" in t) return t.addresses;
  const hops = t.hops;
  return (_address: string, hop: number) => hop < hops;
}
