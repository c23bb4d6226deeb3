import {
  archiveProduct,
  CreateProductSchema,
  createProduct,
  ListProductsArgsSchema,
  ListProductsQuerySchema,
  listProducts,
  ProductIdSchema,
  ProductListSchema,
  ProductViewSchema,
} from "../domain/products/products.ts";
import { operation } from "./operation.ts";

const tags = ["products"];

export const PRODUCT_OPERATIONS = [
  operation({
    id: "createProduct",
    method: "POST",
    path: "/api/products/create",
    auth: "required",
    scope: "products:write",
    summary: "Register a product",
    tags,
    input: CreateProductSchema,
    output: ProductViewSchema,
    stored: "plain",
    run: (c, input) => createProduct(c.deps, c.principal, input),
  }),
  operation({
    id: "listProducts",
    method: "GET",
    path: "/api/products",
    auth: "required",
    scope: "products:read",
    summary: "List products, newest first",
    tags,
    input: ListProductsQuerySchema,
    args: ListProductsArgsSchema,
    output: ProductListSchema,
    run: (c, input) => listProducts(c.deps, c.principal, input),
  }),
  operation({
    id: "archiveProduct",
    method: "POST",
    path: "/api/products/archive",
    auth: "required",
    scope: "products:write",
    summary: "Archive a product (charges can no longer use it)",
    tags,
    input: ProductIdSchema,
    output: ProductViewSchema,
    stored: "plain",
    run: (c, input) => archiveProduct(c.deps, c.principal, input.id),
  }),
];
