import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { Hono } from "hono";
import type { AppDeps } from "./deps";
import { COMPRESS_MIN_BYTES, pickEncoding } from "./http/compression";

/**
 * The HTTP server: Hono answers everything, except the busiest read of all, GET /api/products,
 * which is written straight from the catalogue's cached bytes. Its fixed headers are taken from
 * the Hono route's own answer at start, so both paths answer alike (tests/api/http-server.test.ts).
 */
export async function createHttpServer(
  app: Hono,
  deps: Pick<AppDeps, "catalogue" | "log" | "config">,
): Promise<Server> {
  const hono = getRequestListener(app.fetch);
  const probe = await app.request("/api/products");
  const fixed: Record<string, string> = {};
  probe.headers.forEach((value, name) => {
    if (name !== "etag" && name !== "content-length" && name !== "content-encoding") fixed[name] = value;
  });
  await probe.body?.cancel();

  const serveCatalogue = async (req: IncomingMessage, res: ServerResponse) => {
    const started = performance.now();
    const cached = await deps.catalogue.list();
    const notModified = req.headers["if-none-match"] === cached.etag;
    const encoding =
      cached.bytes.length >= COMPRESS_MIN_BYTES ? pickEncoding(req.headers["accept-encoding"]) : undefined;
    const body = encoding ? cached.encoded(encoding) : cached.bytes;
    res.writeHead(notModified ? 304 : 200, {
      ...fixed,
      etag: cached.etag,
      ...(notModified ? {} : { "content-length": body.length }),
      ...(encoding && !notModified ? { "content-encoding": encoding } : {}),
    });
    res.end(notModified ? undefined : body);
    deps.log.info("request", {
      method: "GET",
      path: "/api/products",
      status: res.statusCode,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  };

  const server = createServer((req, res) => {
    if (req.method === "GET" && req.url === "/api/products" && probe.status === 200) {
      // Anything unexpected (the catalogue failed to load) goes the ordinary way, errors included.
      serveCatalogue(req, res).catch(() => hono(req, res));
      return;
    }
    hono(req, res);
  });
  // Sockets past this are closed on arrival, so file descriptors cannot run out; event streams
  // have their own, lower cap (SSE_MAX_STREAMS), leaving room for ordinary requests.
  server.maxConnections = deps.config.MAX_CONNECTIONS ?? deps.config.SSE_MAX_STREAMS + 1000;
  // An idle kept-alive socket outlives the clients' and proxies' own idle timeouts (often 60 s), so
  // the server never closes one just as a client sends its next request down it (ECONNRESET).
  // Headers still have to arrive within their own limit, counted from a request's first byte.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  return server;
}
