import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import { errorFields, type Logger } from "#api/process/logger";

/**
 * A CSV download streamed as it is read: the next batch is fetched only when the client has taken
 * the last one (a pull stream), so a slow reader holds the server to one batch. A failure once the
 * 200 is sent is logged as one line and the connection is cut before the chunked body's end, so a
 * client sees a broken transfer, never a file that looks complete.
 */
export function csvDownload(c: Context, log: Logger, filename: string, chunks: AsyncGenerator<string>) {
  const encoder = new TextEncoder();
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
  const path = c.req.path;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      } catch (error) {
        log.error("export failed", { path, ...errorFields(error) });
        if (outgoing) outgoing.destroy();
        else controller.error(new Error("The export failed"));
      }
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
  return c.body(body, 200, {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename}"`,
  });
}
