import { afterAll, describe, expect, it, vi } from "vitest";
import { restartEvents, subscribeToChanges } from "../../miniapp/src/lib/events";
import { setSessionToken } from "../../miniapp/src/lib/session";

/** A stand-in for the server: every fetch of /api/events gets a stream this test writes to. */
const requests: { url: string; headers: Headers }[] = [];
const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
  requests.push({ url, headers: new Headers(init.headers) });
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      streams.push(controller);
      init.signal?.addEventListener("abort", () =>
        controller.error(new DOMException("aborted", "AbortError")),
      );
    },
  });
  return new Response(body, { headers: { "content-type": "text/event-stream" } });
});
afterAll(() => {
  vi.unstubAllGlobals();
});

const send = (text: string) => streams.at(-1)?.enqueue(new TextEncoder().encode(text));
const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe("the Mini App's event stream", () => {
  it("sends the session as a Bearer header, never in the URL, and resumes with Last-Event-ID", async () => {
    setSessionToken("the-session-token");
    const products: unknown[] = [];
    const settings: unknown[] = [];
    subscribeToChanges("products", (event) => products.push(event));
    subscribeToChanges("channel_settings", (event) => settings.push(event));
    await until(() => requests.length === 1);
    expect(requests[0]?.url).toBe("/api/events");
    expect(requests[0]?.headers.get("authorization")).toBe("Bearer the-session-token");
    expect(requests[0]?.headers.has("last-event-id")).toBe(false);

    send("retry: 1\nid: p1-0\n: connected\n\n");
    send('id: p1-1\nevent: change\ndata: {"table":"products"}\n\nid: p1-1\nevent: ch');
    send('ange\ndata: {"table":"channel_settings"}\n\n');
    await until(() => settings.length === 1);
    expect(products).toEqual([{ table: "products" }]);
    expect(settings).toEqual([{ table: "channel_settings" }]);

    // The server ends the stream (its lifetime): the client comes back from where it was.
    streams.at(-1)?.close();
    await until(() => requests.length === 2);
    expect(requests[1]?.headers.get("last-event-id")).toBe("p1-1");
    send("id: p1-2\n: connected\n\nevent: resync\ndata: {}\n\n");
    await until(() => settings.length === 2);
    expect(products).toEqual([{ table: "products" }, null]);
    expect(settings).toEqual([{ table: "channel_settings" }, null]);

    // Signed out: a fresh stream as the new person, with nothing to resume.
    setSessionToken(null);
    restartEvents();
    await until(() => requests.length === 3);
    expect(requests[2]?.headers.has("authorization")).toBe(false);
    expect(requests[2]?.headers.has("last-event-id")).toBe(false);
  });
});
