import type { Server } from "node:http";
import type { Logger } from "./logger";

const IDLE_SWEEP_MS = 50;

/** What shutdown stops of the started services (api/compose.ts startServices). */
export interface StoppableServices {
  /** Readiness answers 503 once this is set. */
  lifecycle: { draining: boolean };
  /** The change listener, whose end also ends the event streams. */
  hub: { close(): Promise<void> };
  /** Background work, the change listener and the database. */
  close(): Promise<void>;
}

export interface ShutdownParts {
  /** The HTTP servers: the app's, and the metrics port's when it has one. */
  servers: Server[];
  services: StoppableServices;
  /** The bot: polling stops after its current batch; absent when the bot is off. */
  telegram?: { stop(): Promise<void> } | undefined;
  /** The outbox's sender: its calls in flight finish, claimed rows not called yet go back to the queue. */
  outbox: { stop(): Promise<void> };
  /** The background jobs (api/jobs.ts' runner): stopped before the services close, runs in progress done. */
  jobs: { stop(): Promise<void> };
  log: Logger;
  timeoutMs: number;
  /** Called last, with the exit code (process.exit in main.ts). */
  exit: (code: number) => void;
}

/**
 * Graceful shutdown on SIGTERM and SIGINT; a second signal exits at once (code 1).
 * 1. Readiness turns 503 and the listening sockets close: no new connection is accepted.
 * 2. Event streams end with a short `retry` and a `reconnect` event: clients reconnect elsewhere.
 * 3. Requests in flight finish (each kept-alive socket is closed as soon as it is idle), the
 *    bot stops after its current updates and the outbox after its calls in flight; all within
 *    `timeoutMs`, after which the remaining connections are cut (exit code 1).
 * 4. The jobs stop; background work, the change listener and the database close; exit 0.
 */
export function onStopSignals(parts: ShutdownParts): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) {
      parts.log.warn("second signal: exiting at once", { signal });
      parts.exit(1);
      return;
    }
    stopping = true;
    void shutdown(parts, signal).then(
      (code) => parts.exit(code),
      (error: unknown) => {
        parts.log.error("shutdown failed", { error: String(error) });
        parts.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

async function shutdown(parts: ShutdownParts, signal: string): Promise<number> {
  const { servers, services, telegram, outbox, jobs, log, timeoutMs } = parts;
  const started = performance.now();
  log.info("shutting down", { signal, timeoutMs });
  services.lifecycle.draining = true;
  const closed = Promise.all(
    servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
  );
  const sweep = setInterval(() => {
    for (const server of servers) server.closeIdleConnections();
  }, IDLE_SWEEP_MS);
  // Closing the hub ends every event stream (with its reconnect hint).
  await services.hub.close();

  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  const outcome = await Promise.race([
    Promise.all([closed, telegram?.stop(), outbox.stop()]).then(() => "done" as const),
    timedOut,
  ]);
  clearTimeout(timer);
  clearInterval(sweep);
  if (outcome === "timeout") {
    log.warn("shutdown timeout: cutting the connections still open", { timeoutMs });
    for (const server of servers) server.closeAllConnections();
  }
  await jobs.stop();
  await services.close();
  log.info("stopped", { ms: Math.round(performance.now() - started) });
  return outcome === "timeout" ? 1 : 0;
}
