// The Python 3 snippet: standard library only (urllib, json, hmac), so it runs with a bare python3.
import * as kit from "./shared.ts";

const FILENAME = "tostao_example.py";
const RUN = `python3 ${FILENAME}`;

const api = (baseUrl: string) => `

# Change this (or set TOSTAO_BASE_URL) to the address of your Tostão server.
BASE_URL = (os.environ.get("TOSTAO_BASE_URL") or ${kit.doubleQuoted(baseUrl, "python")}).rstrip("/")

TRIES = 5
RETRIED = (429, 500, 502, 503, 504)


def retry_wait(attempt, retry_after):
    """Seconds before the next try: 0.5, 1, 2, 4, or the server's Retry-After if longer."""
    wait = 0.5 * 2**attempt
    try:
        wait = max(wait, min(float(retry_after), 30.0))
    except (TypeError, ValueError):
        pass
    return wait


def api(method, path, body=None, headers=None):
    """Calls the API and returns the envelope's data; exits with the API's message on an error."""
    token = os.environ.get("TOSTAO_API_TOKEN")
    if not token:
        fail("TOSTAO_API_TOKEN is not set: export TOSTAO_API_TOKEN=<your API token>")
    request = urllib.request.Request(BASE_URL + path, method=method)
    request.add_header("Authorization", "Bearer " + token)
    request.add_header("Accept", "application/json")
    data = None
    if body is not None:
        data = json.dumps(body).encode("utf-8")
        request.add_header("Content-Type", "application/json")
    for name, value in (headers or {}).items():
        request.add_header(name, value)
    # A busy (429) or failing (5xx) server is tried again, after waits that double from half a
    # second (or the server's Retry-After, if longer); a create keeps its Idempotency-Key, so
    # a retry never charges twice.
    for attempt in range(TRIES):
        retry_after = None
        try:
            with urllib.request.urlopen(request, data=data, timeout=30) as response:
                status, raw = response.status, response.read()
        except urllib.error.HTTPError as error:
            # Error answers carry the same JSON envelope, whose "error" says what went wrong.
            status, raw = error.code, error.read()
            retry_after = error.headers.get("Retry-After")
        except urllib.error.URLError as error:
            fail(f"cannot reach {BASE_URL}: {error.reason}")
        if status not in RETRIED or attempt == TRIES - 1:
            break
        time.sleep(retry_wait(attempt, retry_after))
    try:
        envelope = json.loads(raw)
    except ValueError:
        fail(f"HTTP {status}: not a JSON answer: {raw[:200]!r}")
    if not isinstance(envelope, dict) or envelope.get("success") is not True:
        error = envelope.get("error") if isinstance(envelope, dict) else envelope
        fail(f"Tostão API error (HTTP {status}): {error}")
    return envelope["data"]
`;

const createCharge = `

def create_charge():
    # Send the same Idempotency-Key again when retrying this request after a timeout: the API
    # then answers with the charge it already made instead of creating a second one.
    # A bill with a due date (Pix cobv) adds "due_date": "2026-12-31", "customer_name",
    # "customer_cpf" or "customer_cnpj", and optionally "fine", "interest", "discounts" (docs/due-date.md).
    charge = api(
        "POST",
        "/api/pix/charge/create",
        {"value": 10.5, "title": "Camiseta"},  # value in reais
        {"Idempotency-Key": str(uuid.uuid4())},
    )
    print(f"chargeId={charge['chargeId']}")
    # The PIX "copia e cola" code; qrCodeImage holds the same as a QR code image.
    print(f"brCode={charge['brCode']}")
    return charge["chargeId"]
`;

const chargeStatus = `

def show_status(charge_id):
    query = urllib.parse.urlencode({"charge_id": charge_id})
    charge = api("GET", "/api/pix/charge/status?" + query)
    print(f"status={charge['status']}")
    print(f"statusCode={charge['statusCode']}")  # pending, approved, ...
`;

const chargeIdFromArgs = `

def charge_id_from_args():
    # The charge to look up: the first argument, or TOSTAO_CHARGE_ID.
    charge_id = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("TOSTAO_CHARGE_ID")
    if not charge_id:
        fail("usage: python3 ${FILENAME} <chargeId>  (or set TOSTAO_CHARGE_ID)")
    return charge_id
`;

const verifyWebhook = `

# In your webhook handler, pass the body exactly as received (bytes, before any JSON parsing):
# re-serialised JSON can differ in spacing or key order and then never matches.
def verify_signature(raw_body, signature_header, secret):
    """True when signature_header (X-Service-Signature) was made with secret over raw_body."""
    digest = hmac.new(secret.encode("utf-8"), raw_body, hashlib.sha256).hexdigest()
    expected = ("sha256=" + digest).encode("ascii")
    # compare_digest takes the same time wherever the values differ, so it leaks nothing.
    return hmac.compare_digest(expected, signature_header.strip().lower().encode("utf-8"))


# The webhook's secret (whsec_...), shown once when the webhook was created.
WEBHOOK_SECRET = os.environ.get("TOSTAO_WEBHOOK_SECRET") or "${kit.EXAMPLE_WEBHOOK_SECRET}"
SAMPLE_BODY = b'${kit.SAMPLE_WEBHOOK_BODY}'


def verify_webhook_demo():
    # Tostão sends this header with each delivery; here it is computed only to have one to check.
    digest = hmac.new(WEBHOOK_SECRET.encode("utf-8"), SAMPLE_BODY, hashlib.sha256).hexdigest()
    header = "sha256=" + digest
    if not verify_signature(SAMPLE_BODY, header, WEBHOOK_SECRET):
        fail("signature mismatch")
    if verify_signature(SAMPLE_BODY.replace(b"10.5", b"99.9"), header, WEBHOOK_SECRET):
        fail("a tampered body was accepted")
    print("X-Service-Signature: " + header)
    print("signature ok")
`;

function main(operation: kit.SnippetOperation): string {
  const steps =
    operation === "all"
      ? ["charge_id = create_charge()", "show_status(charge_id)", "verify_webhook_demo()"]
      : operation === "create_charge"
        ? ["create_charge()"]
        : operation === "charge_status"
          ? [
              "charge_id = charge_id_from_args()",
              'print(f"chargeId={charge_id}")',
              "show_status(charge_id)",
            ]
          : ["verify_webhook_demo()"];
  return `

def main():
${steps.map((s) => `    ${s}`).join("\n")}


if __name__ == "__main__":
    main()
`;
}

const PIECES = { api, createCharge, chargeStatus, chargeIdFromArgs, verifyWebhook, main };

function render(operation: kit.SnippetOperation, baseUrl: string): string {
  const usesApi = operation !== "verify_webhook";
  const imports = ["os", "sys"];
  if (usesApi) imports.push("json", "time", "urllib.error", "urllib.request");
  if (kit.includes(operation, "create_charge")) imports.push("uuid");
  if (kit.includes(operation, "charge_status")) imports.push("urllib.parse");
  if (kit.includes(operation, "verify_webhook")) imports.push("hashlib", "hmac");
  const header = `#!/usr/bin/env python3
# Tostão example: ${kit.SUMMARY[operation]}.
# Python 3.6+, standard library only. Run it with:
#
${kit.commentBlock("#", kit.usageLines(operation, RUN))}
`;
  return [
    header,
    imports
      .sort()
      .map((m) => `import ${m}\n`)
      .join(""),
    "\n\ndef fail(message):\n    print(message, file=sys.stderr)\n    sys.exit(1)\n",
    kit.snippetBody(operation, baseUrl, PIECES),
  ].join("");
}

export const pythonTemplate: kit.SnippetTemplate = {
  filename: FILENAME,
  run: RUN,
  render,
};
