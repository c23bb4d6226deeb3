import { encodeBrCode } from "../pix/brcode.ts";
import { SANDBOX_RECEIVER } from "./pix-provider.ts";

// The location of a sandbox due-date charge: like a PSP's, this service serves the charge's
// payload there as a signed JWS (http/routes/cobv-payload.ts), so a sandbox BR Code is read by a
// payer's bank exactly as a live one (BACEN's GET /cobv/{pixUrlAccessToken}, with codMun and DPP).
// The token is the charge's txid, the 26 characters of its id after "pix_".

/** The path of a due-date charge's payload, under the service's base URL. */
export const COBV_PAYLOAD_PATH = "/cobv/";
/** Where the key that signs the payloads is published (a JWKS), under the base URL. */
export const PAYLOAD_JWKS_PATH = "/cobv-keys/jwks.json";

/** The location (no scheme, as BR Code field 26-25 holds it) of a txid, or undefined if too long. */
export function dueLocation(baseUrl: string, txid: string): string | undefined {
  const location = `${baseUrl.replace(/^[a-z]+:\/\//i, "").replace(/\/+$/, "")}${COBV_PAYLOAD_PATH}${txid}`;
  // BR Code 26-25 and BACEN's `location` hold at most 77 characters.
  return location.length <= 77 ? location : undefined;
}

/** The charge id whose payload a location's token names. */
export const chargeIdOfToken = (token: string): string => `pix_${token}`;

/**
 * The dynamic BR Code of a sandbox due-date charge: the location alone (the amount is in the
 * payload, of the payment date), point of initiation 12 (a charge paid once), txid `***`. Undefined
 * when the base URL is too long for a location (the caller then makes a static code).
 */
export function sandboxDueBrCode(baseUrl: string, txid: string): string | undefined {
  const url = dueLocation(baseUrl, txid);
  return (
    url &&
    encodeBrCode({
      url,
      merchantName: SANDBOX_RECEIVER.name,
      merchantCity: SANDBOX_RECEIVER.city,
      pointOfInitiationMethod: "12",
    })
  );
}
