import { Hono } from "hono";
import type { ChangeEvent } from "../contracts/events";
import type { AppDeps } from "../deps";

const encoder = new TextEncoder();
export const HEARTBEAT_MS = 25_000;

/** Feed changes are for members; everything else (catalogue, channel header) is public. */
const visibleTo = (event: ChangeEvent, isMember: boolean) => event.table !== "channel_messages" || isMember;

export const eventRoutes = (deps: AppDeps) =>
  new Hono().get("/events", (_c) => {
    const isMember = false;
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
        "Cache-Control": "no-cache, no-transform",
        "X-Accel-Buffering": "no",
      },
    });
  });
