import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { baseUrlOf } from "../../base-url.ts";
import type { AppDeps } from "../../deps.ts";
import { parseCalendarDate } from "../../domain/due-date/calendar-date.ts";
import { cobvPayload } from "../../domain/sandbox-pix/cobv-payload.ts";
import { COBV_PAYLOAD_PATH, PAYLOAD_JWKS_PATH } from "../../domain/sandbox-pix/due-location.ts";

const tags = ["pix"];

/**
 * The location of a sandbox due-date charge, as a PSP serves its own (BACEN's
 * GET /cobv/{pixUrlAccessToken}, open to anyone holding the BR Code): the CobVPayload of the
 * payment date `DPP` as a compact JWS (ES256) whose header's `jku` is the JWKS below, where a
 * payer's bank finds the key to verify it. Beside it, that JWKS.
 */
export function registerCobvPayloadRoutes(app: FastifyInstance, deps: AppDeps): void {
  const signer = deps.payloadSigner;
  if (!signer) return;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${COBV_PAYLOAD_PATH}:pixUrlAccessToken`,
    {
      config: { auth: "none" },
      // Read by a payer's bank, not by a merchant's client: out of the API documents and the
      // client (docs/due-date.md describes it), its query still validated.
      schema: {
        hide: true,
        operationId: "getCobvPayload",
        summary:
          "Location of a sandbox charge with a due date: its CobVPayload for the payment date DPP, as a JWS (application/jose)",
        tags,
        produces: ["application/jose"],
        params: z.strictObject({ pixUrlAccessToken: z.string().max(64) }),
        querystring: z.object({
          codMun: z
            .string()
            .regex(/^\d{7}$/, "must be the payer's IBGE municipality code, 7 digits")
            .optional(),
          DPP: z
            .string()
            .refine((v) => parseCalendarDate(v) !== undefined, "must be a date as YYYY-MM-DD")
            .optional(),
        }),
      },
    },
    async (req, reply) => {
      const payload = await cobvPayload(deps, req.params.pixUrlAccessToken, req.query.DPP);
      const base = baseUrlOf(deps, req).replace(/^http:/, "https:");
      const jws = signer.sign(payload, { jku: `${base}${PAYLOAD_JWKS_PATH}` });
      return reply.type("application/jose").header("cache-control", "no-store").send(jws);
    },
  );
  r.get(
    PAYLOAD_JWKS_PATH,
    {
      config: { auth: "none" },
      schema: {
        hide: true,
        operationId: "getPayloadKeys",
        summary: "The public keys (JWKS) that verify this service's Pix location payloads",
        tags,
      },
    },
    async (_req, reply) =>
      reply
        .type("application/json")
        .header("cache-control", "public, max-age=3600")
        .send(JSON.stringify({ keys: [signer.jwk] })),
  );
}
