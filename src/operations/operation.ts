import type { z } from "zod";
import type { AppDeps } from "../deps.ts";
import type { AuditActor } from "../domain/audit/record-audit.ts";
import type { ErrorCode } from "../domain/errors.ts";
import type { PreparedWrite } from "../domain/idempotency/run-idempotent.ts";
import type { Scope } from "../domain/tokens/scopes.ts";
import type { Principal } from "../kernel/mode.ts";
import type { AuthPolicy } from "../route-table.ts";

// One operation of the API, declared once. The HTTP registrar (http/register-operations.ts)
// makes its Fastify route, the MCP registry (mcp/registry.ts) its tool, the OpenAPI document and
// the manifest read it back from the route table, and the guard and the tool runner check its
// scope. See src/operations/README.md for how to add one.

/** What an operation's use case is handed: the dependencies and who is calling. */
export type OpContext = {
  /** With `db` set to the Idempotency-Key's transaction when the write runs under one. */
  deps: AppDeps;
  /** The caller (a placeholder on operations whose auth is "none"; see `caller`). */
  principal: Principal;
  /** The caller as authenticated, or undefined (public requests on "optional" operations). */
  caller: Principal | undefined;
  /** The service's public URL as this request sees it (for paymentUrl and the like). */
  baseUrl: string;
  /**
   * The request's Idempotency-Key bound to the request (run-idempotent.ts: idempotencySeed),
   * given to `prepare` when the request has a key: work done before the write's transaction (a
   * batch's PSP calls) derives its ids from it, so a retry repeats the same calls instead of
   * making new ones, and another body under the key makes its own.
   */
  idempotencySeed?: string;
  /** Where the request came from (client IP, User-Agent), for the audit log; absent: unknown. */
  origin?: RequestOrigin;
};

export type RequestOrigin = { ip: string; userAgent: string | undefined };

/** The calling key as the audit log names it: its id, and where the request came from. */
export const keyActor = (c: Pick<OpContext, "principal" | "origin">): AuditActor => ({
  kind: "key",
  id: c.principal.tokenId,
  ip: c.origin?.ip,
  userAgent: c.origin?.userAgent,
});

/** A create prepared for its one-statement write: its answer, and the write (see PreparedWrite). */
export type PreparedCreate = {
  data: unknown;
  write: PreparedWrite["write"];
  abandon?: PreparedWrite["abandon"];
};

export type Operation<I extends z.ZodObject = z.ZodObject, P = unknown> = {
  /** The OpenAPI operationId, named for what it does: createPixCharge, listProducts. */
  id: string;
  method: "GET" | "POST";
  path: string;
  /** "required" unless the operation also serves the public ("optional") or anyone ("none"). */
  auth: AuthPolicy;
  /** The one scope a key needs (required unless auth is "none"). */
  scope?: Scope;
  summary: string;
  tags: string[];
  /** Error codes raised beyond those the policy and input imply (documents/openapi-errors.ts). */
  raises?: ErrorCode[];
  /** The body (POST) or the query string (GET); absent: none. */
  input?: I;
  /**
   * The tool's arguments when they differ from `input` in form only: a query string carries
   * text (`limit` coerced from "50"), a tool's JSON carries numbers. Same fields, same rules.
   */
  args?: z.ZodObject;
  /** The 200 `data` schema: every answer, REST or tool, is written through it. */
  output: z.ZodType;
  /**
   * A POST's stored Idempotency-Key response: sealed when it holds a secret (a token value, a
   * webhook secret), "plain" otherwise. There is no default (idempotent-reply.ts).
   */
  stored?: "plain" | "sealed";
  /** Work done before the write's transaction (network: DNS, a PSP); its result goes to run. */
  prepare?: (c: OpContext, input: z.output<I>) => Promise<P>;
  /**
   * Undoes what `prepare` did outside the database when the Idempotency-Key turns out to answer
   * another request (a 422): a batch's cobvs at the PSP must not stay payable without charges.
   */
  abandon?: (prepared: P) => Promise<void>;
  /** The domain use case. */
  run: (c: OpContext, input: z.output<I>, prepared: P) => Promise<unknown>;
  /**
   * The sandbox's own operations (simulate a payment, move the test clock): a live key is refused
   * (403, by the use case), and its MCP tool is neither offered to nor run for a live key.
   */
  sandboxOnly?: true;
  /**
   * The other way round: operations that read what only production has (the PSP's own statement):
   * a test key is refused (403, by the use case), and its MCP tool is neither offered to nor run
   * for a test key.
   */
  liveOnly?: true;
  /**
   * A reply streamed as it is made, instead of the JSON envelope (the CSV exports): `run` answers
   * an AsyncIterable of text chunks, which the registrar sends with this content type as the
   * client reads them (a Readable pulls the next chunk only once the socket took the last), and
   * `output` is ignored. Such an operation is no MCP tool (a tool answers one JSON value).
   */
  streamed?: { contentType: string; filename: string };
  /** The MCP tool this operation is, if any. */
  tool?: { name: string; description: string };
  /**
   * The public checkout (the creates): without a token the operation is open to anyone who names
   * a product by the body's `product_id`, which makes the product's account and mode the owner
   * and its price the amount, and each new creation spends the checkout budgets, per client and
   * per product (domain/checkout/checkout-budget.ts). Its auth is "optional"; the registrar
   * applies the rule (http/register-operations.ts), so no entry writes it again.
   */
  publicCheckout?: true;
  /**
   * The hot create's one-statement write (run-idempotent.ts: runIdempotentWrite): the route
   * calls `prepare`, which computes the answer and returns the write that stores the operation
   * together with its Idempotency-Key in one statement, instead of running `run` in the key's
   * transaction (`run` still serves the tool, which takes no key).
   */
  oneStatement?: {
    prepare: (c: OpContext, input: z.output<I>) => Promise<PreparedCreate>;
    /**
     * Whether preparing reaches outside the database (a live charge's PSP call): then the key's
     * stored answer is looked up first, so a replay prepares nothing.
     */
    reachesOut: (who: Principal) => boolean;
  };
};

/** Declares an operation with its input type flowing into `prepare` and `run`. */
export function operation<I extends z.ZodObject, P = undefined>(op: Operation<I, P>): Operation {
  return op as unknown as Operation;
}
