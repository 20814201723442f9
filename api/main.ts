// The composition root is the one place the API meets the bot (which itself imports api/services).
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { startOutboxSender } from "#api/domain/messaging";
import { createApp } from "#api/http/app";
import { metricsPortApp } from "#api/http/routes/metrics";
import { createHttpServer } from "#api/http/server";
import { ConfigError, loadConfig } from "#api/process/config";
import { startJobs } from "#api/process/job-runner";
import { batchedStdout, createLogger } from "#api/process/logger";
import { onStopSignals } from "#api/process/shutdown";
import { botOutboxTransport } from "#bot/outbox-transport";
import { startTelegram } from "#bot/runtime";
import { DataDirInUseError, NewerDatabaseError } from "#db/client";
import { startServices } from "./compose";
import { jobs } from "./jobs";

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const stdout = batchedStdout();
  const log = createLogger(config.LOG_LEVEL, stdout.write);
  const services = await startServices(config, log);
  // The bot first: it puts its notifier into the one context the app, the jobs and the outbox share.
  const telegram = startTelegram(services);
  services.telegramWebhook = telegram?.webhook;
  const app = createApp(services);
  const jobRunner = startJobs(jobs, services);
  // What the bot sends on its own goes where the bot runs; mail rows wherever mail is set up. The
  // sender is no job: its lanes pace themselves, and it stops with the bot, within the timeout.
  const outbox = startOutboxSender(
    services,
    telegram ? botOutboxTransport(config, services.storage) : undefined,
  );
  const server = await createHttpServer(app, services);
  server.listen(config.PORT, config.HOST, () => {
    const address = server.address();
    log.info("listening", {
      url: `http://localhost:${typeof address === "object" && address ? address.port : config.PORT}`,
      db: services.database.kind,
      planPayments: config.PLAN_PAYMENTS,
      startupMs: Math.round(performance.now() - startedAt),
    });
  });

  const metricsServer = config.METRICS_PORT
    ? createServer(getRequestListener(metricsPortApp(services.metrics).fetch))
    : undefined;
  metricsServer?.listen(config.METRICS_PORT, config.HOST, () => {
    log.info("metrics listening", { port: config.METRICS_PORT });
  });

  onStopSignals({
    servers: metricsServer ? [server, metricsServer] : [server],
    services,
    telegram,
    outbox,
    jobs: jobRunner,
    log,
    timeoutMs: config.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    exit: (code) => {
      stdout.flush();
      process.exit(code);
    },
  });
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
