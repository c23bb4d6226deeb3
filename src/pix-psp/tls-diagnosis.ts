import { rootCertificates, connect as tlsConnect } from "node:tls";
import {
  type AddressPolicy,
  isAddressAllowed,
  parseIp,
  systemLookup,
} from "../net/address-policy.ts";
import { guardedLookup } from "../net/safe-fetch.ts";
import type { PspCredentials } from "./types.ts";

/**
 * Tells "the PSP refused our client certificate" from "the PSP is down" after a socket closed
 * without an answer. Under TLS 1.3 the client finishes its side of the handshake before the
 * server has checked the certificate, so a refusal reaches undici as a closed socket
 * (UND_ERR_SOCKET, ECONNRESET), not as an alert. This opens one bare TLS connection with the
 * same certificate and sends nothing: a server that accepts it keeps it open (idle), one that
 * refused the certificate alerts or closes it within a round trip. Only that outcome counts;
 * anything else (cannot connect, server certificate not trusted) is "not shown".
 */
export async function serverRefusesCertificate(
  url: string,
  creds: Pick<PspCredentials, "certificatePem" | "privateKeyPem" | "caPem">,
  opts: { policy?: AddressPolicy; waitMs?: number } = {},
): Promise<boolean> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  const host = target.hostname.replace(/^\[|\]$/g, "");
  if (opts.policy && parseIp(host) !== null && !isAddressAllowed(host, opts.policy)) return false;
  const waitMs = opts.waitMs ?? 1000;
  return new Promise<boolean>((resolve) => {
    let settled = false;
    let handshaken = false;
    const done = (refused: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(refused);
    };
    const socket = tlsConnect({
      host,
      port: Number(target.port || 443),
      ...(parseIp(host) === null ? { servername: host } : {}),
      cert: creds.certificatePem,
      key: creds.privateKeyPem,
      ...(creds.caPem ? { ca: [...rootCertificates, creds.caPem] } : {}),
      ALPNProtocols: ["http/1.1"],
      ...(opts.policy ? { lookup: guardedLookup(opts.policy.allowHosts, systemLookup) } : {}),
    });
    // Before the handshake completes, the whole wait is the connect budget.
    const timer = setTimeout(() => done(false), waitMs * 3);
    socket.on("secureConnect", () => {
      handshaken = true;
      clearTimeout(timer);
      setTimeout(() => done(false), waitMs).unref();
    });
    socket.on("error", (err: NodeJS.ErrnoException) => {
      const code = err.code ?? "";
      // An alert names the refusal; a reset or close right after our certificate went is one.
      done(/^ERR_SSL_.*ALERT/.test(code) || (handshaken && code === "ECONNRESET"));
    });
    socket.on("close", () => done(handshaken));
    socket.on("data", () => done(false));
  });
}
