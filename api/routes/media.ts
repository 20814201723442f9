import { Hono } from "hono";
import type { AppDeps } from "../deps";
import { errorResponse } from "../errors";

/** /media/<bucket>/<name>: stored files, cached for an hour as the spec's uploads are. */
export const mediaRoutes = (deps: AppDeps) =>
  new Hono().get("/:bucket/:name{.+}", async (c) => {
    const file = await deps.storage.get(c.req.param("bucket"), c.req.param("name"));
    if (!file) return errorResponse(c, "not_found", "File not found");
    return new Response(file.stream, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Length": String(file.size),
        "Cache-Control": "public, max-age=3600",
        "X-Content-Type-Options": "nosniff",
        // Stored files are data, never a page: an SVG opened directly runs no script.
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      },
    });
  });
