import type { FastifyRequest } from "fastify";
import { baseUrlOf } from "../../base-url.ts";
import type { RelyingParty } from "../../domain/users/passkey-challenges.ts";

// The WebAuthn relying party of this service: its id is the host of TOSTAO_BASE_URL (a passkey
// is bound to it: moving the service to another host leaves its passkeys behind), the origin a
// response must come from is that URL's origin. Without TOSTAO_BASE_URL (a development machine)
// the request's own address stands in, as for every link the service makes.

export function relyingParty(
  deps: { config: { baseUrl: string | undefined } },
  req: FastifyRequest,
): RelyingParty {
  const url = new URL(baseUrlOf(deps, req));
  return { id: url.hostname, origin: url.origin, name: "Tostão" };
}
