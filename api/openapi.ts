import { z } from "zod";
import { channelInfoSchema } from "./contracts/channel";
import { apiErrorSchema } from "./contracts/errors";
import { healthSchema } from "./contracts/health";
import { productListSchema, productSchema } from "./contracts/products";

export interface RouteDoc {
  method: "get" | "post" | "patch" | "put" | "delete";
  /** Hono path syntax (/products/:id); converted to OpenAPI's {id}. */
  path: string;
  summary: string;
  /** Who may call it, shown in the description. */
  access: string;
  response?: z.ZodType;
  contentType?: string;
  errors?: number[];
}

/** Every /api route. A test compares this list with the router's, so nothing goes undocumented. */
export const routeDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/health",
    summary: "Liveness and database kind",
    access: "anyone",
    response: healthSchema,
  },
  { method: "get", path: "/api/openapi.json", summary: "This document", access: "anyone" },
  {
    method: "get",
    path: "/api/channel",
    summary: "Public channel info with the spec's defaults",
    access: "anyone",
    response: channelInfoSchema,
  },
  {
    method: "get",
    path: "/api/products",
    summary: "Active catalogue, newest first (ETag / 304)",
    access: "anyone",
    response: productListSchema,
  },
  {
    method: "get",
    path: "/api/products/:id",
    summary: "One active product (ETag / 304)",
    access: "anyone",
    response: productSchema,
    errors: [404],
  },
  {
    method: "get",
    path: "/api/events",
    summary: "Server-Sent Events: `change` events {table, op, id}; feed events only for members",
    access: "anyone",
    contentType: "text/event-stream",
  },
];

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, "{$1}");

export function buildOpenApi() {
  const errorSchema = z.toJSONSchema(apiErrorSchema);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of routeDocs) {
    const params = [...doc.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      schema: { type: "string" },
    }));
    const responses: Record<string, unknown> = {
      200: {
        description: "OK",
        content: {
          [doc.contentType ?? "application/json"]: doc.response
            ? { schema: z.toJSONSchema(doc.response) }
            : {},
        },
      },
    };
    for (const status of doc.errors ?? []) {
      responses[status] = { description: "Error", content: { "application/json": { schema: errorSchema } } };
    }
    const openApiPath = toOpenApiPath(doc.path);
    paths[openApiPath] = {
      ...paths[openApiPath],
      [doc.method]: {
        summary: doc.summary,
        description: `Access: ${doc.access}`,
        parameters: params,
        responses,
      },
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Members channel and shop API", version: "1.0.0" },
    paths,
  };
}
