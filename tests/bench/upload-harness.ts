// Bench-only: an HTTP server with one route, POST /upload, that runs the upload pipeline with the
// message-attachment kind (video up to 500MB), since no route takes a 500MB file yet. It serves
// through @hono/node-server like the app, stores on local disk (or S3 when STORAGE=s3 and the S3_*
// variables are set) and samples its own RSS: GET /rss answers the baseline and the peak since.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import { getRequestListener } from "@hono/node-server";
import { Hono } from "hono";
import { mediaStorage } from "#api/compose";
import { Refusal } from "#api/domain/refusal";
import { storeUpload } from "#api/domain/uploads";
import { multipartForm } from "#api/http/multipart";
import { refusalResponse } from "#api/http/refusals";
import { loadConfig } from "#api/process/config";
import { createMetrics } from "#api/process/metrics";

const config = loadConfig();
const storage = mediaStorage(config, resolve(config.DATA_DIR));
const metrics = createMetrics();

let baseline = process.memoryUsage.rss();
let peak = baseline;
setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 10).unref();

const app = new Hono()
  .post("/upload", async (c) => {
    const stored = await storeUpload(
      multipartForm(c.req.raw, "messageAttachment"),
      { storage, metrics },
      "messageAttachment",
      {
        owner: "bench",
        at: Date.now(),
      },
    );
    await storage.remove(stored.bucket, stored.name);
    return c.json({ size: stored.size, contentType: stored.contentType });
  })
  .get("/rss", (c) => c.json({ baseline, peak }))
  .post("/rss/reset", (c) => {
    globalThis.gc?.();
    baseline = process.memoryUsage.rss();
    peak = baseline;
    return c.json({ baseline });
  })
  .onError((error, c) =>
    error instanceof Refusal ? refusalResponse(c, error) : c.json({ error: String(error) }, 500),
  );

const server = createServer(getRequestListener(app.fetch));
server.listen(0, "127.0.0.1", () => {
  console.log(`PORT ${(server.address() as AddressInfo).port}`);
});
