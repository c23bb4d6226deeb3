// The Go snippet: one main.go on the standard library (net/http, encoding/json, crypto/hmac),
// runnable with `go run main.go` outside any module. Go rejects unused imports, so the import
// list is built from the parts the operation includes.
import * as kit from "./shared.ts";

const FILENAME = "main.go";
const RUN = `go run ${FILENAME}`;

const api = (baseUrl: string) => `
// Change this (or set TOSTAO_BASE_URL) to the address of your Tostão server.
const defaultBaseURL = ${kit.doubleQuoted(baseUrl, "go")}

var baseURL = strings.TrimRight(envOr("TOSTAO_BASE_URL", defaultBaseURL), "/")

var client = &http.Client{Timeout: 30 * time.Second}

// envelope is the shape of every answer: data on success, error otherwise.
type envelope struct {
	Success bool            \`json:"success"\`
	Data    json.RawMessage \`json:"data"\`
	Error   string          \`json:"error"\`
}

// charge holds the fields used here; the answers have more (value, qrCodeImage, expiresAt...).
type charge struct {
	ChargeID   string \`json:"chargeId"\`
	Status     string \`json:"status"\`
	StatusCode string \`json:"statusCode"\`
	BrCode     string \`json:"brCode"\`
}

// api calls the API and decodes the envelope's data into out; it exits with the API's message
// on an error.
func api(method, path string, body any, headers map[string]string, out any) {
	token := os.Getenv("TOSTAO_API_TOKEN")
	if token == "" {
		fail("TOSTAO_API_TOKEN is not set: export TOSTAO_API_TOKEN=<your API token>")
	}
	var data []byte
	if body != nil {
		var err error
		if data, err = json.Marshal(body); err != nil {
			fail(err.Error())
		}
	}
	// A busy (429) or failing (5xx) server is tried again, after waits that double from half a
	// second (or the server's Retry-After, if longer); a create keeps its Idempotency-Key, so a
	// retry never charges twice.
	var res *http.Response
	var raw []byte
	for attempt := 0; ; attempt++ {
		req, err := http.NewRequest(method, baseURL+path, bytes.NewReader(data))
		if err != nil {
			fail("bad request: " + err.Error())
		}
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("Accept", "application/json")
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		for name, value := range headers {
			req.Header.Set(name, value)
		}
		res, err = client.Do(req)
		if err != nil {
			fail("cannot reach " + baseURL + ": " + err.Error())
		}
		raw, err = io.ReadAll(res.Body)
		res.Body.Close()
		if err != nil {
			fail("reading the answer: " + err.Error())
		}
		retried := res.StatusCode == 429 || res.StatusCode == 500 || res.StatusCode == 502 ||
			res.StatusCode == 503 || res.StatusCode == 504
		if !retried || attempt == 4 {
			break
		}
		wait := time.Duration(500<<attempt) * time.Millisecond
		if s, err := strconv.Atoi(res.Header.Get("Retry-After")); err == nil && s > 0 {
			if s > 30 {
				s = 30
			}
			if after := time.Duration(s) * time.Second; after > wait {
				wait = after
			}
		}
		time.Sleep(wait)
	}
	// Error answers carry the same JSON envelope, whose "error" says what went wrong.
	var env envelope
	if err := json.Unmarshal(raw, &env); err != nil {
		fail(fmt.Sprintf("HTTP %d: not a JSON answer: %.200s", res.StatusCode, raw))
	}
	if !env.Success {
		fail(fmt.Sprintf("Tostão API error (HTTP %d): %s", res.StatusCode, env.Error))
	}
	if err := json.Unmarshal(env.Data, out); err != nil {
		fail("unexpected data: " + err.Error())
	}
}
`;

const createCharge = `
func createCharge() string {
	// Send the same Idempotency-Key again when retrying this request after a timeout: the API
	// then answers with the charge it already made instead of creating a second one.
	key := make([]byte, 16)
	if _, err := rand.Read(key); err != nil {
		fail(err.Error())
	}
	// A bill with a due date (Pix cobv) adds "due_date": "2026-12-31", "customer_name",
	// "customer_cpf" or "customer_cnpj", and optionally "fine", "interest", "discounts" (docs/due-date.md).
	body := map[string]any{"value": 10.5, "title": "Camiseta"} // value in reais
	headers := map[string]string{"Idempotency-Key": hex.EncodeToString(key)}
	var c charge
	api("POST", "/api/pix/charge/create", body, headers, &c)
	fmt.Println("chargeId=" + c.ChargeID)
	// The PIX "copia e cola" code; qrCodeImage holds the same as a QR code image.
	fmt.Println("brCode=" + c.BrCode)
	return c.ChargeID
}
`;

const chargeStatus = `
func showStatus(chargeID string) {
	var c charge
	api("GET", "/api/pix/charge/status?"+url.Values{"charge_id": {chargeID}}.Encode(), nil, nil, &c)
	fmt.Println("status=" + c.Status)
	fmt.Println("statusCode=" + c.StatusCode) // pending, approved, ...
}
`;

const chargeIdFromArgs = `
// chargeIDFromArgs is the charge to look up: the first argument, or TOSTAO_CHARGE_ID.
func chargeIDFromArgs() string {
	if len(os.Args) > 1 && os.Args[1] != "" {
		return os.Args[1]
	}
	chargeID := os.Getenv("TOSTAO_CHARGE_ID")
	if chargeID == "" {
		fail("usage: ${RUN} <chargeId>  (or set TOSTAO_CHARGE_ID)")
	}
	return chargeID
}
`;

const verifyWebhook = `
// verifySignature reports whether signatureHeader (X-Service-Signature) was made with secret
// over rawBody. In your webhook handler, pass the body exactly as received (io.ReadAll of
// r.Body, before any JSON decoding): re-serialised JSON can differ and then never matches.
func verifySignature(rawBody []byte, signatureHeader, secret string) bool {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write(rawBody)
	expected := "sha256=" + hex.EncodeToString(mac.Sum(nil))
	received := strings.ToLower(strings.TrimSpace(signatureHeader))
	// hmac.Equal takes the same time wherever the values differ, so it leaks nothing.
	return hmac.Equal([]byte(expected), []byte(received))
}

// The webhook's secret (whsec_...), shown once when the webhook was created.
var webhookSecret = envOr("TOSTAO_WEBHOOK_SECRET", "${kit.EXAMPLE_WEBHOOK_SECRET}")

const sampleBody = \`${kit.SAMPLE_WEBHOOK_BODY}\`

func verifyWebhookDemo() {
	// Tostão sends this header with each delivery; here it is computed only to have one to check.
	mac := hmac.New(sha256.New, []byte(webhookSecret))
	mac.Write([]byte(sampleBody))
	header := "sha256=" + hex.EncodeToString(mac.Sum(nil))
	if !verifySignature([]byte(sampleBody), header, webhookSecret) {
		fail("signature mismatch")
	}
	tampered := strings.Replace(sampleBody, "10.5", "99.9", 1)
	if verifySignature([]byte(tampered), header, webhookSecret) {
		fail("a tampered body was accepted")
	}
	fmt.Println("X-Service-Signature: " + header)
	fmt.Println("signature ok")
}
`;

const MAIN_STEPS: Record<kit.SnippetOperation, readonly string[]> = {
  all: ["chargeID := createCharge()", "showStatus(chargeID)", "verifyWebhookDemo()"],
  create_charge: ["createCharge()"],
  charge_status: [
    "chargeID := chargeIDFromArgs()",
    'fmt.Println("chargeId=" + chargeID)',
    "showStatus(chargeID)",
  ],
  verify_webhook: ["verifyWebhookDemo()"],
};

function imports(operation: kit.SnippetOperation): string[] {
  const set = new Set(["fmt", "os", "strings"]);
  const add = (...paths: string[]) => {
    for (const p of paths) set.add(p);
  };
  if (operation !== "verify_webhook") {
    add("bytes", "encoding/json", "io", "net/http", "strconv", "time");
  }
  if (kit.includes(operation, "create_charge")) add("crypto/rand", "encoding/hex");
  if (kit.includes(operation, "charge_status")) add("net/url");
  if (kit.includes(operation, "verify_webhook"))
    add("crypto/hmac", "crypto/sha256", "encoding/hex");
  return [...set].sort();
}

const main = (operation: kit.SnippetOperation) =>
  `\nfunc main() {\n${MAIN_STEPS[operation].map((s) => `\t${s}\n`).join("")}}\n`;

const PIECES = { api, createCharge, chargeStatus, chargeIdFromArgs, verifyWebhook, main };

function render(operation: kit.SnippetOperation, baseUrl: string): string {
  // The blank line before "package" keeps the header from being a doc comment, which gofmt
  // would reformat.
  return [
    `// Tostão example: ${kit.SUMMARY[operation]}.
// Go 1.18+, standard library only. Run it with:
//
${kit.commentBlock("//", kit.usageLines(operation, RUN))}
package main

import (
${imports(operation)
  .map((p) => `\t"${p}"\n`)
  .join("")})

func envOr(name, fallback string) string {
	if value := os.Getenv(name); value != "" {
		return value
	}
	return fallback
}

func fail(message string) {
	fmt.Fprintln(os.Stderr, message)
	os.Exit(1)
}
`,
    kit.snippetBody(operation, baseUrl, PIECES),
  ].join("");
}

export const goTemplate: kit.SnippetTemplate = { filename: FILENAME, run: RUN, render };
