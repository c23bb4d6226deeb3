import type { BacenPixClient, CobView } from "../../pix-psp/types.ts";

// A live charge's PSP record is a cob (`/cob/{txid}`) or, for a charge with a due date, a cobv
// (`/cobv/{txid}`). The txid says which: cob txids start with "t" (`tx` random, `tk` from an
// Idempotency-Key), cobv txids with "v" (`vx`, `vk`, `vb` in a batch); the rest is hex, so the
// first letter is never ambiguous. The journal's sweep, the confirmation, the cancel and the
// reconciliation read it from the txid they already hold: no column, no lookup.

export const isCobVTxid = (txid: string): boolean => txid.startsWith("v");

/** GET of the charge's record: GET /cob/{txid} or GET /cobv/{txid}. */
export function getCobOf(client: BacenPixClient, txid: string): Promise<CobView> {
  return isCobVTxid(txid) ? client.getCobV(txid) : client.getCob(txid);
}

/** PATCH status REMOVIDA_PELO_USUARIO_RECEBEDOR on /cob/{txid} or /cobv/{txid}. */
export function removeCobOf(client: BacenPixClient, txid: string): Promise<CobView> {
  return isCobVTxid(txid) ? client.removeCobV(txid) : client.removeCob(txid);
}
