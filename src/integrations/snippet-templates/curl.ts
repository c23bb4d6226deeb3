// The shell snippet: bash + curl, with sed to pick fields out of the JSON (no jq needed) and
// openssl for the webhook HMAC, all present on a stock Linux or macOS.
import * as kit from "./shared.ts";

const FILENAME = "tostao_example.sh";
const RUN = `bash ${FILENAME}`;

const api = (baseUrl: string) => `
# Change this (or set TOSTAO_BASE_URL) to the address of your Tostão server.
DEFAULT_BASE_URL=${kit.shellSingleQuoted(baseUrl)}
BASE_URL="\${TOSTAO_BASE_URL:-$DEFAULT_BASE_URL}"
BASE_URL="\${BASE_URL%/}"
[ -n "\${TOSTAO_API_TOKEN:-}" ] ||
  fail "TOSTAO_API_TOKEN is not set: export TOSTAO_API_TOKEN=<your API token>"

# json_field NAME JSON: the string value of "NAME" in the API's one-line JSON answers (enough
# here; use jq for anything more).
json_field() {
  printf '%s' "$2" | sed -n "s/.*\\"$1\\"[[:space:]]*:[[:space:]]*\\"\\([^\\"]*\\)\\".*/\\1/p"
}

# api METHOD PATH [curl options...]: prints the JSON answer; exits with the API's message on an
# error. The token goes through a file descriptor, so it never shows in the process list.
api() {
  local method=$1 path=$2 response message
  local success='"success"[[:space:]]*:[[:space:]]*true'
  shift 2
  # --retry: a busy (429) or failing (5xx) server is tried again, after waits that double from
  # one second (or its Retry-After); a create keeps its Idempotency-Key, so it charges once.
  response=$(curl -sS --max-time 30 --retry 4 --retry-max-time 60 -X "$method" "$BASE_URL$path" \\
    -H @<(printf 'Authorization: Bearer %s\\n' "$TOSTAO_API_TOKEN") \\
    -H 'Accept: application/json' "$@") || fail "cannot reach $BASE_URL"
  # Error answers carry the same JSON envelope, whose "error" says what went wrong.
  if [[ ! $response =~ $success ]]; then
    message=$(json_field error "$response")
    fail "Tostão API error: \${message:-\${response:0:200}}"
  fi
  printf '%s' "$response"
}
`;

const createCharge = `
create_charge() {
  local response
  # Send the same Idempotency-Key again when retrying this request after a timeout: the API
  # then answers with the charge it already made instead of creating a second one.
  # A bill with a due date (Pix cobv) adds "due_date": "2026-12-31", "customer_name",
  # "customer_cpf" or "customer_cnpj", and optionally "fine", "interest", "discounts" (docs/due-date.md).
  response=$(api POST /api/pix/charge/create \\
    -H 'Content-Type: application/json' \\
    -H "Idempotency-Key: $(od -An -tx1 -N16 /dev/urandom | tr -d ' \\n')" \\
    --data '{"value": 10.5, "title": "Camiseta"}') # value in reais
  CHARGE_ID=$(json_field chargeId "$response")
  echo "chargeId=$CHARGE_ID"
  # The PIX "copia e cola" code; qrCodeImage holds the same as a QR code image.
  echo "brCode=$(json_field brCode "$response")"
}
`;

const chargeStatus = `
show_status() {
  local response
  response=$(api GET /api/pix/charge/status -G --data-urlencode "charge_id=$1")
  echo "status=$(json_field status "$response")"
  echo "statusCode=$(json_field statusCode "$response")" # pending, approved, ...
}
`;

const verifyWebhook = `
# hmac_hex KEY: the lowercase hex HMAC-SHA256 of standard input. openssl takes the key as an
# argument, visible in the process list while it runs: on a shared host, verify in your app.
hmac_hex() {
  openssl dgst -sha256 -hmac "$1" | sed 's/^.*= //'
}

# verify_signature HEADER SECRET < RAW_BODY: succeeds when HEADER (X-Service-Signature) was made
# with SECRET over the body's exact bytes. Feed the body as received, before any JSON parsing:
# re-serialised JSON can differ in spacing or key order and then never matches.
verify_signature() {
  local expected received key
  expected="sha256=$(hmac_hex "$2")"
  received=$(printf '%s' "$1" | tr -d '[:space:]' | tr '[:upper:]' '[:lower:]')
  # The shell has no constant-time compare, so compare HMACs of both values under a fresh random
  # key: how long the comparison takes then tells nothing about the expected signature.
  key=$(od -An -tx1 -N32 /dev/urandom | tr -d ' \\n')
  [ "$(printf '%s' "$expected" | hmac_hex "$key")" = "$(printf '%s' "$received" | hmac_hex "$key")" ]
}

# The webhook's secret (whsec_...), shown once when the webhook was created.
WEBHOOK_SECRET="\${TOSTAO_WEBHOOK_SECRET:-${kit.EXAMPLE_WEBHOOK_SECRET}}"
SAMPLE_BODY='${kit.SAMPLE_WEBHOOK_BODY}'

verify_webhook_demo() {
  command -v openssl >/dev/null || fail "openssl is needed to check webhook signatures"
  local header
  # Tostão sends this header with each delivery; here it is computed only to have one to check.
  header="sha256=$(printf '%s' "$SAMPLE_BODY" | hmac_hex "$WEBHOOK_SECRET")"
  printf '%s' "$SAMPLE_BODY" | verify_signature "$header" "$WEBHOOK_SECRET" ||
    fail "signature mismatch"
  if printf '%s' "\${SAMPLE_BODY/10.5/99.9}" | verify_signature "$header" "$WEBHOOK_SECRET"; then
    fail "a tampered body was accepted"
  fi
  echo "X-Service-Signature: $header"
  echo "signature ok"
}
`;

const chargeIdFromArgs = `
# The charge to look up: the first argument, or TOSTAO_CHARGE_ID.
CHARGE_ID="\${1:-\${TOSTAO_CHARGE_ID:-}}"
[ -n "$CHARGE_ID" ] || fail "usage: ${RUN} <chargeId>  (or set TOSTAO_CHARGE_ID)"
echo "chargeId=$CHARGE_ID"
`;

function main(operation: kit.SnippetOperation): string {
  if (operation === "all")
    return '\ncreate_charge\nshow_status "$CHARGE_ID"\nverify_webhook_demo\n';
  if (operation === "create_charge") return "\ncreate_charge\n";
  if (operation === "charge_status") return `${chargeIdFromArgs}show_status "$CHARGE_ID"\n`;
  return "\nverify_webhook_demo\n";
}

const PIECES = { api, createCharge, chargeStatus, verifyWebhook, main };

function render(operation: kit.SnippetOperation, baseUrl: string): string {
  return [
    `#!/usr/bin/env bash
# Tostão example: ${kit.SUMMARY[operation]}.
# Needs bash, curl${kit.includes(operation, "verify_webhook") ? " and openssl" : ""}. Run it with:
#
${kit.commentBlock("#", kit.usageLines(operation, RUN))}
set -euo pipefail

fail() {
  echo "$*" >&2
  exit 1
}
`,
    kit.snippetBody(operation, baseUrl, PIECES),
  ].join("");
}

export const curlTemplate: kit.SnippetTemplate = { filename: FILENAME, run: RUN, render };
