import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";

/**
 * The built Mini App. Hashed assets are cached for a year; everything else, and the SPA fallback
 * (any path the router knows, or its 404 page), revalidates so a deploy shows at once.
 */
export function staticRoutes(staticDir: string) {
  const app = new Hono();
  const indexPath = join(staticDir, "index.html");
  if (!existsSync(indexPath)) return app;
  const indexHtml = readFileSync(indexPath, "utf8");
  app.use("*", async (c, next) => {
    c.header(
      "Cache-Control",
      c.req.path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache",
    );
    await next();
  });
  app.use("*", serveStatic({ root: staticDir }));
  app.get("*", (c) => c.html(indexHtml));
  return app;
}
