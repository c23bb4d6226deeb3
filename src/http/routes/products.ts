import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppDeps } from "../../deps.ts";
import {
  archiveProduct,
  CreateProductSchema,
  createProduct,
  ListProductsQuerySchema,
  listProducts,
  ProductIdSchema,
  ProductViewSchema,
} from "../../domain/products/products.ts";
import { okEnvelope } from "../envelope.ts";
import { sendIdempotent } from "../idempotent-reply.ts";
import { principalOf } from "../plugins/guard.ts";

const tags = ["products"];

export function registerProductRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/products/create",
    {
      config: { auth: "required" },
      schema: {
        operationId: "createProduct",
        summary: "Register a product",
        tags,
        body: CreateProductSchema,
        response: { 200: okEnvelope(ProductViewSchema) },
      },
    },
    async (req, reply) => {
      const who = principalOf(req);
      await sendIdempotent(
        deps,
        req,
        reply,
        ProductViewSchema,
        (db) => createProduct({ ...deps, db }, who, req.body),
        {
          noSecret: true,
        },
      );
    },
  );
  r.get(
    "/api/products",
    {
      config: { auth: "required" },
      schema: {
        operationId: "listProducts",
        summary: "List products, newest first",
        tags,
        querystring: ListProductsQuerySchema,
        response: { 200: okEnvelope(z.object({ products: z.array(ProductViewSchema) })) },
      },
    },
    async (req) => ({
      success: true as const,
      data: { products: await listProducts(deps, principalOf(req), req.query) },
    }),
  );
  r.post(
    "/api/products/archive",
    {
      config: { auth: "required" },
      schema: {
        operationId: "archiveProduct",
        summary: "Archive a product (charges can no longer use it)",
        tags,
        body: ProductIdSchema,
        response: { 200: okEnvelope(ProductViewSchema) },
      },
    },
    async (req, reply) => {
      const who = principalOf(req);
      await sendIdempotent(
        deps,
        req,
        reply,
        ProductViewSchema,
        (db) => archiveProduct({ ...deps, db }, who, req.body.id),
        { noSecret: true },
      );
    },
  );
}
