import type { FastifyRequest } from "fastify";
import { AppError, badRequest } from "../domain/errors.ts";

// Reading application/x-www-form-urlencoded bodies (parsed by @fastify/formbody, registered for
// the pages only: the JSON API keeps refusing any other body type with 415). A field sent twice
// arrives as a list; these helpers give each form a plain string or list.

export type FormBody = Record<string, string | string[] | undefined>;

export function formBody(body: unknown): FormBody {
  return body && typeof body === "object" ? (body as FormBody) : {};
}

/** The field's value, trimmed ("" when absent; the first when sent twice). */
export function formText(body: unknown, name: string): string {
  const v = formBody(body)[name];
  const first = Array.isArray(v) ? v[0] : v;
  return typeof first === "string" ? first.trim() : "";
}

/** The field's value exactly as sent (passwords: no trimming). */
export function formRaw(body: unknown, name: string): string {
  const v = formBody(body)[name];
  const first = Array.isArray(v) ? v[0] : v;
  return typeof first === "string" ? first : "";
}

/** Every value of a repeated field (checkboxes). */
export function formList(body: unknown, name: string): string[] {
  const v = formBody(body)[name];
  if (v === undefined) return [];
  return (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === "string");
}

/**
 * Multipart bodies (the forms with file uploads), read whole in preValidation as @fastify/multipart's
 * `attachFieldsToBody: "keyValues"` would (a field's text, a file's Buffer, a list when sent
 * twice), except that a body the parser cannot read (truncated, without its boundary, a part's
 * header malformed) is the client's mistake: 400 with a message, not a 500 and a stack trace in
 * the log. The plugin's own refusals (its limits: 413) keep their status.
 */
export async function readMultipartBody(req: FastifyRequest): Promise<void> {
  if (!req.isMultipart()) return;
  const body: Record<string, unknown> = Object.create(null);
  const add = (name: string, value: unknown) => {
    const had = body[name];
    body[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  };
  // A route may raise the file limit for itself (the billing CSV: routeOptions.config.upload).
  const upload = (req.routeOptions.config as { upload?: { fileSize: number } }).upload;
  let field = "body";
  try {
    for await (const part of req.parts(upload ? { limits: { fileSize: upload.fileSize } } : {})) {
      field = part.fieldname;
      if (part.type === "file") add(part.fieldname, await part.toBuffer());
      else add(part.fieldname, part.value);
    }
  } catch (err) {
    // A file over the limit: 413 naming the field and the limit, not the plugin's bare words.
    if ((err as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE" && upload) {
      throw new AppError("PAYLOAD_TOO_LARGE", `${field}: larger than ${upload.fileSize} bytes`);
    }
    const status = (err as { statusCode?: number }).statusCode;
    if (typeof status === "number" && status >= 400 && status < 500) throw err;
    throw badRequest("body: not a complete multipart/form-data body");
  }
  req.body = body;
}
