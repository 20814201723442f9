import type { Logger } from "./logger";
import type { Metrics } from "./metrics";

/** Work that runs every so often until stopped. */
export interface Repeating {
  /** No further run starts; waits for a run in progress. */
  stop(): Promise<void>;
}

/**
 * Runs `work` every `everyMs`, never two at once (a tick while one runs is skipped), until stopped.
 * A failed run is reported to `failed` and the next tick runs again. The timer keeps no process up.
 */
export function repeatEvery(
  everyMs: number,
  work: () => Promise<void>,
  failed: (error: unknown) => void,
): Repeating {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= work()
      .catch(failed)
      .finally(() => {
        running = undefined;
      });
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

/**
 * A background job: `run` every `every` milliseconds in every process (one whose work must happen
 * once over all processes claims it in the database). The list is api/jobs.ts.
 */
export interface Job<Context> {
  /** Its `job` label in the metrics and the log. */
  name: string;
  /** Milliseconds from one run's start to the next; a run still going then skips that turn. */
  every: number;
  run(ctx: Context): Promise<unknown>;
}

/**
 * Starts every job on one context; each run is counted in `job_runs_total` by job and outcome (ok,
 * failed), its time kept in `job_last_run_seconds`, and a failure logged. stop() stops them all,
 * each waiting for its run in progress.
 */
export function startJobs<Context extends { log: Logger; metrics: Metrics }>(
  jobs: readonly Job<Context>[],
  ctx: Context,
): Repeating {
  const { log, metrics } = ctx;
  const started = jobs.map((job) =>
    repeatEvery(
      job.every,
      async () => {
        const startedAt = performance.now();
        try {
          await job.run(ctx);
          metrics.jobRuns.inc({ job: job.name, outcome: "ok" });
        } finally {
          metrics.jobLastRun.set({ job: job.name }, (performance.now() - startedAt) / 1000);
        }
      },
      (error) => {
        metrics.jobRuns.inc({ job: job.name, outcome: "failed" });
        log.warn("job failed", { job: job.name, error: String(error) });
      },
    ),
  );
  return {
    async stop() {
      await Promise.all(started.map((job) => job.stop()));
    },
  };
}
