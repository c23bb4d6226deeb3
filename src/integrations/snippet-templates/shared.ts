// What every language template shares: the operation names, the sample webhook, and the quoting
// of values that come from outside (the base URL). A base URL goes only into a string literal
// built here, never into a comment, where a newline would end the comment and start code.

export const SNIPPET_OPERATIONS = [
  "create_charge",
  "charge_status",
  "verify_webhook",
  "all",
] as const;
export type SnippetOperation = (typeof SNIPPET_OPERATIONS)[number];

/** One language: how its file is named and run, and its code for an operation. */
export type SnippetTemplate = {
  readonly filename: string;
  readonly run: string;
  /** `baseUrl` is already validated (http or https, well-formed Unicode, no NUL). */
  render(operation: SnippetOperation, baseUrl: string): string;
};

/** Whether the snippet for `operation` includes `part` ("all" includes every part). */
export const includes = (operation: SnippetOperation, part: Exclude<SnippetOperation, "all">) =>
  operation === "all" || operation === part;

/**
 * The main steps of the JavaScript and TypeScript files, a statement each: the charge created or
 * read, then the sample webhook's check (`verifyCall`, awaited where the check is async).
 */
export function scriptSteps(operation: SnippetOperation, verifyCall: string): string[] {
  const charge =
    operation === "all"
      ? ["const chargeId = await createCharge();", "await showStatus(chargeId);"]
      : operation === "create_charge"
        ? ["await createCharge();"]
        : operation === "charge_status"
          ? [
              "const chargeId = chargeIdFromArgs();",
              'console.log("chargeId=" + chargeId);',
              "await showStatus(chargeId);",
            ]
          : [];
  return includes(operation, "verify_webhook") ? [...charge, verifyCall] : charge;
}

/** A language's pieces of code after its header, each written once in its file. */
export type SnippetPieces = {
  /** The API helper (base URL, token, retries); left out when only verifying a webhook. */
  api: (baseUrl: string) => string;
  createCharge: string;
  chargeStatus: string;
  /** charge_status alone reads the charge id from the command line (where the language needs it). */
  chargeIdFromArgs?: string;
  verifyWebhook: string;
  main: (operation: SnippetOperation) => string;
};

/**
 * The file after its header: the pieces the operation needs, in one order for every language,
 * so that no language's file can drop or reorder a step the others have.
 */
export function snippetBody(
  operation: SnippetOperation,
  baseUrl: string,
  p: SnippetPieces,
): string {
  return [
    operation === "verify_webhook" ? "" : p.api(baseUrl),
    includes(operation, "create_charge") ? p.createCharge : "",
    includes(operation, "charge_status") ? p.chargeStatus : "",
    operation === "charge_status" ? (p.chargeIdFromArgs ?? "") : "",
    includes(operation, "verify_webhook") ? p.verifyWebhook : "",
    p.main(operation),
  ].join("");
}

/** The one-line summary each file starts with. */
export const SUMMARY: Record<SnippetOperation, string> = {
  all: "create a PIX charge, read its status and verify a webhook signature",
  create_charge: "create a PIX charge",
  charge_status: "read the status of a PIX charge",
  verify_webhook: "verify the signature of a webhook delivery",
};

// A delivery as the service sends it. Templates paste these two between single quotes (or Go
// backquotes) as they are, so they hold no quote, backslash, backquote or non-ASCII character
// (the tests check that).
export const SAMPLE_WEBHOOK_BODY =
  '{"id":"evt_example","event":"charge.approved","timestamp":"2025-01-01T12:00:00.000Z",' +
  '"data":{"chargeId":"pix_example","value":10.5,"statusCode":"approved"}}';
/** Same shape as a real secret (whsec_ + base64), so it is also valid for Standard Webhooks. */
export const EXAMPLE_WEBHOOK_SECRET = "whsec_dG9zdGFvLWV4YW1wbGUtc2VjcmV0LWNoYW5nZS1tZSE=";

const hex = (n: number, width: number) => n.toString(16).padStart(width, "0");

/**
 * A double-quoted string literal for Python, Go or JavaScript. The result is printable ASCII, so
 * no raw newline, quote or line separator (U+2028 ends a line in some JS parsers) can close the
 * literal early; everything else is escaped in a syntax all three languages share.
 */
export function doubleQuoted(value: string, language: "python" | "go" | "javascript"): string {
  let out = '"';
  for (const ch of value) {
    const cp = ch.codePointAt(0) ?? 0;
    if (ch === '"' || ch === "\\") out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${hex(cp, 2)}`;
    else if (cp < 0x7f) out += ch;
    // JavaScript's \uXXXX is a UTF-16 unit, so astral characters need the braced form.
    else if (language === "javascript") out += `\\u{${cp.toString(16)}}`;
    else if (cp <= 0xffff) out += `\\u${hex(cp, 4)}`;
    else out += `\\U${hex(cp, 8)}`;
  }
  return `${out}"`;
}

/** A PHP single-quoted literal: only backslash and quote are special there (no `$` expansion). */
export const phpSingleQuoted = (value: string) => `'${value.replace(/[\\']/g, "\\$&")}'`;

/** A shell single-quoted word: nothing inside is special, so a quote is closed, escaped, reopened. */
export const shellSingleQuoted = (value: string) => `'${value.replaceAll("'", "'\\''")}'`;

/** How to run the file, as lines for its header comment (the caller adds comment markers). */
export function usageLines(operation: SnippetOperation, run: string): string[] {
  const lines: string[] = [];
  if (operation !== "verify_webhook") {
    lines.push("export TOSTAO_API_TOKEN=...   # an API token (start with a test token)");
  }
  if (includes(operation, "verify_webhook")) {
    lines.push("export TOSTAO_WEBHOOK_SECRET=whsec_...   # optional: your webhook's secret");
  }
  lines.push(operation === "charge_status" ? `${run} <chargeId>` : run);
  return lines;
}

/** `lines` as a comment block: `marker` and two spaces before each (the indented usage block). */
export const commentBlock = (marker: string, lines: readonly string[]) =>
  lines.map((l) => `${marker}   ${l}\n`).join("");
