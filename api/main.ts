import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { startServices } from "./compose";
import { ConfigError, loadConfig } from "./config";
import { createLogger } from "./logger";

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const log = createLogger(config.LOG_LEVEL);
  const services = await startServices(config, log);
  const app = createApp(services);
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    log.info("listening", {
      url: `http://localhost:${info.port}`,
      db: services.database.kind,
      startupMs: Math.round(performance.now() - startedAt),
    });
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting down", { signal });
    // Ending the event streams first lets server.close() finish; the database goes last.
    await services.hub.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await services.close();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
