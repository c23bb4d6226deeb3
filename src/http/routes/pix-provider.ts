import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { handlePspNotification } from "../../domain/live-pix/live-notify.ts";
import {
  handleRecurrenceNotification,
  recurrenceKindOf,
} from "../../domain/subscriptions-live/notify.ts";
import { okEnvelope, sendOk } from "../envelope.ts";

const NotifiedSchema = z.object({
  received: z.number().int(),
  approved: z.number().int(),
  refunds: z.number().int(),
});
const RecNotifiedSchema = z.object({
  received: z.number().int(),
  confirmed: z.number().int(),
  moved: z.number().int(),
});
const AnyNotifiedSchema = z.union([NotifiedSchema, RecNotifiedSchema]);
const HookParams = z.strictObject({ hookId: z.string().min(1).max(100) });

/**
 * The notification endpoint the PSP calls (live PIX), by hand: it takes no token (the PSP cannot
 * send one), the hook id in its path is random and unguessable, and nothing it says is believed
 * before the PSP confirms it. The PSP connection's own operations are in the table
 * (operations/pix-provider.ts).
 */
export function registerPixProviderRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ["pix"];

  // The PSP POSTs to the registered URL + "/pix" (BACEN callback); Efí's "?ignorar=" form puts
  // that suffix in the query string, which is ignored. Both paths land here.
  for (const url of ["/api/pix/psp/notify/:hookId", "/api/pix/psp/notify/:hookId/pix"]) {
    r.post(
      url,
      {
        schema: {
          summary: "PSP payment notification (BACEN webhook); confirmed at the PSP before use",
          tags,
          hide: true,
          params: HookParams,
          response: { 200: okEnvelope(AnyNotifiedSchema) },
        },
      },
      async (req, reply) => {
        // Efí's "?ignorar=" puts the /rec and /cobr suffixes in the query string too: a Pix
        // Automático body is told by its shape ({recs} or {cobsr}).
        const kind = recurrenceKindOf(req.body);
        const pspClients = deps.pixProviders.live;
        return sendOk(
          reply,
          AnyNotifiedSchema,
          kind
            ? await handleRecurrenceNotification(
                { ...deps, pspClients },
                req.params.hookId,
                kind,
                req.body,
              )
            : await handlePspNotification({ ...deps, pspClients }, req.params.hookId, req.body),
        );
      },
    );
  }

  // Pix Automático: the file's webhookrec and webhookcobr callbacks add /rec and /cobr to the
  // URL registered with the connection (the same URL as for /pix).
  for (const kind of ["rec", "cobr"] as const) {
    r.post(
      `/api/pix/psp/notify/:hookId/${kind}`,
      {
        schema: {
          summary: `PSP Pix Automático notification (BACEN webhook${kind}); confirmed at the PSP before use`,
          tags,
          hide: true,
          params: HookParams,
          response: { 200: okEnvelope(RecNotifiedSchema) },
        },
      },
      async (req, reply) =>
        sendOk(
          reply,
          RecNotifiedSchema,
          await handleRecurrenceNotification(
            { ...deps, pspClients: deps.pixProviders.live },
            req.params.hookId,
            kind,
            req.body,
          ),
        ),
    );
  }
}
