// The composition root is the one place the API meets the bot (which itself imports api/services).
import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { refusalLine } from "#api/cli/run";
import { offerSetupLink } from "#api/domain/accounts";
import { startOutboxSender } from "#api/domain/messaging";
import { createApp } from "#api/http/app";
import { metricsPortApp } from "#api/http/routes/metrics";
import { createHttpServer } from "#api/http/server";
import { loadConfig } from "#api/process/config";
import { startJobs } from "#api/process/job-runner";
import { batchedStdout, createLogger } from "#api/process/logger";
import { onStopSignals } from "#api/process/shutdown";
import { checkDirectories, listen } from "#api/process/start-checks";
import { botOutboxTransport } from "#bot/outbox-transport";
import { startTelegram } from "#bot/runtime";
import { startServices } from "./compose";
import { jobs } from "./jobs";

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  checkDirectories(config);
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
  await listen(server, "PORT", config.PORT, config.HOST);
  const address = server.address();
  const localUrl = `http://localhost:${typeof address === "object" && address ? address.port : config.PORT}`;
  log.info("listening", {
    url: localUrl,
    db: services.database.kind,
    planPayments: config.PLAN_PAYMENTS,
    startupMs: Math.round(performance.now() - startedAt),
  });
  // A shop nobody administers yet: the owner's way in, without a restart (decision 122).
  await offerSetupLink(services, config.PUBLIC_URL ?? localUrl);

  const metricsServer = config.METRICS_PORT
    ? createServer(getRequestListener(metricsPortApp(services.metrics).fetch))
    : undefined;
  if (metricsServer && config.METRICS_PORT) {
    await listen(metricsServer, "METRICS_PORT", config.METRICS_PORT, config.HOST);
    log.info("metrics listening", { port: config.METRICS_PORT });
  }

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

// A refusal (a bad setting, a database out of reach, …) is its one line; anything else is a bug, whole.
main().catch((error) => {
  console.error(refusalLine(error) ?? error);
  process.exit(1);
});
