import { Hono } from "hono";
import type { AppEnv } from "../auth/middleware";
import { resolveSession } from "../auth/sessions";
import type { ChangeEvent } from "../contracts/events";
import type { AppDeps } from "../deps";
import type { RouteDoc } from "./route-doc";

const encoder = new TextEncoder();
export const HEARTBEAT_MS = 25_000;

/** Feed changes are for members; everything else (catalogue, channel header) is public. */
const visibleTo = (event: ChangeEvent, isMember: boolean) => event.table !== "channel_messages" || isMember;

export const eventRoutes = (deps: AppDeps) =>
  new Hono<AppEnv>().get("/events", async (c) => {
    // EventSource cannot send headers: besides the cookie, the Mini App passes its token as
    // ?token=. The request log records paths only, so the token never reaches a log line.
    const queryToken = c.req.query("token");
    const user =
      c.get("user") ??
      (queryToken ? await resolveSession(deps.database.db, queryToken, deps.now()) : undefined);
    // Members: signed in and past the age gate; they alone see the feed.
    const isMember = user?.ageVerified === true;
    let stop = () => {};
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const send = (text: string) => {
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            stop();
          }
        };
        const heartbeat = setInterval(() => send(": ping\n\n"), deps.heartbeatMs ?? HEARTBEAT_MS);
        const unsubscribe = deps.hub.subscribe(
          (event) => {
            if (visibleTo(event, isMember)) send(`event: change\ndata: ${JSON.stringify(event)}\n\n`);
          },
          () => {
            stop();
            controller.close();
          },
        );
        stop = () => {
          clearInterval(heartbeat);
          unsubscribe();
        };
        send("retry: 3000\n: connected\n\n");
      },
      cancel() {
        stop();
      },
    });
    return new Response(stream, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-store, no-transform",
        "X-Accel-Buffering": "no",
      },
    });
  });

/** OpenAPI descriptions of these routes (api/openapi.ts assembles them). */
export const eventDocs: RouteDoc[] = [
  {
    method: "get",
    path: "/api/events",
    summary: "Server-Sent Events: `change` events {table, op, id}; feed events only for members",
    access: "anyone",
    contentType: "text/event-stream",
  },
];
