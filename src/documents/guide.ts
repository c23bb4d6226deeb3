import type { buildManifest, ToolSummary } from "./manifest.ts";

/** What a tool needs beyond a token of any mode, in words: " (test tokens only)". */
function needs(t: ToolSummary): string {
  const said = [
    t.auth === "none" ? "no token" : "",
    t.modes && !t.modes.includes("live") ? "test tokens only" : "",
    t.modes && !t.modes.includes("test") ? "live tokens only" : "",
    t.liveRequires ? `live tokens only with ${t.liveRequires}` : "",
  ].filter(Boolean);
  return said.length > 0 ? ` (${said.join("; ")})` : "";
}

/** The integration guide in Markdown, written from the manifest (real paths and fields). */
export function buildGuide(m: ReturnType<typeof buildManifest>): string {
  const endpoints = m.endpoints
    .map((e) => `| ${e.method} | \`${e.path}\` | ${e.auth} | ${e.summary} |`)
    .join("\n");
  const tools = m.mcpTools.map((t) => `- \`${t.name}\`${needs(t)}: ${t.description}`).join("\n");
  return `# ${m.name} integration guide

${m.description}

Base URL: \`${m.baseUrl}\`. Every request carries \`Authorization: Bearer <API token>\`. A
\`svc_test_\` token works on the sandbox (fake PIX, simulate-pay, \`livemode: false\`); a \`svc_prod_\`
token on live data. Every response is \`{"success": true, "data": {...}}\` or
\`{"success": false, "error": "<field>: <message>"}\`: check \`success\`.

Reference with try-it: \`${m.baseUrl}/docs\`. OpenAPI 3.1 (operations, errors, headers and the
webhooks): \`${m.baseUrl}/api/openapi.json\`, for any client generator; from TypeScript, the typed
client \`@tostao/client\` (packages/client in the repository).

## Flow

${m.integrationFlow.map((s, i) => `${i + 1}. ${s}`).join("\n")}

\`\`\`sh
curl -X POST ${m.baseUrl}/api/pix/charge/create \\
  -H "Authorization: Bearer $TOSTAO_API_TOKEN" -H "Content-Type: application/json" \\
  -H "Idempotency-Key: order-1042" \\
  -d '{"value": 10.5, "title": "Camiseta"}'
# data: chargeId, status "Pendente", statusCode "pending", value, brCode, qrCodeImage, provider, livemode, expiresAt, paymentUrl
curl -X POST ${m.baseUrl}/api/pix/charge/simulate-pay \\
  -H "Authorization: Bearer $TOSTAO_API_TOKEN" -H "Content-Type: application/json" \\
  -d '{"charge_id": "pix_..."}'
curl "${m.baseUrl}/api/pix/charge/status?charge_id=pix_..." -H "Authorization: Bearer $TOSTAO_API_TOKEN"
\`\`\`

## Webhooks

Events: ${m.webhooks.events.map((e) => `\`${e}\``).join(", ")}. Body: \`{"id", "event", "timestamp", "data"}\`;
\`id\` is stable across retries, so discard repeats by it. Retries: ${m.webhooks.retries}.

Verify \`X-Service-Signature: sha256=<hex>\` over the **raw** body (never re-serialised JSON):

\`\`\`python
import hashlib, hmac
def verify(secret: str, raw_body: bytes, header: str) -> bool:
    expected = "sha256=" + hmac.new(secret.encode(), raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, header or "")
\`\`\`

The Standard Webhooks headers (\`webhook-id\`, \`webhook-timestamp\`, \`webhook-signature\`) verify with
any Standard Webhooks library, with replay protection.

## Endpoints

| Method | Path | Auth | What it does |
|---|---|---|---|
${endpoints}

## AI assistants (MCP)

- Streamable HTTP: \`${m.mcp.endpoint}\` with \`Authorization: Bearer <token>\`.
- Bridge: \`POST ${m.mcp.bridge}\` with \`{"tool": "...", "arguments": {...}}\`.
- Local stdio server: \`node bin/tostao-mcp.js\` in a clone of the repository, with \`SVC_BASE_URL\` and \`SVC_API_TOKEN\` (or \`TOSTAO_BASE_URL\` and \`TOSTAO_API_TOKEN\`).

Give an assistant a **test** token: it then works on the sandbox only. Tools:

${tools}
`;
}
