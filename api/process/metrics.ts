import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { BotState } from "#api/contracts/bot-status";

/** Methods labelled as themselves; Node accepts 34, and any other becomes `other`, so a client cannot grow the series. */
const LABELLED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
export const methodLabel = (method: string): string => (LABELLED_METHODS.has(method) ? method : "other");

/**
 * The process's Prometheus metrics, on a registry of its own (each test app has one too). Labels
 * are route patterns, methods, statuses, kinds and outcomes: never ids, addresses or names.
 * Counting is always on (it is cheap); GET /metrics serves them only with METRICS_TOKEN or
 * METRICS_PORT, which also turn on the default process metrics.
 */
export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  let openStreams: () => number = () => 0;
  let databaseStats: () => Promise<DatabaseStats> = async () => ({ poolSize: 1 });
  let botState: () => BotState = () => ({ state: "off", reason: "no_token" });

  const metrics = {
    registry,
    httpRequests: new Counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by route pattern, method and status",
      labelNames: ["route", "method", "status"] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer an HTTP request (to the end of its handler; streams excluded), by route pattern, method and status",
      labelNames: ["route", "method", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    checkouts: new Counter({
      name: "checkouts_total",
      help: "Checkouts by kind (credits, storefront) and outcome (placed, replayed, a refusal's reason, failed)",
      labelNames: ["kind", "outcome"] as const,
      registers,
    }),
    planPayments: new Counter({
      name: "plan_payments_total",
      help: "Plan changes and payments by mode (free, manual, stars, invoice) and outcome",
      labelNames: ["mode", "outcome"] as const,
      registers,
    }),
    botUpdates: new Counter({
      name: "bot_updates_total",
      help: "Telegram updates handed to the bot, by update type",
      labelNames: ["type"] as const,
      registers,
    }),
    botUpdateLag: new Histogram({
      name: "bot_update_lag_seconds",
      help: "From an update's date (as Telegram stamps it) to the bot taking it; updates without a date are not observed",
      buckets: [0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 3600],
      registers,
    }),
    eventStreamSends: new Histogram({
      name: "event_stream_send_seconds",
      help: "Time to write one tick's change events to every open stream of this process (serialised once, one write per stream)",
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers,
    }),
    outboxCalls: new Counter({
      name: "outbox_calls_total",
      help: "Calls the outbox's sender made, by channel (telegram, mail), kind and outcome (sent, rate_limited, blocked, rejected, transient, unknown)",
      labelNames: ["channel", "kind", "outcome"] as const,
      registers,
    }),
    jobRuns: new Counter({
      name: "job_runs_total",
      help: "Runs of the background jobs (api/jobs.ts), by job and outcome (ok, failed)",
      labelNames: ["job", "outcome"] as const,
      registers,
    }),
    jobLastRun: new Gauge({
      name: "job_last_run_seconds",
      help: "How long each background job's last run took, ok or failed",
      labelNames: ["job"] as const,
      registers,
    }),
    uploadBytes: new Counter({
      name: "upload_bytes_total",
      help: "Bytes of accepted uploads stored, by upload kind",
      labelNames: ["kind"] as const,
      registers,
    }),
    /** The event streams' count, read at each scrape. */
    observeEventStreams(count: () => number) {
      openStreams = count;
    },
    /** The database's figures, read at each scrape. */
    observeDatabase(stats: () => Promise<DatabaseStats>) {
      databaseStats = stats;
    },
    /** The bot's state, read at each scrape (decision 121). */
    observeBot(state: () => BotState) {
      botState = state;
    },
    /** The default process metrics (CPU, memory, event loop lag, handles, GC). */
    collectProcessMetrics() {
      collectDefaultMetrics({ register: registry });
    },
  };

  new Gauge({
    name: "event_streams_open",
    help: "Server-Sent Event streams open in this process",
    registers,
    collect() {
      this.set(openStreams());
    },
  });
  new Gauge({
    name: "db_pool_size",
    help: "Database connections this process may open (DB_POOL_SIZE; 1 for PGlite)",
    registers,
    async collect() {
      this.set((await databaseStats()).poolSize);
    },
  });
  new Gauge({
    name: "db_connections",
    help: "This process's Postgres connections by state (active: running a query, i.e. in use; idle), from pg_stat_activity; absent on PGlite",
    labelNames: ["state"] as const,
    registers,
    async collect() {
      this.reset();
      const stats = await databaseStats();
      for (const [state, count] of Object.entries(stats.connections ?? {})) this.set({ state }, count);
    },
  });
  new Gauge({
    name: "bot_running",
    help: "1 while this process's bot runs, 0 while it is set up and not running (starting, or failing: /api/ready's bot says why); absent while the bot is off",
    registers,
    collect() {
      this.reset();
      const bot = botState();
      if (bot.state !== "off") this.set(bot.state === "running" ? 1 : 0);
    },
  });
  return metrics;
}

export interface DatabaseStats {
  poolSize: number;
  /** Connections by pg_stat_activity state, where the driver's server can say. */
  connections?: Record<string, number>;
}

export type Metrics = ReturnType<typeof createMetrics>;
