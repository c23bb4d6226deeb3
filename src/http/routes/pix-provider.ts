import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import { handlePspNotification } from "../../domain/charges/live-notify.ts";
import {
  deletePspConnection,
  savePspConnection,
  viewPspConnection,
} from "../../domain/pix-psp-connection/manage-connection.ts";
import {
  DeletedPspConnectionSchema,
  PspConnectionViewSchema,
  SavePspConnectionSchema,
} from "../../domain/pix-psp-connection/schemas.ts";
import { okEnvelope, sendOk } from "../envelope.ts";
import { sendIdempotent } from "../idempotent-reply.ts";
import { principalOf } from "../plugins/guard.ts";

const tags = ["pix"];
const auth = { auth: "required" as const };
const NotifiedSchema = z.object({
  received: z.number().int(),
  approved: z.number().int(),
  refunds: z.number().int(),
});
const HookParams = z.strictObject({ hookId: z.string().min(1).max(100) });

/**
 * Live PIX: the account's PSP connection (live tokens only) and the notification endpoint the
 * PSP calls. The notification endpoint takes no token (the PSP cannot send one): the hook id in
 * its path is random and unguessable, and nothing it says is believed before the PSP confirms it.
 */
export function registerPixProviderRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    "/api/pix/provider",
    {
      config: auth,
      schema: {
        summary:
          "Save the live PSP connection (BACEN API Pix, mTLS + OAuth2); checked for real; live tokens only",
        tags,
        body: SavePspConnectionSchema,
        response: { 200: okEnvelope(PspConnectionViewSchema) },
      },
    },
    async (req, reply) => {
      const who = principalOf(req);
      // The PSP is called while saving: outside any transaction. The stored response holds no
      // secret (the view never does).
      const data = await savePspConnection(deps, who, req.body);
      await sendIdempotent(deps, req, reply, PspConnectionViewSchema, async () => data, {
        noSecret: true,
      });
    },
  );

  r.get(
    "/api/pix/provider",
    {
      config: auth,
      schema: {
        summary:
          "The live PSP connection, without secrets, and the notification URL to give the PSP",
        tags,
        response: { 200: okEnvelope(PspConnectionViewSchema) },
      },
    },
    async (req, reply) =>
      sendOk(reply, PspConnectionViewSchema, await viewPspConnection(deps, principalOf(req))),
  );

  r.post(
    "/api/pix/provider/delete",
    {
      config: auth,
      schema: {
        summary: "Delete the live PSP connection (its webhook at the PSP is removed, best effort)",
        tags,
        response: { 200: okEnvelope(DeletedPspConnectionSchema) },
      },
    },
    async (req, reply) =>
      sendOk(reply, DeletedPspConnectionSchema, await deletePspConnection(deps, principalOf(req))),
  );

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
          response: { 200: okEnvelope(NotifiedSchema) },
        },
      },
      async (req, reply) =>
        sendOk(
          reply,
          NotifiedSchema,
          await handlePspNotification(
            { ...deps, pspClients: deps.pixProviders.live },
            req.params.hookId,
            req.body,
          ),
        ),
    );
  }
}
