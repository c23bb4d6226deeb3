// The public base of the links the service hands out (a Bitcoin charge's QR image, the documents'
// server, the snippets' default), for every front door that answers a request: the configured
// TOSTAO_BASE_URL, else the scheme and host the caller used.

export function baseUrlOf(
  deps: { config: { baseUrl: string | undefined } },
  req: { protocol: string; host: string },
): string {
  return deps.config.baseUrl ?? `${req.protocol}://${req.host}`;
}
