import {
  createCounterLink,
  listCounterLinks,
  revokeCounterLink,
} from "../domain/counter/counter-links.ts";
import {
  CounterLinkCreatedSchema,
  CounterLinkIdSchema,
  CounterLinkListSchema,
  CounterLinkViewSchema,
  CreateCounterLinkSchema,
} from "../domain/counter/schemas.ts";
import { ListArgumentsSchema, ListQuerySchema } from "../domain/list-limit.ts";
import { operation } from "./operation.ts";

// Counter links (docs/counter.md, "The counter"): a device link for a cashier's phone that makes
// dynamic Pix charges at the counter and reads only their status.

const tags = ["pix"];

export const COUNTER_LINK_OPERATIONS = [
  operation({
    id: "createCounterLink",
    method: "POST",
    path: "/api/counter-links/create",
    auth: "required",
    scope: "charges:write",
    summary:
      "Create a counter link for a cashier's phone: its url (holding the secret) is shown in this answer only; Idempotency-Key accepted",
    tags,
    input: CreateCounterLinkSchema,
    output: CounterLinkCreatedSchema,
    // The answer holds the link's secret: a retry's replay is kept sealed, never in plain text.
    stored: "sealed",
    run: (c, input) => createCounterLink(c.deps, c.principal, input, c.baseUrl),
    tool: {
      name: "create_counter_link",
      description:
        "Create a counter link (label): a URL for a cashier's phone that makes dynamic PIX charges in this account and mode and shows their QR and status. The url holds its secret and is shown once.",
    },
  }),
  operation({
    id: "listCounterLinks",
    method: "GET",
    path: "/api/counter-links/list",
    auth: "required",
    scope: "charges:read",
    summary: "Counter links, newest first (never their secret)",
    tags,
    input: ListQuerySchema,
    args: ListArgumentsSchema,
    output: CounterLinkListSchema,
    run: (c, input) => listCounterLinks(c.deps, c.principal, input),
    tool: {
      name: "list_counter_links",
      description:
        "Counter links of this account and mode, newest first (limit 1..200, default 50), revoked ones marked; never their secret.",
    },
  }),
  operation({
    id: "revokeCounterLink",
    method: "POST",
    path: "/api/counter-links/revoke",
    auth: "required",
    scope: "charges:write",
    summary:
      "Revoke a counter link: every page of it answers 404 from now on; Idempotency-Key accepted",
    tags,
    input: CounterLinkIdSchema,
    output: CounterLinkViewSchema,
    stored: "plain",
    run: (c, input) => revokeCounterLink(c.deps, c.principal, input.counter_link_id),
    tool: {
      name: "revoke_counter_link",
      description:
        "Revoke a counter link (counter_link_id): its pages answer 404 from now on; its charges stay.",
    },
  }),
];
