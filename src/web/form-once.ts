import type { FastifyRequest } from "fastify";
import type { ResponseSeal } from "../domain/idempotency/run-idempotent.ts";
import {
  FORM_KEY_FIELD,
  type FormSubmission,
  formScope,
} from "../domain/idempotency/submit-once.ts";
import type { Random } from "../kernel/clock.ts";
import type { SecretBox } from "../secrets/secret-box.ts";
import { formText } from "./forms.ts";
import { html, type SafeHtml } from "./html.ts";

// The page side of a form that creates something once (domain/idempotency/submit-once.ts): each
// render draws a new key into a hidden field; the post reads it back with what was submitted.

/** The hidden field with a key drawn for this render of the form. */
export function onceField(deps: { random: Random }): SafeHtml {
  return onceInput(newFormKey(deps));
}

/** A key for one render of a form (a view that must stay pure is handed one). */
export const newFormKey = (deps: { random: Random }): string =>
  deps.random.bytes(16).toString("base64url");

/** The hidden field carrying a form's key. */
export function onceInput(key: string): SafeHtml {
  return html`<input type="hidden" name="${FORM_KEY_FIELD}" value="${key}">`;
}

/** The submission of a form: whose, which form, its key and the values it carried. */
export function submission(
  req: FastifyRequest,
  who: { accountId: string; mode: "test" | "live" },
  form: string,
  fields: Record<string, unknown>,
): FormSubmission {
  return {
    accountId: who.accountId,
    mode: who.mode,
    form,
    key: formText(req.body, FORM_KEY_FIELD),
    fields,
  };
}

/** A stored result carrying a secret (a key's value, a webhook's secret, an invitation link) is sealed. */
export function sealFor(
  deps: { secretBox: SecretBox },
  sub: FormSubmission,
): ResponseSeal | undefined {
  const scope = formScope(sub);
  if (!scope) return undefined;
  const bound = `idempotency:${scope.accountId}:${scope.mode}:${scope.route}:${scope.key}`;
  return {
    seal: (t) => deps.secretBox.seal(t, bound),
    open: (t) => deps.secretBox.open(t, bound),
  };
}
