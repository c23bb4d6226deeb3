import { encodeBrCode } from "../pix/brcode.ts";
import type { PspClients } from "../pix-psp-connection/clients.ts";
import { sha256Hex } from "../sha256.ts";

/**
 * The seam between charges and whoever collects the money. The sandbox provider makes valid
 * BR Codes of a fake receiver and moves money nowhere (so a sandbox cancel or refund is a state
 * change alone). Live charges go to each account's own
 * PSP through the BACEN "API Pix" (pix-psp-connection/clients.ts; the use cases of live-pix/).
 */
export interface PixProvider {
  readonly name: string;
  create(input: {
    accountId: string;
    txid: string;
    amountCents: number;
    expiresInSec: number;
    description?: string;
  }): Promise<{ brCode: string }>;
}

/** test: the sandbox; live: the accounts' PSP clients (undefined: live PIX off, 422). */
export type PixProviders = { test: PixProvider; live: PspClients | undefined };

export const SANDBOX_RECEIVER = { name: "TOSTAO SANDBOX", city: "SAO PAULO" };

/**
 * A stable EVP (random-key) for an account's sandbox receiver: a UUID-shaped digest of the
 * account id, so every sandbox code of an account names the same fake receiver.
 */
export function sandboxEvpKey(accountId: string): string {
  const h = sha256Hex(`tostao-sandbox:${accountId}`);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export const sandboxPixProvider: PixProvider = {
  name: "sandbox",
  async create(input) {
    const brCode = encodeBrCode({
      key: sandboxEvpKey(input.accountId),
      merchantName: SANDBOX_RECEIVER.name,
      merchantCity: SANDBOX_RECEIVER.city,
      amountCentavos: input.amountCents,
      txid: input.txid,
    });
    return { brCode };
  },
};
