import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { type Context, Hono } from "hono";
import { renderAppShell, type ShellData } from "../app-shell";
import { compress, pickEncoding } from "../compression";
import { errorResponse } from "../errors";
import { withFirstPaintTheme } from "../first-paint-theme";

const IMMUTABLE = "public, max-age=31536000, immutable";

function notFound(c: Context) {
  c.header("Cache-Control", "no-store");
  return errorResponse(c, "not_found", "Not found");
}

/** A path the router shows (no file extension, not an asset): its HTML carries the drawn first screen. */
const isPage = (path: string): boolean =>
  !path.startsWith("/assets/") && !(path.split("/").pop() ?? "").includes(".");

/**
 * The built Mini App. Hashed assets are cached for a year; everything else, and the SPA fallback
 * (any path the router knows, or its 404 page), revalidates so a deploy shows at once. A missing
 * asset (an old build's chunk) is a 404, never the page, which a browser would keep as the script
 * for a year; dot paths (vite's `.vite/manifest.json`) are build output, not the app. Pages get
 * index.html with their first screen drawn in from `shellData` (the plain file if that fails).
 */
export function staticRoutes(staticDir: string, shellData?: (c: Context) => Promise<ShellData>) {
  const app = new Hono();
  const indexPath = join(staticDir, "index.html");
  if (!existsSync(indexPath)) return app;
  const indexHtml = withFirstPaintTheme(readFileSync(indexPath, "utf8"));

  const page = async (c: Context) => {
    let html = indexHtml;
    if (shellData) {
      try {
        html = renderAppShell(indexHtml, await shellData(c));
      } catch {
        // The database is away for a moment: the plain page still starts the app, which retries.
      }
    }
    // A page speaks the visitor's language (Accept-Language, or a signed-in member's choice by the
    // session cookie) and says whether a session came with it: a shared cache keeps one per each.
    c.header("Vary", "Accept-Encoding, Accept-Language, Cookie");
    const encoding = pickEncoding(c.req.header("accept-encoding"));
    if (!encoding || c.req.method === "HEAD") return c.html(html);
    c.header("Content-Encoding", encoding);
    return c.body(new Uint8Array(await compress(Buffer.from(html), encoding)), 200, {
      "Content-Type": "text/html; charset=UTF-8",
    });
  };

  app.use("*", async (c, next) => {
    if (c.req.path.split("/").some((segment) => segment.startsWith("."))) return notFound(c);
    c.header("Cache-Control", c.req.path.startsWith("/assets/") ? IMMUTABLE : "no-cache");
    await next();
    // Compressed or not, the answer depends on Accept-Encoding (serveStatic says so only when it compresses).
    if (!c.res.headers.has("vary")) c.res.headers.set("Vary", "Accept-Encoding");
  });
  app.get("*", async (c, next) => (isPage(c.req.path) ? page(c) : next()));
  // The build's .br and .gz copies (miniapp/precompress.ts) go to clients that accept them.
  app.use("*", serveStatic({ root: staticDir, precompressed: true }));
  app.all("/assets/*", notFound);
  app.get("*", page);
  return app;
}
