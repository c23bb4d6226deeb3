import {
  pixStatement,
  StatementQuerySchema,
  StatementSchema,
} from "../domain/live-pix/pix-statement-view.ts";
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
import { keyActor, operation } from "./operation.ts";

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
    prepare: (c, input) => savePspConnection(c.deps, c.principal, input, keyActor(c)),
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
    run: (c) => deletePspConnection(c.deps, c.principal, keyActor(c)),
  }),
  operation({
    id: "getPixStatement",
    method: "GET",
    path: "/api/pix/statement",
    auth: "required",
    // The statement is money received against charges, read as the charges are: charges:read.
    // provider:read is the connection's setup, which the statement does not show.
    scope: "charges:read",
    raises: ["FORBIDDEN", "UNPROCESSABLE", "BAD_GATEWAY", "UNAVAILABLE"],
    liveOnly: true,
    summary:
      "The day's PSP statement (live only): every Pix the PSP received on the key that day (America/Sao_Paulo), matched to its charge or unmatched, with the day's devoluções and totals in centavos",
    tags,
    input: StatementQuerySchema,
    output: StatementSchema,
    run: (c, input) => pixStatement(c.deps, c.principal, input),
    tool: {
      name: "get_pix_statement",
      description:
        "The day's statement from the merchant's PSP (live tokens only): every Pix received on the key on date (YYYY-MM-DD, America/Sao_Paulo; default today), each matched to its charge (chargeId) or unmatched, with its devoluções, and totals in integer centavos (receivedCents, refundedCents, netCents). A line with flag charge_not_approved was paid at the PSP but its charge here is not approved: report it to the merchant.",
    },
  }),
];
