import {
  DeletedPspConnectionSchema,
  PspConnectionViewSchema,
  SavePspConnectionSchema,
} from "../domain/pix-psp-connection/schemas.ts";
import {
  deletePspConnection,
  savePspConnection,
  viewPspConnection,
} from "../domain/pix-psp-setup/manage-connection.ts";
import { operation } from "./operation.ts";

const tags = ["pix"];

// The live PSP connection (live tokens only). Its notification endpoint, which the PSP calls
// without a token, is a hand-made route (http/routes/pix-provider.ts).
export const PIX_PROVIDER_OPERATIONS = [
  operation({
    id: "savePixProvider",
    method: "POST",
    path: "/api/pix/provider",
    auth: "required",
    scope: "provider:write",
    raises: ["FORBIDDEN", "UNPROCESSABLE", "BAD_GATEWAY"],
    summary:
      "Save the live PSP connection (BACEN API Pix, mTLS + OAuth2); checked for real; live tokens only; Idempotency-Key accepted",
    tags,
    input: SavePspConnectionSchema,
    output: PspConnectionViewSchema,
    stored: "plain",
    // The PSP is called while saving, so the save runs outside the Idempotency-Key's
    // transaction (which would hold a database connection through PSP round trips); the key
    // then stores and replays the answer. A replay runs the save again, which is idempotent
    // (the same connection, the same hook id). The view holds no secret.
    prepare: (c, input) => savePspConnection(c.deps, c.principal, input),
    run: async (_c, _input, saved) => saved,
  }),
  operation({
    id: "getPixProvider",
    method: "GET",
    path: "/api/pix/provider",
    auth: "required",
    scope: "provider:read",
    raises: ["FORBIDDEN", "NOT_FOUND"],
    summary: "The live PSP connection, without secrets, and the notification URL to give the PSP",
    tags,
    output: PspConnectionViewSchema,
    run: (c) => viewPspConnection(c.deps, c.principal),
  }),
  operation({
    id: "deletePixProvider",
    method: "POST",
    path: "/api/pix/provider/delete",
    auth: "required",
    scope: "provider:write",
    raises: ["FORBIDDEN", "NOT_FOUND", "UNPROCESSABLE"],
    summary:
      "Delete the live PSP connection (its webhook at the PSP is removed, best effort); Idempotency-Key accepted",
    tags,
    output: DeletedPspConnectionSchema,
    stored: "plain",
    run: (c) => deletePspConnection(c.deps, c.principal),
  }),
];
