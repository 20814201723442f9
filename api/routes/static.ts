import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { errorResponse } from "../errors";

const IMMUTABLE = "public, max-age=31536000, immutable";

function notFound(c: Context) {
  c.header("Cache-Control", "no-store");
  return errorResponse(c, "not_found", "Not found");
}

/**
 * The built Mini App. Hashed assets are cached for a year; everything else, and the SPA fallback
 * (any path the router knows, or its 404 page), revalidates so a deploy shows at once. A missing
 * asset (an old build's chunk) is a 404, never the page, which a browser would keep as the script
 * for a year; dot paths (vite's `.vite/manifest.json`) are build output, not the app.
 */
export function staticRoutes(staticDir: string) {
  const app = new Hono();
  const indexPath = join(staticDir, "index.html");
  if (!existsSync(indexPath)) return app;
  const indexHtml = readFileSync(indexPath, "utf8");
  app.use("*", async (c, next) => {
    if (c.req.path.split("/").some((segment) => segment.startsWith("."))) return notFound(c);
    c.header("Cache-Control", c.req.path.startsWith("/assets/") ? IMMUTABLE : "no-cache");
    await next();
    // Compressed or not, the answer depends on Accept-Encoding (serveStatic says so only when it compresses).
    if (!c.res.headers.has("vary")) c.res.headers.set("Vary", "Accept-Encoding");
  });
  // The build's .br and .gz copies (miniapp/precompress.ts) go to clients that accept them.
  app.use("*", serveStatic({ root: staticDir, precompressed: true }));
  app.all("/assets/*", notFound);
  app.get("*", (c) => c.html(indexHtml));
  return app;
}
