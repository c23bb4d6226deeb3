// Ready-to-run client examples for the API: one file per language that creates a PIX charge,
// reads its status and verifies a webhook signature, with the server's base URL filled in.
// Pure: the caller passes the base URL (this module reads no environment and does no I/O); the
// generated code itself reads TOSTAO_API_TOKEN, TOSTAO_BASE_URL and TOSTAO_WEBHOOK_SECRET.
//
// Errors: generateSnippet throws SnippetError (an AppError with code UNPROCESSABLE, so an HTTP
// route answers 422 without extra mapping) for an unknown language or operation or a bad base
// URL. The input is typed, but the checks are made at run time too because callers pass
// strings from query parameters or the CLI.
import { AppError } from "../domain/errors.ts";
import { curlTemplate } from "./snippet-templates/curl.ts";
import { goTemplate } from "./snippet-templates/go.ts";
import { javascriptTemplate } from "./snippet-templates/javascript.ts";
import { phpTemplate } from "./snippet-templates/php.ts";
import { pythonTemplate } from "./snippet-templates/python.ts";
import {
  SNIPPET_OPERATIONS,
  type SnippetOperation,
  type SnippetTemplate,
} from "./snippet-templates/shared.ts";
import { typescriptTemplate } from "./snippet-templates/typescript.ts";

export { SNIPPET_OPERATIONS, type SnippetOperation };

export const SNIPPET_LANGUAGES = [
  "python",
  "javascript",
  "typescript",
  "curl",
  "php",
  "go",
] as const;
export type SnippetLanguage = (typeof SNIPPET_LANGUAGES)[number];

export type SnippetInput = {
  readonly language: SnippetLanguage;
  /** Defaults to "all": create a charge, read its status, verify a sample webhook. */
  readonly operation?: SnippetOperation;
  /** The server's address, e.g. "https://pay.example.com"; an http or https URL. */
  readonly baseUrl: string;
};

export type Snippet = {
  readonly language: SnippetLanguage;
  readonly operation: SnippetOperation;
  /** The name the code expects to be saved as (the usage comment and `run` use it). */
  readonly filename: string;
  readonly code: string;
  /** The shell command that runs the saved file from its directory. */
  readonly run: string;
};

export type SnippetErrorReason = "unknown_language" | "unknown_operation" | "invalid_base_url";

export class SnippetError extends AppError {
  constructor(
    readonly reason: SnippetErrorReason,
    message: string,
  ) {
    super("UNPROCESSABLE", message);
    this.name = "SnippetError";
  }
}

const TEMPLATES: Record<SnippetLanguage, SnippetTemplate> = {
  python: pythonTemplate,
  javascript: javascriptTemplate,
  typescript: typescriptTemplate,
  curl: curlTemplate,
  php: phpTemplate,
  go: goTemplate,
};

// A plain `value in TEMPLATES` would also accept "toString" and other inherited names.
export const isSnippetLanguage = (value: unknown): value is SnippetLanguage =>
  (SNIPPET_LANGUAGES as readonly unknown[]).includes(value);

export const isSnippetOperation = (value: unknown): value is SnippetOperation =>
  (SNIPPET_OPERATIONS as readonly unknown[]).includes(value);

/**
 * The base URL as it will be embedded, without trailing slashes (the paths start with one).
 * Quotes and newlines are allowed (each template escapes them); what no string literal in every
 * target language can hold (NUL, a lone UTF-16 surrogate) or what is not an http(s) URL is not.
 */
function checkBaseUrl(baseUrl: unknown): string {
  if (typeof baseUrl !== "string") {
    throw new SnippetError("invalid_base_url", "baseUrl must be a string");
  }
  if (baseUrl.includes("\0") || /[\uD800-\uDFFF]/u.test(baseUrl)) {
    throw new SnippetError("invalid_base_url", "baseUrl must be well-formed text without NUL");
  }
  let protocol: string;
  try {
    protocol = new URL(baseUrl).protocol;
  } catch {
    throw new SnippetError("invalid_base_url", "baseUrl must be an absolute URL");
  }
  if (protocol !== "http:" && protocol !== "https:") {
    throw new SnippetError("invalid_base_url", "baseUrl must start with http:// or https://");
  }
  return baseUrl.replace(/\/+$/, "");
}

/** The example for one language and operation; throws SnippetError on invalid input. */
export function generateSnippet(input: SnippetInput): Snippet {
  const { language, operation = "all" } = input;
  if (!isSnippetLanguage(language)) {
    throw new SnippetError(
      "unknown_language",
      `language must be one of ${SNIPPET_LANGUAGES.join(", ")}`,
    );
  }
  if (!isSnippetOperation(operation)) {
    throw new SnippetError(
      "unknown_operation",
      `operation must be one of ${SNIPPET_OPERATIONS.join(", ")}`,
    );
  }
  const baseUrl = checkBaseUrl(input.baseUrl);
  const template = TEMPLATES[language];
  return {
    language,
    operation,
    filename: template.filename,
    code: template.render(operation, baseUrl),
    run: template.run,
  };
}
