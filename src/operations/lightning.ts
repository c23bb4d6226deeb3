import {
  deleteLightningConnection,
  saveLightningConnection,
  viewLightningConnection,
} from "../domain/lightning/manage-connection.ts";
import {
  DeletedLightningConnectionSchema,
  LightningConnectionViewSchema,
  SaveLightningConnectionSchema,
} from "../domain/lightning/schemas.ts";
import { keyActor, operation } from "./operation.ts";

const tags = ["crypto"];

// The merchant's Lightning node per account and mode (docs/lightning.md). The view never holds
// the macaroon or password.
export const LIGHTNING_OPERATIONS = [
  operation({
    id: "saveLightningConnection",
    method: "POST",
    path: "/api/crypto/lightning",
    auth: "required",
    scope: "wallet:write",
    raises: ["UNPROCESSABLE", "CONFLICT"],
    summary:
      "Connect this mode's Lightning node (LND REST: macaroon + TLS certificate; phoenixd: password); checked for real, its network must fit the mode",
    tags,
    input: SaveLightningConnectionSchema,
    output: LightningConnectionViewSchema,
    stored: "plain",
    // The node is asked while saving, outside the Idempotency-Key's transaction.
    prepare: (c, input) => saveLightningConnection(c.deps, c.principal, input, keyActor(c)),
    run: async (_c, _input, saved) => saved,
  }),
  operation({
    id: "getLightningConnection",
    method: "GET",
    path: "/api/crypto/lightning",
    auth: "required",
    scope: "wallet:read",
    raises: ["NOT_FOUND"],
    summary: "This mode's Lightning node connection, without its secret",
    tags,
    output: LightningConnectionViewSchema,
    run: (c) => viewLightningConnection(c.deps, c.principal),
  }),
  operation({
    id: "deleteLightningConnection",
    method: "POST",
    path: "/api/crypto/lightning/delete",
    auth: "required",
    scope: "wallet:write",
    raises: ["NOT_FOUND"],
    summary: "Disconnect this mode's Lightning node (new charges are on-chain only)",
    tags,
    output: DeletedLightningConnectionSchema,
    stored: "plain",
    run: (c) => deleteLightningConnection(c.deps, c.principal, keyActor(c)),
  }),
];
