import type { PixAutomaticoClient } from "../../pix-psp/automatico-types.ts";
import { PspError } from "../../pix-psp/psp-error.ts";
import type { BacenPixClient } from "../../pix-psp/types.ts";
import { isOurWebhookUrl } from "../pix-psp-connection/connection-view.ts";

/**
 * PUT /webhookrec and PUT /webhookcobr with the connection's notification URL, the one PUT
 * /webhook/{chave} registers: the file's callbacks POST to it + "/rec" and + "/cobr". `url` is
 * the bare URL: the client adds the profile's registration suffix (Efí's "?ignorar="). Best
 * effort: a PSP without Pix Automático answers 403/404 and the connection is saved all the same
 * (its live subscriptions then learn of payments from the reconciliation, reconcile.ts).
 * Returns which of the two were registered.
 */
export async function registerRecurrenceWebhooks(
  client: BacenPixClient,
  url: string | null,
): Promise<{ rec: boolean; cobr: boolean }> {
  const auto = client.automatico;
  if (!auto || !url) return { rec: false, cobr: false };
  const [rec, cobr] = await Promise.all([
    auto.putWebhookRec(url).then(
      () => true,
      () => false,
    ),
    auto.putWebhookCobr(url).then(
      () => true,
      () => false,
    ),
  ]);
  return { rec, cobr };
}

/**
 * DELETE /webhookrec and DELETE /webhookcobr when the connection is deleted, each only while
 * it still points at this connection's hook (GET first): the account's single rec or cobr
 * webhook may have been replaced since (the merchant's ERP, the PSP's portal), and that one is
 * not ours to delete. Best effort, as for the Pix webhook: a PSP that cannot be reached keeps
 * them, and their notifications find no hook (404). Returns which of the two were removed.
 */
export async function removeRecurrenceWebhooks(
  client: BacenPixClient,
  hookId: string,
): Promise<{ rec: boolean; cobr: boolean }> {
  const auto = client.automatico;
  if (!auto) return { rec: false, cobr: false };
  const [rec, cobr] = await Promise.all([
    removeIfOurs(
      () => auto.getWebhookRec(),
      () => auto.deleteWebhookRec(),
      hookId,
    ),
    removeIfOurs(
      () => auto.getWebhookCobr(),
      () => auto.deleteWebhookCobr(),
      hookId,
    ),
  ]);
  return { rec, cobr };
}

async function removeIfOurs(
  get: PixAutomaticoClient["getWebhookRec"],
  remove: () => Promise<void>,
  hookId: string,
): Promise<boolean> {
  try {
    const current = await get();
    if (!current || !isOurWebhookUrl(current.webhookUrl, hookId)) return false;
    await remove();
    return true;
  } catch (err) {
    if (err instanceof PspError) return false;
    throw err;
  }
}
