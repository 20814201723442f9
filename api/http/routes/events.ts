import type { ServerResponse } from "node:http";
import type { HttpBindings } from "@hono/node-server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { createRoute } from "@hono/zod-openapi";
import { currentRequestId, REQUEST_ID_HEADER } from "#api/process/request-scope";
import type { AppDeps } from "../deps";
import { errorResponse } from "../errors";
import { EventStreams, type StreamSink } from "../event-streams";
import { clientAddress } from "../middleware/client-address";
import { access, openApiRouter, refusals } from "./openapi-route";

export const HEARTBEAT_MS = 25_000;
/** A client this far behind (bytes queued for its socket) has stopped reading: it is dropped. */
const MAX_BACKLOG = 64 * 1024;
const STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-store, no-transform",
  "X-Accel-Buffering": "no",
};

/**
 * Under Node the stream writes straight to the socket: no web stream, no OutgoingMessage and no
 * chunk framing per client per event. The response has no Transfer-Encoding (its body ends when
 * the connection closes, which is how an event stream ends anyway), so the frame's bytes, made
 * once per tick, are the body bytes for every client.
 *
 * A request that arrives on a kept-alive connection before Node has finished the previous
 * response there gets no socket yet (`res.socket` is null; Node queues the response, headers
 * included, until its turn). Such a stream writes through the response, which keeps the bytes in
 * order behind the headers, instead of losing them.
 */
function socketSink(res: ServerResponse): StreamSink {
  res.useChunkedEncodingByDefault = false;
  res.shouldKeepAlive = false;
  const requestId = currentRequestId();
  res.writeHead(200, requestId ? { ...STREAM_HEADERS, [REQUEST_ID_HEADER]: requestId } : STREAM_HEADERS);
  res.flushHeaders();
  const socket = res.socket;
  if (!socket) {
    return {
      write(bytes) {
        if (res.destroyed || res.writableEnded) return;
        if (res.writableLength > MAX_BACKLOG) res.destroy();
        else res.write(bytes);
      },
      end: () => res.end(),
    };
  }
  return {
    write(bytes) {
      if (socket.destroyed) return;
      if (socket.writableLength > MAX_BACKLOG) socket.destroy();
      else socket.write(bytes);
    },
    end: () => res.end(),
  };
}

const eventsRoute = createRoute({
  method: "get",
  path: "/events",
  summary:
    "Server-Sent Events: `change` events {table}, at most one per table per tick; `resync` after a gap; feed events only for members; order events only for the order's owner and staff; support conversation events only for its member and the inbox's staff (admin, moderator)",
  description: access("anyone"),
  responses: {
    200: {
      description: "The event stream, open until the client, the server or the stream's lifetime ends it",
      content: { "text/event-stream": { schema: { type: "string" as const } } },
    },
    ...refusals(429, 503),
  },
});

export const eventRoutes = (deps: AppDeps) => {
  const streams = new EventStreams({
    hub: deps.hub,
    now: deps.now,
    limits: {
      perAddress: deps.config.SSE_MAX_PER_ADDRESS,
      total: deps.config.SSE_MAX_STREAMS,
      lifetimeMs: deps.config.SSE_MAX_LIFETIME_SECONDS * 1000,
      heartbeatMs: deps.heartbeatMs ?? HEARTBEAT_MS,
    },
    observeSend: (seconds) => deps.metrics.eventStreamSends.observe(seconds),
  });
  deps.metrics.observeEventStreams(() => streams.size);

  return openApiRouter().openapi(eventsRoute, (c) => {
    const address = clientAddress(c, deps.config.TRUST_PROXY);
    const refusal = streams.refusal(address);
    // A stopping process takes no new stream: the client retries and reaches another one.
    if (refusal === "total" || deps.lifecycle.draining) {
      return errorResponse(c, "unavailable", "The server is busy. Try again shortly.", {
        "Retry-After": "30",
      });
    }
    if (refusal === "per_address") {
      return errorResponse(c, "rate_limited", "Too many event streams from this address.", {
        "Retry-After": "60",
      });
    }
    // The session comes as Bearer or cookie only (loadSession): never in the query string.
    const user = c.get("user");
    const options = {
      address,
      // Members (signed in and past the age gate) alone see the feed; staff every order's changes.
      listener: user && {
        sessionId: user.sessionId,
        userId: user.userId,
        expiresAt: user.expiresAt,
        member: user.ageVerified,
        staff: user.roles.length > 0,
        inbox: user.roles.includes("admin") || user.roles.includes("moderator"),
      },
      lastEventId: c.req.header("last-event-id"),
    };

    const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
    if (outgoing) {
      outgoing.on("close", streams.open(socketSink(outgoing), options));
      return RESPONSE_ALREADY_SENT;
    }
    // Outside Node's HTTP server (app.request, other runtimes): a web stream.
    let close = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        close = streams.open(
          {
            write: (bytes) => controller.enqueue(bytes),
            end: () => {
              try {
                controller.close();
              } catch {
                // Already cancelled by the client.
              }
            },
          },
          options,
        );
      },
      cancel: () => close(),
    });
    return new Response(body, { headers: STREAM_HEADERS });
  });
};
