// The Node.js snippet: an ES module (.mjs, for top-level await) using only the global fetch and
// node:crypto of Node 18+, so it needs no package.json and no npm install.
import * as kit from "./shared.ts";

const FILENAME = "tostao_example.mjs";
const RUN = `node ${FILENAME}`;

const api = (baseUrl: string) => `
// Change this (or set TOSTAO_BASE_URL) to the address of your Tostão server.
const BASE_URL = (process.env.TOSTAO_BASE_URL || ${kit.doubleQuoted(baseUrl, "javascript")}).replace(/\\/+$/, "");

const TRIES = 5;
const RETRIED = [429, 500, 502, 503, 504];

/** Calls the API and returns the envelope's data; exits with the API's message on an error. */
async function api(method, path, body, headers = {}) {
  const token = process.env.TOSTAO_API_TOKEN;
  if (!token) fail("TOSTAO_API_TOKEN is not set: export TOSTAO_API_TOKEN=<your API token>");
  let response;
  // A busy (429) or failing (5xx) server is tried again, after waits that double from half a
  // second (or the server's Retry-After, if longer); a create keeps its Idempotency-Key, so a
  // retry never charges twice.
  for (let attempt = 0; ; attempt++) {
    try {
      response = await fetch(BASE_URL + path, {
        method,
        headers: {
          Authorization: \`Bearer \${token}\`,
          Accept: "application/json",
          ...(body === undefined ? {} : { "Content-Type": "application/json" }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
    } catch (error) {
      fail(\`cannot reach \${BASE_URL}: \${error.cause?.message ?? error.message}\`);
    }
    if (!RETRIED.includes(response.status) || attempt === TRIES - 1) break;
    const retryAfter = Math.min(Number(response.headers.get("retry-after")) || 0, 30);
    await response.arrayBuffer();
    await new Promise((r) => setTimeout(r, Math.max(500 * 2 ** attempt, retryAfter * 1000)));
  }
  // Error answers carry the same JSON envelope, whose "error" says what went wrong.
  const raw = await response.text();
  let envelope;
  try {
    envelope = JSON.parse(raw);
  } catch {
    fail(\`HTTP \${response.status}: not a JSON answer: \${raw.slice(0, 200)}\`);
  }
  if (envelope?.success !== true) {
    fail(\`Tostão API error (HTTP \${response.status}): \${envelope?.error ?? raw.slice(0, 200)}\`);
  }
  return envelope.data;
}
`;

const createCharge = `
async function createCharge() {
  // Send the same Idempotency-Key again when retrying this request after a timeout: the API
  // then answers with the charge it already made instead of creating a second one.
  // A bill with a due date (Pix cobv) adds "due_date": "2026-12-31", "customer_name",
  // "customer_cpf" or "customer_cnpj", and optionally "fine", "interest", "discounts" (docs/due-date.md).
  const charge = await api(
    "POST",
    "/api/pix/charge/create",
    { value: 10.5, title: "Camiseta" }, // value in reais
    { "Idempotency-Key": randomUUID() },
  );
  console.log(\`chargeId=\${charge.chargeId}\`);
  // The PIX "copia e cola" code; qrCodeImage holds the same as a QR code image.
  console.log(\`brCode=\${charge.brCode}\`);
  return charge.chargeId;
}
`;

const chargeStatus = `
async function showStatus(chargeId) {
  const query = new URLSearchParams({ charge_id: chargeId });
  const charge = await api("GET", \`/api/pix/charge/status?\${query}\`);
  console.log(\`status=\${charge.status}\`);
  console.log(\`statusCode=\${charge.statusCode}\`); // pending, approved, ...
}
`;

const chargeIdFromArgs = `
function chargeIdFromArgs() {
  // The charge to look up: the first argument, or TOSTAO_CHARGE_ID.
  const chargeId = process.argv[2] || process.env.TOSTAO_CHARGE_ID;
  if (!chargeId) fail("usage: node ${FILENAME} <chargeId>  (or set TOSTAO_CHARGE_ID)");
  return chargeId;
}
`;

const verifyWebhook = `
// In your webhook handler, pass the body exactly as received (a Buffer, before any JSON parsing;
// e.g. express.raw()): re-serialised JSON can differ in spacing or key order and never matches.
function verifySignature(rawBody, signatureHeader, secret) {
  const digest = createHmac("sha256", Buffer.from(secret, "utf8")).update(rawBody).digest("hex");
  const expected = Buffer.from(\`sha256=\${digest}\`);
  const received = Buffer.from(String(signatureHeader).trim().toLowerCase());
  // timingSafeEqual takes the same time wherever the values differ, so it leaks nothing; it
  // needs equal lengths, and the length of a signature is no secret.
  return received.length === expected.length && timingSafeEqual(received, expected);
}

// The webhook's secret (whsec_...), shown once when the webhook was created.
const WEBHOOK_SECRET = process.env.TOSTAO_WEBHOOK_SECRET || "${kit.EXAMPLE_WEBHOOK_SECRET}";
const SAMPLE_BODY = Buffer.from('${kit.SAMPLE_WEBHOOK_BODY}');

function verifyWebhookDemo() {
  // Tostão sends this header with each delivery; here it is computed only to have one to check.
  const digest = createHmac("sha256", WEBHOOK_SECRET).update(SAMPLE_BODY).digest("hex");
  const header = \`sha256=\${digest}\`;
  if (!verifySignature(SAMPLE_BODY, header, WEBHOOK_SECRET)) fail("signature mismatch");
  const tampered = Buffer.from(SAMPLE_BODY.toString().replace("10.5", "99.9"));
  if (verifySignature(tampered, header, WEBHOOK_SECRET)) fail("a tampered body was accepted");
  console.log(\`X-Service-Signature: \${header}\`);
  console.log("signature ok");
}
`;

function main(operation: kit.SnippetOperation): string {
  const steps = kit.scriptSteps(operation, "verifyWebhookDemo();");
  return `\n${steps.join("\n")}\n`;
}

const PIECES = { api, createCharge, chargeStatus, chargeIdFromArgs, verifyWebhook, main };

function render(operation: kit.SnippetOperation, baseUrl: string): string {
  const crypto = [
    ...(kit.includes(operation, "verify_webhook") ? ["createHmac"] : []),
    ...(kit.includes(operation, "create_charge") ? ["randomUUID"] : []),
    ...(kit.includes(operation, "verify_webhook") ? ["timingSafeEqual"] : []),
  ];
  return [
    `// Tostão example: ${kit.SUMMARY[operation]}.
// Node.js 18+, no dependencies. Run it with:
//
${kit.commentBlock("//", kit.usageLines(operation, RUN))}`,
    crypto.length > 0 ? `\nimport { ${crypto.join(", ")} } from "node:crypto";\n` : "",
    `
function fail(message) {
  console.error(message);
  process.exit(1);
}
`,
    kit.snippetBody(operation, baseUrl, PIECES),
  ].join("");
}

export const javascriptTemplate: kit.SnippetTemplate = { filename: FILENAME, run: RUN, render };
