import type { FastifyInstance } from "fastify";
import type { AppDeps } from "../../../deps.ts";
import { pspConnection } from "../../../domain/dashboard/settings.ts";
import { SavePspConnectionSchema } from "../../../domain/pix-psp-connection/schemas.ts";
import {
  deletePspConnection,
  savePspConnection,
} from "../../../domain/pix-psp-setup/manage-connection.ts";
import { formBody } from "../../forms.ts";
import { dashT, runAction } from "../chrome.ts";
import { parseForm } from "../format.ts";
import { requireSudo } from "../require-sudo.ts";
import { signed, signedInRoutes, userActor } from "../session.ts";
import { pixProviderView, TYPED_FIELDS, type Typed } from "../views/pix-provider.ts";
import { dashPage } from "./page.ts";

// The PIX provider (live, views/pix-provider.ts): save the PSP connection from its multipart
// form (checked at the PSP when saving), delete it. The use cases are the API's
// (POST/GET /api/pix/provider, /delete). Secrets never come back: the view holds none.

/** A text field or an uploaded file's text (multipart bodies carry files as Buffers). */
function field(body: unknown, name: string): string | undefined {
  const v = formBody(body)[name] as unknown;
  const first = Array.isArray(v) ? v[0] : v;
  const text = Buffer.isBuffer(first)
    ? first.toString("utf8")
    : typeof first === "string"
      ? first
      : "";
  const trimmed = text.trim();
  return trimmed === "" ? undefined : trimmed;
}

/** "name: value" lines to extra_headers (the domain validates names and values). */
function headerLines(text: string | undefined): { extra_headers?: Record<string, string> } {
  if (!text) return {};
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === "") continue;
    const at = line.indexOf(":");
    out[(at < 0 ? line : line.slice(0, at)).trim()] = at < 0 ? "" : line.slice(at + 1).trim();
  }
  return { extra_headers: out };
}

function fileBase64(body: unknown, name: string): string | undefined {
  const v = formBody(body)[name] as unknown;
  return Buffer.isBuffer(v) && v.length > 0 ? v.toString("base64") : undefined;
}

/**
 * receiver_account from its three fields (live subscriptions' cobrs name it): absent when the
 * account number is left empty, so a connection saved without it keeps none.
 */
function receiverAccount(body: unknown) {
  const account = field(body, "receiver_account");
  if (!account) return {};
  const branch = field(body, "receiver_branch");
  return {
    receiver_account: {
      account,
      type: field(body, "receiver_account_type"),
      ...(branch ? { branch } : {}),
    },
  };
}

/** The form's fields through the API's schema. */
function connectionInput(b: unknown) {
  const optional = (name: string) => (field(b, name) ? { [name]: field(b, name) } : {});
  const pfx = fileBase64(b, "pfx");
  return parseForm(SavePspConnectionSchema, {
    profile: field(b, "profile"),
    ...(field(b, "replace_webhook") === "true" ? { replace_webhook: true } : {}),
    ...optional("app_key"),
    ...headerLines(field(b, "extra_headers")),
    ...optional("base_url"),
    ...optional("token_url"),
    client_id: field(b, "client_id") ?? "",
    ...optional("client_secret"),
    ...(pfx
      ? { pfx, ...optional("passphrase") }
      : { certificate: field(b, "certificate"), private_key: field(b, "private_key") }),
    ...optional("ca"),
    ...receiverAccount(b),
    pix_key: field(b, "pix_key") ?? "",
    merchant_name: field(b, "merchant_name") ?? "",
    merchant_city: field(b, "merchant_city") ?? "",
  });
}

/** What was typed in the form's plain fields (never a secret nor a file). */
const typedIn = (b: unknown): Typed =>
  Object.fromEntries(TYPED_FIELDS.map((k) => [k, field(b, k) ?? ""]));

export function registerPixProviderPages(web: FastifyInstance, deps: AppDeps): void {
  const r = signedInRoutes(web, deps);
  const show = dashPage(
    deps,
    "pix",
    (req) => pspConnection(deps, signed(req).who),
    pixProviderView,
  );
  const ok = (text: string) => ({ flash: { kind: "ok" as const, text } });

  r.get("/dashboard/pix-provider", "provider:read", (req, reply) => show(req, reply));

  r.post("/dashboard/pix-provider", "provider:write", async (req, reply) => {
    // Live: where the money goes changes, so a fresh factor first (require-sudo.ts).
    const live = () => signed(req).who.mode === "live";
    if (!(await requireSudo(deps, req, reply, { section: "pix", needed: live }))) return reply;
    const done = await runAction(() =>
      savePspConnection(deps, signed(req).who, connectionInput(req.body), userActor(req)),
    );
    if (!done.ok) {
      return show(req, reply, { flash: done.flash, status: done.status, typed: typedIn(req.body) });
    }
    return show(req, reply, ok(dashT(req)("pix.saved")));
  });

  r.post("/dashboard/pix-provider/delete", "provider:write", async (req, reply) => {
    const done = await runAction(() => deletePspConnection(deps, signed(req).who, userActor(req)));
    if (!done.ok) return show(req, reply, { flash: done.flash, status: done.status });
    return show(req, reply, ok(dashT(req)("pix.deleted")));
  });
}
