import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Hono, Schema } from "hono";
import { z } from "zod";
import type { AppEnv } from "./auth/middleware";
import { apiErrorSchema } from "./contracts/errors";
import { accountDocs } from "./routes/account";
import { adminDocs } from "./routes/admin";
import { adminDashboardDocs } from "./routes/admin-dashboard";
import { adminLegalDocs } from "./routes/admin-legal";
import { adminSettingsDocs } from "./routes/admin-settings";
import { authDocs } from "./routes/auth";
import { channelDocs } from "./routes/channel";
import { checkoutDocs } from "./routes/checkout";
import { eventDocs } from "./routes/events";
import { exportDocs } from "./routes/exports";
import { feedDocs } from "./routes/feed";
import { legalDocs } from "./routes/legal";
import { metricsRoute } from "./routes/metrics";
import type { RouteDoc } from "./routes/route-doc";

/** Routes not yet declared with createRoute (being converted). */
const routeDocs: RouteDoc[] = [
  ...channelDocs,
  ...eventDocs,
  ...legalDocs,
  ...feedDocs,
  ...checkoutDocs,
  ...authDocs,
  ...accountDocs,
  ...adminDocs,
  ...adminDashboardDocs,
  ...adminLegalDocs,
  ...adminSettingsDocs,
  ...exportDocs,
];

/** A multipart body: the file alone, or the route's text fields followed by an optional file. */
function multipartSchema(fields: z.ZodType | undefined) {
  const file = { type: "string", format: "binary" };
  if (!fields) return { type: "object", properties: { file }, required: ["file"] };
  const schema = z.toJSONSchema(fields, { io: "input" }) as { properties?: Record<string, unknown> };
  return { ...schema, properties: { ...schema.properties, file } };
}

const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, "{$1}");

/** One `in: query` parameter per field of the route's query schema, as the client may send it. */
function queryParameters(query: z.ZodObject | undefined) {
  if (!query) return [];
  const schema = z.toJSONSchema(query, { io: "input" }) as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  return Object.entries(schema.properties ?? {}).map(([name, property]) => ({
    name,
    in: "query",
    required: schema.required?.includes(name) ?? false,
    schema: property,
  }));
}

function legacyPaths() {
  const errorSchema = z.toJSONSchema(apiErrorSchema);
  const paths: Record<string, Record<string, unknown>> = {};
  for (const doc of routeDocs) {
    const params = [
      ...[...doc.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({
        name: m[1],
        in: "path",
        required: true,
        schema: { type: "string" },
      })),
      ...queryParameters(doc.query),
    ];
    const content = {
      [doc.contentType ?? "application/json"]: doc.response ? { schema: z.toJSONSchema(doc.response) } : {},
    };
    const responses: Record<string, unknown> = { [doc.status ?? 200]: { description: "OK", content } };
    for (const status of doc.sameBodyOn ?? []) {
      responses[status] = { description: "Not OK, in the same shape", content };
    }
    for (const status of doc.errors ?? []) {
      responses[status] = { description: "Error", content: { "application/json": { schema: errorSchema } } };
    }
    let requestBody: unknown;
    if (doc.bodyType === "multipart/form-data") {
      requestBody = {
        required: true,
        content: { "multipart/form-data": { schema: multipartSchema(doc.body) } },
      };
    } else if (doc.body) {
      requestBody = {
        required: true,
        content: {
          "application/json": { schema: z.toJSONSchema(doc.body, { io: "input", unrepresentable: "any" }) },
        },
      };
    }
    const openApiPath = toOpenApiPath(doc.path);
    paths[openApiPath] = {
      ...paths[openApiPath],
      [doc.method]: {
        summary: doc.summary,
        description: `Access: ${doc.access}`,
        parameters: params,
        ...(requestBody ? { requestBody } : {}),
        responses,
      },
    };
  }
  return paths;
}

/** GET /api/openapi.json, declared here so the document lists itself. */
export const documentRoute = createRoute({
  method: "get",
  path: "/openapi.json",
  summary: "This document",
  description: "Access: anyone",
  responses: { 200: { description: "OK", content: { "application/json": { schema: { type: "object" } } } } },
});

/**
 * The OpenAPI 3.1 document of every /api route (from each route's createRoute declaration: the
 * same zod schemas its validators use) and of GET /metrics.
 */
export function apiDocument(api: Hono<AppEnv, Schema, "/">) {
  const all = new OpenAPIHono();
  all.route("/api", api);
  all.openAPIRegistry.registerPath(metricsRoute);
  const doc = all.getOpenAPI31Document({
    openapi: "3.1.0",
    info: { title: "Members channel and shop API", version: "1.0.0" },
  });
  const paths: Record<string, object> = doc.paths ?? {};
  for (const [path, methods] of Object.entries(legacyPaths())) paths[path] = { ...paths[path], ...methods };
  return { ...doc, paths };
}
