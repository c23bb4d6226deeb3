// The PHP snippet: HTTP through file_get_contents and a stream context, because Debian's
// php-cli has no curl extension by default; json and hash are always built in.
import * as kit from "./shared.ts";

const FILENAME = "tostao_example.php";
const RUN = `php ${FILENAME}`;

const api = (baseUrl: string) => `
// Change this (or set TOSTAO_BASE_URL) to the address of your Tostão server.
define('BASE_URL', rtrim(getenv('TOSTAO_BASE_URL') ?: ${kit.phpSingleQuoted(baseUrl)}, '/'));

/** Calls the API and returns the envelope's data; exits with the API's message on an error. */
function api(string $method, string $path, ?array $body = null, array $headers = []): array
{
    $token = getenv('TOSTAO_API_TOKEN');
    if ($token === false || $token === '') {
        fail('TOSTAO_API_TOKEN is not set: export TOSTAO_API_TOKEN=<your API token>');
    }
    $lines = array_merge(['Authorization: Bearer ' . $token, 'Accept: application/json'], $headers);
    // ignore_errors keeps the body of error answers: the same JSON envelope, whose "error" says
    // what went wrong.
    $http = ['method' => $method, 'timeout' => 30, 'ignore_errors' => true];
    if ($body !== null) {
        $lines[] = 'Content-Type: application/json';
        $http['content'] = json_encode($body);
    }
    $http['header'] = implode("\\r\\n", $lines);
    // A busy (429) or failing (5xx) server is tried again, after waits that double from half a
    // second (or the server's Retry-After, if longer); a create keeps its Idempotency-Key, so a
    // retry never charges twice.
    for ($attempt = 0; ; $attempt++) {
        $raw = @file_get_contents(BASE_URL . $path, false, stream_context_create(['http' => $http]));
        if ($raw === false) {
            fail('cannot reach ' . BASE_URL . ': ' . (error_get_last()['message'] ?? 'unknown error'));
        }
        // $http_response_header: the status line, then the headers, as PHP received them.
        $status = (int) (explode(' ', $http_response_header[0] ?? '')[1] ?? 0);
        if (!in_array($status, [429, 500, 502, 503, 504], true) || $attempt === 4) {
            break;
        }
        $retryAfter = 0;
        foreach ($http_response_header as $line) {
            if (stripos($line, 'retry-after:') === 0) {
                $retryAfter = min((int) trim(substr($line, 12)), 30);
            }
        }
        usleep((int) (max(0.5 * 2 ** $attempt, $retryAfter) * 1000000));
    }
    $envelope = json_decode($raw, true);
    if (!is_array($envelope)) {
        fail('not a JSON answer: ' . substr($raw, 0, 200));
    }
    if (($envelope['success'] ?? null) !== true) {
        $error = $envelope['error'] ?? null;
        fail('Tostão API error: ' . (is_string($error) ? $error : json_encode($envelope)));
    }
    return $envelope['data'];
}
`;

const createCharge = `
function create_charge(): string
{
    // Send the same Idempotency-Key again when retrying this request after a timeout: the API
    // then answers with the charge it already made instead of creating a second one.
    // A bill with a due date (Pix cobv) adds "due_date": "2026-12-31", "customer_name",
    // "customer_cpf" or "customer_cnpj", and optionally "fine", "interest", "discounts" (docs/due-date.md).
    $charge = api(
        'POST',
        '/api/pix/charge/create',
        ['value' => 10.5, 'title' => 'Camiseta'], // value in reais
        ['Idempotency-Key: ' . bin2hex(random_bytes(16))]
    );
    echo 'chargeId=' . $charge['chargeId'] . PHP_EOL;
    // The PIX "copia e cola" code; qrCodeImage holds the same as a QR code image.
    echo 'brCode=' . $charge['brCode'] . PHP_EOL;
    return $charge['chargeId'];
}
`;

const chargeStatus = `
function show_status(string $chargeId): void
{
    $charge = api('GET', '/api/pix/charge/status?' . http_build_query(['charge_id' => $chargeId]));
    echo 'status=' . $charge['status'] . PHP_EOL;
    echo 'statusCode=' . $charge['statusCode'] . PHP_EOL; // pending, approved, ...
}
`;

const chargeIdFromArgs = `
function charge_id_from_args(): string
{
    // The charge to look up: the first argument, or TOSTAO_CHARGE_ID.
    $chargeId = $GLOBALS['argv'][1] ?? getenv('TOSTAO_CHARGE_ID');
    if (!is_string($chargeId) || $chargeId === '') {
        fail('usage: ${RUN} <chargeId>  (or set TOSTAO_CHARGE_ID)');
    }
    return $chargeId;
}
`;

const verifyWebhook = `
// In your webhook handler, pass the body exactly as received, file_get_contents('php://input'),
// not json_encode(json_decode(...)): re-serialised JSON can differ and then never matches.
// The header is $_SERVER['HTTP_X_SERVICE_SIGNATURE'].
function verify_signature(string $rawBody, string $signatureHeader, string $secret): bool
{
    $expected = 'sha256=' . hash_hmac('sha256', $rawBody, $secret);
    // hash_equals takes the same time wherever the values differ, so it leaks nothing.
    return hash_equals($expected, strtolower(trim($signatureHeader)));
}

// The webhook's secret (whsec_...), shown once when the webhook was created.
define('WEBHOOK_SECRET', getenv('TOSTAO_WEBHOOK_SECRET') ?: '${kit.EXAMPLE_WEBHOOK_SECRET}');
const SAMPLE_BODY = '${kit.SAMPLE_WEBHOOK_BODY}';

function verify_webhook_demo(): void
{
    // Tostão sends this header with each delivery; here it is computed only to have one to check.
    $header = 'sha256=' . hash_hmac('sha256', SAMPLE_BODY, WEBHOOK_SECRET);
    if (!verify_signature(SAMPLE_BODY, $header, WEBHOOK_SECRET)) {
        fail('signature mismatch');
    }
    if (verify_signature(str_replace('10.5', '99.9', SAMPLE_BODY), $header, WEBHOOK_SECRET)) {
        fail('a tampered body was accepted');
    }
    echo 'X-Service-Signature: ' . $header . PHP_EOL;
    echo 'signature ok' . PHP_EOL;
}
`;

function main(operation: kit.SnippetOperation): string {
  if (operation === "all") {
    return "\n$chargeId = create_charge();\nshow_status($chargeId);\nverify_webhook_demo();\n";
  }
  if (operation === "create_charge") return "\ncreate_charge();\n";
  if (operation === "charge_status") {
    return "\n$chargeId = charge_id_from_args();\necho 'chargeId=' . $chargeId . PHP_EOL;\nshow_status($chargeId);\n";
  }
  return "\nverify_webhook_demo();\n";
}

const PIECES = { api, createCharge, chargeStatus, chargeIdFromArgs, verifyWebhook, main };

function render(operation: kit.SnippetOperation, baseUrl: string): string {
  return [
    `<?php
// Tostão example: ${kit.SUMMARY[operation]}.
// PHP 7.4+ CLI, no extension beyond the defaults (openssl too for https). Run it with:
//
${kit.commentBlock("//", kit.usageLines(operation, RUN))}
declare(strict_types=1);

function fail(string $message): void
{
    fwrite(STDERR, $message . PHP_EOL);
    exit(1);
}
`,
    kit.snippetBody(operation, baseUrl, PIECES),
  ].join("");
}

export const phpTemplate: kit.SnippetTemplate = { filename: FILENAME, run: RUN, render };
