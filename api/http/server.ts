import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { Hono } from "hono";
import type { CachedBody } from "#api/domain/catalogue";
import { REQUEST_ID_HEADER, requestIdFor } from "#api/process/request-scope";
import { COMPRESS_MIN_BYTES, type Encoding, pickEncoding } from "./compression";
import type { AppDeps } from "./deps";

/** Headers of the probe's answer that are not the same for every answer. */
const PER_ANSWER = new Set(["etag", "content-length", "content-encoding", "x-request-id"]);
const OK_LABELS = { route: "/api/products", method: "GET", status: "200" };
const NOT_MODIFIED_LABELS = { route: "/api/products", method: "GET", status: "304" };

/**
 * The HTTP server: Hono answers everything, except the busiest read of all, GET /api/products,
 * which is written straight from the catalogue's cached bytes. Its fixed headers are taken from
 * the Hono route's own answer at start, so both paths answer alike (tests/api/http-server.test.ts).
 */
export async function createHttpServer(
  app: Hono,
  deps: Pick<AppDeps, "catalogue" | "log" | "config" | "metrics">,
): Promise<Server> {
  const hono = getRequestListener(app.fetch);
  const probe = await app.request("/api/products");
  const fixed: Record<string, string> = {};
  probe.headers.forEach((value, name) => {
    if (!PER_ANSWER.has(name)) fixed[name] = value;
  });
  await probe.body?.cancel();
  // Read once: the probe's status is a getter over undici's Response, costly per request.
  const fastPath = probe.status === 200;
  // The fast path's metrics, bound to their labels once: prom-client hashes a label set per call.
  const counted = {
    200: {
      requests: deps.metrics.httpRequests.labels(OK_LABELS),
      duration: deps.metrics.httpDuration.labels(OK_LABELS),
    },
    304: {
      requests: deps.metrics.httpRequests.labels(NOT_MODIFIED_LABELS),
      duration: deps.metrics.httpDuration.labels(NOT_MODIFIED_LABELS),
    },
  };

  // The fixed part of each answer's head, as name/value pairs: made once per catalogue, encoding
  // and status, so a request adds only its id.
  const heads = new WeakMap<CachedBody, Map<string, string[]>>();
  const headOf = (
    cached: CachedBody,
    notModified: boolean,
    encoding: Encoding | undefined,
    length: number,
  ) => {
    const key = `${notModified}:${encoding}`;
    const byKey = heads.get(cached) ?? new Map<string, string[]>();
    heads.set(cached, byKey);
    let head = byKey.get(key);
    if (!head) {
      head = [...Object.entries(fixed).flat(), "etag", cached.etag];
      if (!notModified) head.push("content-length", String(length));
      if (encoding && !notModified) head.push("content-encoding", encoding);
      byKey.set(key, head);
    }
    return head;
  };

  const serveCatalogue = (req: IncomingMessage, res: ServerResponse, cached: CachedBody, started: number) => {
    const header = req.headers["x-request-id"];
    const requestId = requestIdFor(typeof header === "string" ? header : undefined, deps.config.TRUST_PROXY);
    const notModified = req.headers["if-none-match"] === cached.etag;
    const encoding =
      cached.bytes.length >= COMPRESS_MIN_BYTES ? pickEncoding(req.headers["accept-encoding"]) : undefined;
    const body = encoding ? cached.encoded(encoding) : cached.bytes;
    const status = notModified ? 304 : 200;
    res.writeHead(
      status,
      headOf(cached, notModified, encoding, body.length).concat(REQUEST_ID_HEADER, requestId),
    );
    res.end(notModified ? undefined : body);
    const seconds = (performance.now() - started) / 1000;
    deps.log.request({ requestId, method: "GET", path: "/api/products", status, seconds });
    counted[status].requests.inc();
    counted[status].duration.observe(seconds);
  };

  const server = createServer((req, res) => {
    if (req.method === "GET" && req.url === "/api/products" && fastPath) {
      const started = performance.now();
      // In memory: answered in this turn. Otherwise once loaded; anything unexpected (the
      // catalogue failed to load) goes the ordinary way, errors included.
      const ready = deps.catalogue.listNow();
      if (ready) serveCatalogue(req, res, ready, started);
      else
        deps.catalogue.list().then(
          (cached) => serveCatalogue(req, res, cached, started),
          () => hono(req, res),
        );
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
