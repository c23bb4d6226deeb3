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
