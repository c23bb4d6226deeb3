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
  /** A header every API call must carry with the client id as its value (Sicoob, Itaú). */
  clientIdHeader?: string;
  /** A query parameter every API call must carry with the app key (Banco do Brasil). */
  appKeyQuery?: string;
  /** PUT /cob on a txid it holds: replace while ATIVA (the standard) or 409 (Efí). */
  putCobExisting: "replace" | "409";
  /** The status "not found" is answered with (Efí: 400 with a `nome`). */
  notFoundStatus: 404 | 400;
  /** A test notification POSTed to the URL during PUT /webhook; non-2xx refuses it (Efí). */
  webhookProbe?: unknown;
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
    putCobExisting: "replace",
    notFoundStatus: 404,
  },
  // Efí: {nome, mensagem} errors, 409 txid_duplicado on a known txid, 400 for an unknown cob,
  // and a test notification {"evento":"teste_webhook"} to the URL while PUT /webhook runs.
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
    putCobExisting: "409",
    notFoundStatus: 400,
    webhookProbe: { evento: "teste_webhook" },
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
    putCobExisting: "replace",
    notFoundStatus: 404,
  },
  sicoob: {
    prefix: "/pix/api/v2",
    tokenPath: "/auth/realms/cooperado/protocol/openid-connect/token",
    tokenAuth: "client-id-only",
    scopeRequired: true,
    // Production integrations send x-sicoob-clientid (docs/live-pix.md).
    clientIdHeader: "x-sicoob-clientid",
    brCodeField: "brcode",
    errorShape: "rfc7807",
    notificationShape: "pix-object",
    tokenLifetimeSec: 300,
    putCobExisting: "replace",
    notFoundStatus: 404,
  },
  itau: {
    prefix: "/pix_recebimentos/v2",
    tokenPath: "/api/oauth/token",
    tokenAuth: "form",
    scopeRequired: false,
    clientIdHeader: "x-itau-apikey",
    brCodeField: "pixCopiaECola",
    errorShape: "rfc7807",
    notificationShape: "pix-object",
    tokenLifetimeSec: 300,
    putCobExisting: "replace",
    notFoundStatus: 404,
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
    putCobExisting: "replace",
    notFoundStatus: 404,
  },
  // Banco do Brasil: Basic token auth with scopes at oauth.bb.com.br, the developer app key as
  // the gw-dev-app-key query parameter on every API call.
  bb: {
    prefix: "/pix/v2",
    tokenPath: "/oauth/token",
    tokenAuth: "basic",
    scopeRequired: true,
    appKeyQuery: "gw-dev-app-key",
    brCodeField: "pixCopiaECola",
    errorShape: "rfc7807",
    notificationShape: "pix-object",
    tokenLifetimeSec: 600,
    putCobExisting: "replace",
    notFoundStatus: 404,
  },
};
