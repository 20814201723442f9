import type { z } from "zod";

/** One route's OpenAPI description; each route file exports its own, api/openapi.ts assembles them. */
export interface RouteDoc {
  method: "get" | "post" | "patch" | "put" | "delete";
  /** Hono path syntax (/products/:id); converted to OpenAPI's {id}. */
  path: string;
  summary: string;
  /** Who may call it, shown in the description. */
  access: string;
  /** The query string's parameters (each optional, with its default), listed as OpenAPI parameters. */
  query?: z.ZodObject;
  response?: z.ZodType;
  /** The success status when not 200. */
  status?: number;
  contentType?: string;
  /** A JSON request body; with bodyType multipart, the text fields sent before the file. */
  body?: z.ZodType;
  bodyType?: "application/json" | "multipart/form-data";
  errors?: number[];
  /** Statuses answered with the success body's shape rather than an error (readiness's 503). */
  sameBodyOn?: number[];
}
