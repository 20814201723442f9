// The composition root is the one place the API meets the bot (which itself imports api/services).
import { startTelegram } from "#bot/runtime";
import { DataDirInUseError, NewerDatabaseError } from "#db/client";
import { createApp } from "./app";
import { startServices } from "./compose";
import { ConfigError, loadConfig } from "./config";
import { serviceContext } from "./deps";
import { batchedStdout, createLogger } from "./logger";
import { createHttpServer } from "./server";

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const stdout = batchedStdout();
  const log = createLogger(config.LOG_LEVEL, stdout.write);
  const services = await startServices(config, log);
  const telegram = startTelegram(serviceContext(services));
  const app = createApp({
    ...services,
    ...(telegram ? { telegram: telegram.notifier, telegramWebhook: telegram.webhook } : {}),
  });
  const server = await createHttpServer(app, services);
  server.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    log.info("listening", {
      url: `http://localhost:${typeof address === "object" && address ? address.port : config.PORT}`,
      db: services.database.kind,
      startupMs: Math.round(performance.now() - startedAt),
    });
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info("shutting down", { signal });
    // The bot stops taking updates first; ending the event streams lets server.close() finish;
    // the database goes last.
    await telegram?.stop();
    await services.hub.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await services.close();
    stdout.flush();
    process.exit(0);
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirInUseError ||
    error instanceof NewerDatabaseError
  ) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
