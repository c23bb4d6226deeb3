import type { ProfileId } from "../../../src/pix-psp/types.ts";

/**
 * How the peer plays each PSP: written from reference ../shared/reference/pix.md §4 on its own,
 * NOT derived from src/pix-psp/profiles.ts, so a wrong row in the client's table makes a test
 * fail instead of being mirrored here. Every deviation is REQUIRED by the peer: a client that
 * forgets one is refused.
 */
export type PeerProfile = {
  /** API prefix below the origin (the real PSP's path). */
  prefix: string;
  tokenPath: string;
  /** Query parameters the token endpoint requires (Santander: grant_type in the query). */
  tokenQuery?: Record<string, string>;
  tokenAuth: "basic" | "efi" | "form" | "client-id-only";
  scopeRequired: boolean;
  /** A header every API call must carry with the client id as its value (Sicoob). */
  clientIdHeader?: string;
  /** Header naming the account, required when the peer is started with an account (Inter). */
  accountHeader?: string;
  brCodeField: "pixCopiaECola" | "brcode" | "none";
  errorShape: "rfc7807" | "nome-mensagem";
  notificationShape: "pix-object" | "root-array";
  /** A header PUT /webhook must carry (Efí probes the URL with mTLS otherwise). */
  webhookPutHeader?: [string, string];
  tokenLifetimeSec: number;
};

export const PEER_PROFILES: Record<ProfileId, PeerProfile> = {
  // A PSP that follows the standard to the letter and omits the optional pixCopiaECola, so
  // the BR Code has to be built from `location`.
  generic: {
    prefix: "/api/v2",
    tokenPath: "/oauth/token",
    tokenAuth: "basic",
    scopeRequired: false,
    brCodeField: "none",
    errorShape: "rfc7807",
    notificationShape: "pix-object",
    tokenLifetimeSec: 3600,
  },
  efi: {
    prefix: "/v2",
    tokenPath: "/oauth/token",
    tokenAuth: "efi",
    scopeRequired: false,
    brCodeField: "pixCopiaECola",
    errorShape: "nome-mensagem",
    notificationShape: "pix-object",
    webhookPutHeader: ["x-skip-mtls-checking", "true"],
    tokenLifetimeSec: 3600,
  },
  inter: {
    prefix: "/pix/v2",
    tokenPath: "/oauth/v2/token",
    tokenAuth: "form",
    scopeRequired: true,
    accountHeader: "x-conta-corrente",
    brCodeField: "pixCopiaECola",
    errorShape: "rfc7807",
    notificationShape: "root-array",
    tokenLifetimeSec: 3600,
  },
  sicoob: {
    prefix: "/pix/api/v2",
    tokenPath: "/auth/realms/cooperado/protocol/openid-connect/token",
    tokenAuth: "client-id-only",
    scopeRequired: true,
    clientIdHeader: "client_id",
    brCodeField: "brcode",
    errorShape: "rfc7807",
    notificationShape: "pix-object",
    tokenLifetimeSec: 300,
  },
  itau: {
    prefix: "/pix_recebimentos/v2",
    tokenPath: "/api/oauth/token",
    tokenAuth: "form",
    scopeRequired: false,
    brCodeField: "pixCopiaECola",
    errorShape: "rfc7807",
    notificationShape: "pix-object",
    tokenLifetimeSec: 300,
  },
  santander: {
    prefix: "/api/v1",
    tokenPath: "/oauth/token",
    tokenQuery: { grant_type: "client_credentials" },
    tokenAuth: "form",
    scopeRequired: false,
    brCodeField: "pixCopiaECola",
    errorShape: "rfc7807",
    notificationShape: "pix-object",
    tokenLifetimeSec: 900,
  },
};
