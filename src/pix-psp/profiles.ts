import type { ProfileId } from "./types.ts";

/**
 * One PSP's known facts and deviations from the BACEN API Pix, as data the client reads: adding a
 * PSP is adding a row, never an `if (profile === …)` in the client. Sources: reference
 * ../../docs/live-pix.md and the PSPs' public docs (URLs as published in 2025).
 */
export type PspProfile = {
  id: ProfileId;
  label: string;
  /** Absent for `generic`: the merchant gives every URL. */
  production?: PspEndpoints;
  homologation?: PspEndpoints;
  /**
   * How the OAuth2 client-credentials request carries the credentials:
   * `basic`  HTTP Basic client_id:secret, form body grant_type=client_credentials (RFC 6749);
   * `efi`    HTTP Basic client_id:secret, JSON body {"grant_type":"client_credentials"};
   * `form`   client_id and client_secret in the form body;
   * `client-id-only` client_id in the form body, no secret (Sicoob: the certificate is the proof).
   */
  tokenAuth: TokenAuthStyle;
  /** Space-separated scopes sent with the token request, for PSPs that require them. */
  scopes?: string;
  /** Headers that repeat the client id on every API call (Sicoob, Itaú), if any. */
  clientIdHeaders?: readonly string[];
  /**
   * A query parameter every API call carries with the connection's application key (Banco do
   * Brasil's `gw-dev-app-key`); such a profile requires `app_key` on the connection.
   */
  appKeyQuery?: string;
  /**
   * Answers other than 404 that mean "no such resource" at this PSP (Efí answers 400 with
   * `nome` cobranca_nao_encontrada): matched on status and the error's name.
   */
  notFound?: readonly { status: number; names: readonly string[] }[];
  /** Header naming the merchant's account when one app serves several (Inter), if any. */
  accountHeader?: string;
  /** Response fields holding the BR Code, read in order (pixCopiaECola is the standard one). */
  brCodeFields: readonly string[];
  webhook: {
    /**
     * Appended to the URL we register. The PSP POSTs to `registered + "/pix"`; Efí's known
     * trick registers `…?ignorar=` so that suffix lands in the query string.
     */
    registerSuffix: string;
    /** Extra headers on PUT /webhook (Efí: skip its mTLS probe of our URL). */
    putHeaders: Readonly<Record<string, string>>;
  };
  /** The error body this PSP is known to send; the client parses both shapes either way. */
  errorShape: "rfc7807" | "nome-mensagem";
  /** The notification body this PSP is known to send; the parser accepts both either way. */
  notificationShape: "pix-object" | "root-array";
  /**
   * Charges with a due date (docs/due-date.md, "Live"): `cobv` whether the PSP serves
   * `/cobv/{txid}` (false: a due-date charge is refused before any call), `lotecobv` whether a
   * batch goes as one `PUT /lotecobv/{id}` (else one `PUT /cobv` per line, always correct), and
   * where that is written. Only what a public source says is `true` for lotecobv.
   */
  dueDate: { cobv: boolean; lotecobv: boolean; source: string };
};

export type TokenAuthStyle = "basic" | "efi" | "form" | "client-id-only";
export type PspEndpoints = { baseUrl: string; tokenUrl: string };

// What a PSP that grants only the scopes asked (Inter, Sicoob, Banco do Brasil) must be asked
// for: every BACEN family the client calls (components.securitySchemes.OAuth2 of the file,
// shared reference pix.md 2.1), charges with a due date and their batches included. Without
// `cobv.*` those PSPs refuse PUT /cobv with 403.
const SCOPES_ALL =
  "cob.write cob.read cobv.write cobv.read lotecobv.write lotecobv.read pix.write pix.read webhook.write webhook.read";
const STANDARD_WEBHOOK = { registerSuffix: "", putHeaders: {} } as const;
/**
 * What a PSP does when it follows the BACEN file to the letter on these points; a row spreads it
 * and writes out only where its PSP deviates.
 */
const AS_BACEN = {
  brCodeFields: ["pixCopiaECola"],
  webhook: STANDARD_WEBHOOK,
  errorShape: "rfc7807",
  notificationShape: "pix-object",
} as const;

export const PROFILES: Record<ProfileId, PspProfile> = {
  generic: {
    id: "generic",
    label: "Any PSP that follows the BACEN API Pix",
    tokenAuth: "basic",
    ...AS_BACEN,
    brCodeFields: ["pixCopiaECola", "brcode"],
    dueDate: {
      cobv: true,
      lotecobv: false,
      source:
        "BACEN API Pix v2.9.0 defines /cobv and /lotecobv; lotecobv is optional in practice, so a generic PSP gets one PUT /cobv per line",
    },
  },
  efi: {
    id: "efi",
    label: "Efí (ex-Gerencianet)",
    production: {
      baseUrl: "https://pix.api.efipay.com.br/v2",
      tokenUrl: "https://pix.api.efipay.com.br/oauth/token",
    },
    homologation: {
      baseUrl: "https://pix-h.api.efipay.com.br/v2",
      tokenUrl: "https://pix-h.api.efipay.com.br/oauth/token",
    },
    tokenAuth: "efi",
    brCodeFields: ["pixCopiaECola"],
    notFound: [
      {
        status: 400,
        names: ["cobranca_nao_encontrada", "webhook_nao_encontrado", "devolucao_nao_encontrada"],
      },
    ],
    webhook: { registerSuffix: "?ignorar=", putHeaders: { "x-skip-mtls-checking": "true" } },
    errorShape: "nome-mensagem",
    notificationShape: "pix-object",
    dueDate: {
      cobv: true,
      lotecobv: true,
      source:
        "https://dev.efipay.com.br/en/docs/api-pix/cobrancas-com-vencimento/ (PUT /v2/cobv/:txid) and https://dev.efipay.com.br/en/docs/api-pix/cobrancas-lote/ (PUT /v2/lotecobv/:id, 1 to 1,000 charges)",
    },
  },
  inter: {
    id: "inter",
    label: "Banco Inter",
    production: {
      baseUrl: "https://cdpj.partners.bancointer.com.br/pix/v2",
      tokenUrl: "https://cdpj.partners.bancointer.com.br/oauth/v2/token",
    },
    homologation: {
      baseUrl: "https://cdpj-sandbox.partners.uatinter.co/pix/v2",
      tokenUrl: "https://cdpj-sandbox.partners.uatinter.co/oauth/v2/token",
    },
    tokenAuth: "form",
    scopes: SCOPES_ALL,
    accountHeader: "x-conta-corrente",
    ...AS_BACEN,
    notificationShape: "root-array",
    dueDate: {
      cobv: true,
      lotecobv: false,
      source:
        "Inter's API Pix serves cob and cobv (third-party client edusouza/inter-pj-cli v0.6.0 release notes); no public Inter page on lotecobv was found",
    },
  },
  sicoob: {
    id: "sicoob",
    label: "Sicoob",
    production: {
      baseUrl: "https://api.sicoob.com.br/pix/api/v2",
      tokenUrl: "https://auth.sicoob.com.br/auth/realms/cooperado/protocol/openid-connect/token",
    },
    homologation: {
      baseUrl: "https://sandbox.sicoob.com.br/sicoob/sandbox/pix/api/v2",
      tokenUrl: "https://auth.sicoob.com.br/auth/realms/cooperado/protocol/openid-connect/token",
    },
    tokenAuth: "client-id-only",
    scopes: SCOPES_ALL,
    // The sandbox page names `client_id`; production integrations send `x-sicoob-clientid`
    // (docs/live-pix.md): both go, so either gateway finds its own.
    clientIdHeaders: ["client_id", "x-sicoob-clientid"],
    ...AS_BACEN,
    brCodeFields: ["brcode", "pixCopiaECola"],
    dueDate: {
      cobv: true,
      lotecobv: false,
      source:
        "Sicoob's API Pix follows the BACEN standard (docs/live-pix.md); cobv and lotecobv not confirmed in a public page: cobv is tried and a refusal reaches the caller in Sicoob's words",
    },
  },
  itau: {
    id: "itau",
    label: "Itaú",
    production: {
      baseUrl: "https://secure.api.itau/pix_recebimentos/v2",
      tokenUrl: "https://sts.itau.com.br/api/oauth/token",
    },
    // Itaú's sandbox has no mTLS and issues its token from the developer portal.
    homologation: {
      baseUrl: "https://devportal.itau.com.br/sandboxapi/pix_recebimentos_ext_v2/v2",
      tokenUrl: "https://devportal.itau.com.br/api/jwt",
    },
    tokenAuth: "form",
    // Itaú's gateway identifies the caller by x-itau-apikey, whose value is the client id.
    clientIdHeaders: ["x-itau-apikey"],
    ...AS_BACEN,
    dueDate: {
      cobv: true,
      lotecobv: false,
      source:
        "Itaú's pix_recebimentos v2 is the BACEN API Pix; cobv and lotecobv not confirmed in a public page: cobv is tried and a refusal reaches the caller in Itaú's words",
    },
  },
  santander: {
    id: "santander",
    label: "Santander",
    // Santander's path says v1 but serves the API Pix v2 resources; its token endpoint wants
    // grant_type in the query string as well as the form body.
    production: {
      baseUrl: "https://trust-pix.santander.com.br/api/v1",
      tokenUrl: "https://trust-pix.santander.com.br/oauth/token?grant_type=client_credentials",
    },
    homologation: {
      baseUrl: "https://trust-pix-h.santander.com.br/api/v1",
      tokenUrl: "https://trust-pix-h.santander.com.br/oauth/token?grant_type=client_credentials",
    },
    tokenAuth: "form",
    ...AS_BACEN,
    dueDate: {
      cobv: true,
      lotecobv: false,
      source:
        "Santander's trust-pix serves /cob, /cobv and /pix (shared/reference/pix.md, PSP table); no public source on lotecobv",
    },
  },
  bb: {
    id: "bb",
    label: "Banco do Brasil",
    // Production's API host is api-pix (mTLS); homologation has its own API and OAuth hosts.
    production: {
      baseUrl: "https://api-pix.bb.com.br/pix/v2",
      tokenUrl: "https://oauth.bb.com.br/oauth/token",
    },
    homologation: {
      baseUrl: "https://api.hm.bb.com.br/pix/v2",
      tokenUrl: "https://oauth.hm.bb.com.br/oauth/token",
    },
    tokenAuth: "basic",
    scopes: SCOPES_ALL,
    appKeyQuery: "gw-dev-app-key",
    ...AS_BACEN,
    dueDate: {
      cobv: true,
      lotecobv: false,
      source:
        "Banco do Brasil's API Pix v2 is the BACEN API Pix; cobv and lotecobv not confirmed in a public page: cobv is tried and a refusal reaches the caller in BB's words",
    },
  },
};

export const PROFILE_IDS = Object.keys(PROFILES) as ProfileId[];

/**
 * The URLs a connection uses: the merchant's own (a PSP moved, a proxy) win over the table, and
 * `generic` has none in the table. Throws when a URL is missing or not https.
 */
export function resolveEndpoints(
  profile: ProfileId,
  given: { baseUrl?: string; tokenUrl?: string; homologation?: boolean } = {},
): PspEndpoints {
  const row = PROFILES[profile];
  const table = given.homologation ? row.homologation : row.production;
  const baseUrl = (given.baseUrl ?? table?.baseUrl)?.replace(/\/+$/, "");
  const tokenUrl = given.tokenUrl ?? table?.tokenUrl;
  if (!baseUrl || !tokenUrl) {
    throw new Error(`profile ${profile} needs base_url and token_url`);
  }
  for (const u of [baseUrl, tokenUrl]) {
    let parsed: URL;
    try {
      parsed = new URL(u);
    } catch {
      throw new Error(`not a URL: ${u}`);
    }
    if (parsed.protocol !== "https:") throw new Error(`PSP URLs must be https: ${u}`);
  }
  return { baseUrl, tokenUrl };
}

// Hosts that only ever serve test money. A host is one when a profile lists it for
// homologation and no profile serves production from it (Sicoob's token host serves both), or
// when its name says so: a merchant's own proxy named "sandbox" is refused too, on purpose.
const PRODUCTION_HOSTS = new Set(
  Object.values(PROFILES).flatMap((p) =>
    p.production ? [new URL(p.production.baseUrl).host, new URL(p.production.tokenUrl).host] : [],
  ),
);
const HOMOLOGATION_HOSTS = new Set(
  Object.values(PROFILES)
    .flatMap((p) =>
      p.homologation
        ? [new URL(p.homologation.baseUrl).host, new URL(p.homologation.tokenUrl).host]
        : [],
    )
    .filter((h) => !PRODUCTION_HOSTS.has(h)),
);
const TEST_HOST_WORD = /(^|[.-])(sandbox|homolog[a-z]*|hml|hm|uat[a-z]*)([.-]|$)/i;

/** True when the URL points at a PSP's homologation (sandbox) service: test money. */
export function isHomologationUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).host.toLowerCase();
  } catch {
    return false;
  }
  if (PRODUCTION_HOSTS.has(host)) return false;
  return HOMOLOGATION_HOSTS.has(host) || TEST_HOST_WORD.test(new URL(url).hostname);
}

/**
 * Which profiles offer Pix Automático (rec, cobr, locrec, webhookrec, webhookcobr) through
 * their BACEN API Pix, from their public documentation as searched in November 2026. "unknown"
 * means no public page was found: the calls are the standard's, so a PSP that offers it answers
 * them; one that does not answers 403/404, and the service reports that PSP's refusal.
 */
export const PIX_AUTOMATICO: Readonly<
  Record<ProfileId, { offered: "yes" | "unknown"; source?: string; note?: string }>
> = {
  generic: { offered: "unknown", note: "depends on the PSP; the calls are the standard's" },
  efi: {
    offered: "yes",
    source: "https://dev.efipay.com.br/en/docs/api-pix/pix-automatico/",
    note: "POST /v2/rec with scope rec.write; webhooks on the same page's companion section",
  },
  inter: { offered: "unknown" },
  sicoob: { offered: "unknown" },
  itau: { offered: "unknown" },
  santander: { offered: "unknown" },
  bb: {
    offered: "unknown",
    note: "BB offers Pix Automático to its account holders (news of 2025-05-23); no public API page found",
  },
};
