import type { BacenPixClient } from "../../pix-psp/types.ts";

/**
 * PUT /webhookrec and PUT /webhookcobr with the connection's notification URL, the one PUT
 * /webhook/{chave} registers: the file's callbacks POST to it + "/rec" and + "/cobr". Best
 * effort: a PSP without Pix Automático answers 403/404 and the connection is saved all the same
 * (its live subscriptions then learn of payments only when a period's charge is read back).
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
