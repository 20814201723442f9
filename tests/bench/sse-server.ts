// The API composed as api/main.ts composes it (without the bot), for tests/bench/sse.ts. It also
// answers the bench over IPC: its RSS after a GC, and an UPDATE of every product through its own
// database (PGlite allows no second process), timed by the same clock the client process uses.
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { createApp } from "#api/app";
import { startServices } from "#api/compose";
import { loadConfig } from "#api/config";
import { createLogger } from "#api/logger";
import { createHttpServer } from "#api/server";
import { products } from "#db/schema/index";

const services = await startServices(loadConfig(), createLogger("silent"));
const server = await createHttpServer(createApp(services), services);
const now = () => performance.timeOrigin + performance.now();

server.listen(0, "127.0.0.1", () => process.send?.({ port: (server.address() as AddressInfo).port }));
process.on("message", async (message: { rss?: true; update?: true }) => {
  if (message.rss) {
    (globalThis as { gc?: () => void }).gc?.();
    process.send?.({ rss: process.memoryUsage().rss });
  }
  if (message.update) {
    const startedAt = now();
    const rows = await services.database.db
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} + 1` })
      .returning({ id: products.id });
    process.send?.({ startedAt, committedAt: now(), rows: rows.length });
  }
});
