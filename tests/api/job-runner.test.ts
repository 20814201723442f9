import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ServiceContext } from "#api/domain/context";
import { jobs } from "#api/jobs";
import { type Job, startJobs } from "#api/process/job-runner";
import { bearer } from "../helpers/accounts";
import { type Exposition, parsePrometheusText } from "../helpers/prometheus-text";
import { eventually, startTestApp, type TestApp } from "../helpers/test-app";

const TOKEN = "metrics-token-jobs-0123456789";
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(() => t.close());

async function scrape(): Promise<Exposition> {
  const res = await t.app.request("/metrics", { headers: bearer(TOKEN) });
  expect(res.status).toBe(200);
  return parsePrometheusText(await res.text());
}

const runs = (metrics: Exposition, job: string, outcome: "ok" | "failed") =>
  metrics.value("job_runs_total", { job, outcome });

describe("the job runner", () => {
  it("runs every job of api/jobs.ts on a fresh database without a failure, each counted in /metrics", async () => {
    const runner = startJobs(
      jobs.map((job) => ({ ...job, every: 20 })),
      t.services,
    );
    try {
      const seen = await eventually(async () => {
        const metrics = await scrape();
        for (const job of jobs) expect(runs(metrics, job.name, "ok")).toBeGreaterThan(0);
        return metrics;
      });
      for (const job of jobs) {
        expect(runs(seen, job.name, "failed")).toBe(0);
        expect(seen.samples.some((s) => s.name === "job_last_run_seconds" && s.labels.job === job.name)).toBe(
          true,
        );
      }
      expect(seen.types.get("job_runs_total")).toBe("counter");
      expect(seen.types.get("job_last_run_seconds")).toBe("gauge");
    } finally {
      await runner.stop();
    }
  });

  it("counts a failed run by its job and goes on running it; stop() waits for a run and starts none after", async () => {
    let calls = 0;
    let release: () => void = () => {};
    const failing: Job<ServiceContext> = {
      name: "test-failing",
      every: 10,
      run: async () => {
        calls++;
        throw new Error("the job's own failure");
      },
    };
    const slow: Job<ServiceContext> = {
      name: "test-slow",
      every: 10,
      run: () => new Promise<void>((resolve) => (release = resolve)),
    };
    const runner = startJobs([failing, slow], t.services);
    await eventually(async () => expect(runs(await scrape(), "test-failing", "failed")).toBeGreaterThan(1));
    expect(runs(await scrape(), "test-failing", "ok")).toBe(0);

    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The slow job's run is still going: stop() waits for it.
    expect(stopped).toBe(false);
    release();
    await stopping;
    const after = calls;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toBe(after);
    expect(runs(await scrape(), "test-slow", "ok")).toBe(1);
  });
});
