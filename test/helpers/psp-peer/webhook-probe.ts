/**
 * Efí's test notification: while handling PUT /webhook/{chave} it POSTs a test body to the URL
 * being registered and refuses the registration unless that answers 2xx. `probeOrigin` replaces
 * the URL's origin (tests register a public TOSTAO_BASE_URL the peer cannot reach, and point the
 * probe at the service's loopback address instead). Returns the status, 0 when unreachable.
 */
export async function probeWebhook(
  registeredUrl: string,
  body: unknown,
  probeOrigin: string | undefined,
): Promise<number> {
  let target = registeredUrl;
  if (probeOrigin) {
    const u = new URL(registeredUrl);
    target = `${probeOrigin}${u.pathname}${u.search}`;
  }
  try {
    const r = await fetch(target, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(3000),
    });
    await r.arrayBuffer();
    return r.status;
  } catch {
    return 0;
  }
}

/** Efí's `nome` for the peer's not-found errors (answered 400, not 404). */
export const EFI_NOT_FOUND_NAMES: Record<string, string> = {
  CobNaoEncontrado: "cobranca_nao_encontrada",
  WebhookNaoEncontrado: "webhook_nao_encontrado",
  PixDevolucaoNaoEncontrada: "devolucao_nao_encontrada",
};
