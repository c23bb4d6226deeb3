import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { baseUrlOf } from "../../base-url.ts";
import type { AppDeps } from "../../deps.ts";
import { buildGuide } from "../../documents/guide.ts";
import { buildManifest } from "../../documents/manifest.ts";
import { describeCallableTools, describeTools, executeTool } from "../../mcp/execute.ts";
import { makeMcpServer } from "../../mcp/mcp-server.ts";
import type { ToolContext } from "../../mcp/registry.ts";
import { LIST_TOOLS_OPERATION } from "../../mcp/tools-operation.ts";
import { boundedMemo } from "../bounded-memo.ts";
import { fail } from "../envelope.ts";
import { originOf, registerOperations } from "../register-operations.ts";

const tags = ["integrations"];

export function registerIntegrationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The route table is fixed once the app is built, so each document depends only on the base
  // URL and is built once per base URL (tens of ms of CPU each, on public routes).
  const manifest = boundedMemo((base) => buildManifest(app.routeTable, base, describeTools()));
  const guide = boundedMemo((base) => buildGuide(manifest(base)));
  const manifestFor = (req: FastifyRequest) => manifest(baseUrlOf(deps, req));
  const contextFor = (req: FastifyRequest): ToolContext => ({
    deps,
    principal: req.principal,
    baseUrl: baseUrlOf(deps, req),
    manifest: () => manifestFor(req),
    origin: originOf(req),
  });

  r.post(
    "/api/integrations/mcp/call",
    {
      // The tools' own writes take no Idempotency-Key (the MCP protocol has none).
      config: { auth: "optional", idempotent: false },
      schema: {
        operationId: "callIntegrationTool",
        produces: ["application/json"],
        summary:
          "Run a tool of the registry: {tool, arguments}; bearer required except for the manifest, snippet, verify and quote tools",
        tags,
        body: z.strictObject({
          tool: z.string().min(1, "must not be empty"),
          arguments: z.record(z.string(), z.unknown()).optional(),
        }),
      },
    },
    async (req, reply) => {
      const outcome = await executeTool(contextFor(req), req.body.tool, req.body.arguments ?? {});
      if (!outcome.ok) return reply.code(outcome.status).send(fail(outcome.error));
      return reply.send({ success: true, data: outcome.data });
    },
  );

  // GET /api/integrations/mcp/tools, an entry of the table (mcp/tools-operation.ts), registered
  // here so the documents list it among its fellows.
  registerOperations(app, deps, [LIST_TOOLS_OPERATION]);

  r.get(
    "/api/integrations/mcp/manifest",
    {
      config: { auth: "none" },
      schema: {
        operationId: "getIntegrationManifest",
        summary: "Machine-readable manifest of the API",
        tags,
        produces: ["application/json"],
      },
    },
    async (req) => ({ success: true, data: manifestFor(req) }),
  );

  r.get(
    "/api/integrations/mcp/guide",
    {
      config: { auth: "none" },
      schema: {
        operationId: "getIntegrationGuide",
        summary: "Integration guide (Markdown)",
        tags,
        produces: ["text/markdown"],
      },
    },
    async (req, reply) =>
      reply.type("text/markdown; charset=utf-8").send(guide(baseUrlOf(deps, req))),
  );

  r.get(
    "/api/openapi.json",
    {
      config: { auth: "none" },
      schema: {
        operationId: "getOpenApiDocument",
        summary: "OpenAPI 3.1 document of this API",
        tags,
        produces: ["application/json"],
      },
    },
    async (req) => app.openApiFor(req),
  );

  // MCP over Streamable HTTP, stateless: each POST gets a fresh server bound to the caller's
  // token, so nothing is kept between requests and any instance can answer any request.
  r.post(
    "/mcp",
    {
      config: { auth: "required" },
      schema: {
        operationId: "callMcp",
        summary: "MCP endpoint (Streamable HTTP, stateless, bearer token): JSON-RPC 2.0",
        tags,
        produces: ["application/json"],
      },
    },
    async (req, reply) => {
      const ctx = contextFor(req);
      const server = makeMcpServer(
        (name, args) => executeTool(ctx, name, args),
        async () => describeCallableTools(req.principal, deps.config),
      );
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      reply.hijack();
      // The transport writes the raw response, so headers set through Fastify are set here too.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      reply.raw.on("close", () => {
        void transport.close();
        void server.close();
      });
      try {
        await server.connect(transport);
        await transport.handleRequest(req.raw, reply.raw, req.body);
      } catch (err) {
        // A request the transport could not take: answer as JSON-RPC, never leave it hanging.
        req.log.warn({ err }, "mcp request failed");
        if (!reply.raw.headersSent) {
          reply.raw.writeHead(400, { "content-type": "application/json" });
          reply.raw.end(
            JSON.stringify({
              jsonrpc: "2.0",
              error: { code: -32600, message: "Invalid request" },
              id: null,
            }),
          );
        }
      }
    },
  );
  const notAllowed = async (_req: FastifyRequest, reply: import("fastify").FastifyReply) =>
    reply
      .code(405)
      .header("Allow", "POST")
      .send({
        jsonrpc: "2.0",
        error: {
          code: -32000,
          message: "Method not allowed: this MCP endpoint is stateless; use POST",
        },
        id: null,
      });
  r.get("/mcp", { config: { auth: "none" }, schema: { hide: true } }, notAllowed);
  r.delete("/mcp", { config: { auth: "none" }, schema: { hide: true } }, notAllowed);
}
