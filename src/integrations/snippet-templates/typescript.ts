// The TypeScript snippet: the same steps through @tostao/client, the typed client of this
// repository (packages/client), so every argument and answer is checked by the compiler. Run
// with tsx; the client has no dependency of its own.
import * as kit from "./shared.ts";

// .mts: an ES module wherever it is saved (top-level await), with or without a package.json.
const FILENAME = "tostao_example.mts";
const RUN = `npx tsx ${FILENAME}`;

const client = (baseUrl: string) => `
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const token = process.env.TOSTAO_API_TOKEN;
if (!token) fail("TOSTAO_API_TOKEN is not set: export TOSTAO_API_TOKEN=<your API token>");

// Change this (or set TOSTAO_BASE_URL) to the address of your Tostão server. Writes carry an
// Idempotency-Key made by the client, so its retries (429, 5xx, lost answers) charge once.
const client = createClient({
  baseUrl: process.env.TOSTAO_BASE_URL || ${kit.doubleQuoted(baseUrl, "javascript")},
  token,
});
`;

const createCharge = `
async function createCharge(): Promise<string> {
  // A bill with a due date (Pix cobv) adds "due_date": "2026-12-31", "customer_name",
  // "customer_cpf" or "customer_cnpj", and optionally "fine", "interest", "discounts" (docs/due-date.md).
  const charge = await client.createPixCharge({ value: 10.5, title: "Camiseta" }); // reais
  console.log(\`chargeId=\${charge.chargeId}\`);
  // The PIX "copia e cola" code; qrCodeImage holds the same as a QR code image.
  console.log(\`brCode=\${charge.brCode}\`);
  return charge.chargeId;
}
`;

const chargeStatus = `
async function showStatus(chargeId: string): Promise<void> {
  const charge = await client.getPixChargeStatus({ charge_id: chargeId });
  console.log(\`status=\${charge.status}\`);
  console.log(\`statusCode=\${charge.statusCode}\`); // pending, approved, ...
}
`;

const chargeIdFromArgs = `
function chargeIdFromArgs(): string {
  // The charge to look up: the first argument, or TOSTAO_CHARGE_ID.
  const chargeId = process.argv[2] || process.env.TOSTAO_CHARGE_ID;
  if (!chargeId) fail("usage: ${RUN} <chargeId>  (or set TOSTAO_CHARGE_ID)");
  return chargeId;
}
`;

const verify = `
// The webhook's secret (whsec_...), shown once when the webhook was created.
const WEBHOOK_SECRET = process.env.TOSTAO_WEBHOOK_SECRET || "${kit.EXAMPLE_WEBHOOK_SECRET}";
const SAMPLE_BODY = '${kit.SAMPLE_WEBHOOK_BODY}';

// In your webhook handler, pass the body exactly as received (before any JSON parsing) and the
// request's headers: verifyWebhook checks either signature scheme and returns the typed event.
async function verifyWebhookDemo(): Promise<void> {
  // Tostão sends this header with each delivery; here it is computed only to have one to check.
  const digest = createHmac("sha256", WEBHOOK_SECRET).update(SAMPLE_BODY).digest("hex");
  const headers = { "X-Service-Signature": \`sha256=\${digest}\` };
  const event = await verifyWebhook(SAMPLE_BODY, headers, WEBHOOK_SECRET);
  const tampered = SAMPLE_BODY.replace("10.5", "99.9");
  const refused = await verifyWebhook(tampered, headers, WEBHOOK_SECRET).then(
    () => false,
    (err) => err instanceof WebhookVerificationError,
  );
  if (event.event !== "charge.approved" || !refused) fail("signature check failed");
  console.log(\`X-Service-Signature: \${headers["X-Service-Signature"]}\`);
  console.log("signature ok");
}
`;

function main(operation: kit.SnippetOperation): string {
  const steps = kit.scriptSteps(operation, "await verifyWebhookDemo();");
  // A failed call is a TostaoError: its status, catalogue code and the API's message.
  return `
try {
${steps.map((s) => `  ${s}`).join("\n")}
} catch (err) {
  if (err instanceof TostaoError) fail(\`Tostão API error (HTTP \${err.status}): \${err.message}\`);
  throw err;
}
`;
}

const PIECES = {
  api: client,
  createCharge,
  chargeStatus,
  chargeIdFromArgs,
  verifyWebhook: verify,
  main,
};

function render(operation: kit.SnippetOperation, baseUrl: string): string {
  const names = [
    ...(operation === "verify_webhook" ? [] : ["createClient"]),
    "TostaoError",
    ...(kit.includes(operation, "verify_webhook")
      ? ["verifyWebhook", "WebhookVerificationError"]
      : []),
  ];
  return [
    `// Tostão example: ${kit.SUMMARY[operation]}.
// TypeScript with @tostao/client (from a clone of Tostão: npm install /path/to/tostao/packages/client tsx).
// Run it with:
//
${kit.commentBlock("//", kit.usageLines(operation, RUN))}`,
    kit.includes(operation, "verify_webhook") ? `\nimport { createHmac } from "node:crypto";` : "",
    `\nimport { ${names.join(", ")} } from "@tostao/client";\n`,
    // Without the client, the file still needs its fail().
    operation === "verify_webhook"
      ? `
function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
`
      : "",
    kit.snippetBody(operation, baseUrl, PIECES),
  ].join("");
}

export const typescriptTemplate: kit.SnippetTemplate = { filename: FILENAME, run: RUN, render };
