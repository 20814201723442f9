#!/usr/bin/env node
// The whole test suite, one command: build the server and the Mini App, unit + API/bot/db tests
// (Vitest), end-to-end tests (Playwright). Everything runs on embedded PGlite; when DATABASE_URL names a Postgres server
// the API/bot/db tests run there too (not the unit tests, which use no database, nor the process
// tests, which pick their own database kind whatever DATABASE_URL says), and so do the end-to-end tests whose behaviour depends on the
// database driver (tagged @live: LISTEN/NOTIFY reaching another browser's event stream).
// Ends with one line "N passed, N failed" (also written to $TEST_SUMMARY_FILE when set), after each
// step's duration and the ten slowest test files.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const reports = mkdtempSync(join(tmpdir(), "shop-tests-"));
const postgresUrl = process.env.DATABASE_URL || undefined;
const baseEnv = { ...process.env };
delete baseEnv.DATABASE_URL;
// Three Playwright workers, each with servers and data of its own (E2E_WORKERS to change it). The
// whole suite waits more than it computes (about half of two cores was busy over a CI run): on this
// 2-core machine, 2026-11-28, all 226 tests took 10.0 min with 2 workers and 7.1 min with 3. (An
// earlier sample of 33 CPU-heavy tests had favoured 2: 194 s against 215 s.)
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 3));

let passed = 0;
let failed = 0;
const steps = [];
const files = [];

/**
 * The commands running now, each the leader of a process group of its own: a run stopped (SIGTERM,
 * SIGINT) stops them with everything they started (Vitest's workers, the end-to-end servers and
 * Chromium), so nothing of it outlives the run and loads or blocks the next one.
 */
const children = new Set();
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"]) {
  process.on(signal, () => {
    for (const child of children) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
    process.exit(1);
  });
}

/** Runs a command; its output goes through, each line prefixed when `label` is given. */
const run = (command, args, env, label) =>
  new Promise((resolve) => {
    console.log(`\n$ ${command} ${args.join(" ")}${label ? `  [${label}]` : ""}`);
    const child = spawn(command, args, {
      cwd: root,
      env,
      stdio: ["ignore", label ? "pipe" : "inherit", label ? "pipe" : "inherit"],
      detached: true,
    });
    children.add(child);
    if (label) {
      for (const stream of [child.stdout, child.stderr]) {
        let rest = "";
        stream.on("data", (chunk) => {
          const lines = (rest + chunk).split("\n");
          rest = lines.pop() ?? "";
          for (const line of lines) console.log(`[${label}] ${line}`);
        });
        stream.on("end", () => rest && console.log(`[${label}] ${rest}`));
      }
    }
    child.on("close", (code) => {
      children.delete(child);
      resolve(code ?? 1);
    });
  });

const timed = async (name, work) => {
  const started = Date.now();
  try {
    return await work();
  } finally {
    steps.push({ name, seconds: (Date.now() - started) / 1000 });
  }
};

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined);

async function withAdmin(work) {
  const { default: postgres } = await import("postgres");
  const admin = postgres(postgresUrl, { max: 1, onnotice: () => {} });
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

function summarise() {
  console.log("\nStep durations:");
  for (const { name, seconds } of steps) console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
  console.log("\nSlowest test files:");
  for (const { name, seconds } of files.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
    console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${name}`);
  }
}

const finish = () => {
  summarise();
  const line = `${passed} passed, ${failed} failed`;
  if (process.env.TEST_SUMMARY_FILE) writeFileSync(process.env.TEST_SUMMARY_FILE, `${passed} ${failed}\n`);
  rmSync(reports, { recursive: true, force: true });
  console.log(`\n${line}`);
  process.exit(failed > 0 ? 1 : 0);
};

/** One Vitest process over `projects`; `name` labels its step, its files and its report. */
async function vitestPass(name, env, projects, label = undefined) {
  const report = join(reports, `vitest-${name}.json`);
  const status = await timed(`vitest: ${name}`, () =>
    run(
      "npx",
      [
        "vitest",
        "run",
        "-c",
        "tests/vitest.config.ts",
        ...projects.flatMap((project) => ["--project", project]),
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${report}`,
      ],
      env,
      label,
    ),
  );
  const vitest = readJson(report);
  const before = failed;
  if (vitest) {
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests + (vitest.numTotalTestSuites > 0 ? vitest.numFailedTestSuites : 0);
    for (const result of vitest.testResults) {
      files.push({
        name: `${result.name.replace(root, "")} (${name})`,
        seconds: (result.endTime - result.startTime) / 1000,
      });
    }
  }
  if (!vitest || (status !== 0 && failed === before)) failed++;
}

/**
 * The ports the kernel hands out to outgoing connections (Linux's ip_local_port_range): a port
 * probed free there can be taken by any connection (a server's Postgres pool, Chromium) before our
 * server listens on it, so the end-to-end servers take theirs below this range.
 */
function ephemeralLow() {
  try {
    return (
      Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]) || 32_768
    );
  } catch {
    return 32_768;
  }
}

/**
 * A block of `count` consecutive free ports on 127.0.0.1, in band `band` of `bands`: the passes that
 * run at the same time take disjoint bands, so one cannot probe a block the other is about to use.
 */
async function freePorts(count, band, bands) {
  const lowest = 10_000;
  const width = Math.floor((ephemeralLow() - lowest) / bands);
  for (;;) {
    const first = lowest + band * width + Math.floor(Math.random() * (width - count));
    const probes = [];
    let free = true;
    for (let port = first; port < first + count && free; port++) {
      const probe = createServer();
      free = await new Promise((resolve) => {
        probe.once("error", () => resolve(false));
        probe.listen(port, "127.0.0.1", () => resolve(true));
      });
      probes.push(probe);
    }
    await Promise.all(probes.map((probe) => new Promise((resolve) => probe.close(() => resolve()))));
    if (free) return first;
  }
}

/**
 * One Playwright process with `workers` workers, each with servers of its own (a seeded and an
 * empty one, on ports and data directories or Postgres databases of their own).
 */
async function playwrightPass(database, band, workers, extraArgs = []) {
  const label = `e2e ${database}`;
  const env = { ...baseEnv, E2E_WORKERS: String(workers) };
  for (const variable of ["E2E_DATA_DIR", "E2E_LOG_DIR"]) delete env[variable];
  // support/env.ts: two ports per worker, then the fake Storefront, the fake SMTP and the launcher.
  env.E2E_FIRST_PORT = String(await freePorts(2 * workers + 3, band, 2));
  const databases = [];
  if (database === "Postgres") {
    await withAdmin(async (admin) => {
      for (const kind of ["seeded", "empty"]) {
        const urls = [];
        for (let worker = 0; worker < workers; worker++) {
          const name = `e2e_${kind}_${process.pid}_${worker}_${Date.now()}`;
          await admin.unsafe(`create database "${name}"`);
          databases.push(name);
          const url = new URL(postgresUrl);
          url.pathname = `/${name}`;
          urls.push(url.toString());
        }
        env[`E2E_DATABASE_URLS_${kind.toUpperCase()}`] = urls.join(",");
      }
    });
  }
  const report = join(reports, `playwright-${database}.json`);
  env.PLAYWRIGHT_JSON_OUTPUT_NAME = report;
  env.E2E_OUTPUT_DIR = join(root, "tests/e2e", `test-results-${database.toLowerCase()}`);
  const status = await timed(
    `playwright on ${database}${extraArgs.length ? ` (${extraArgs.join(" ")})` : ""}`,
    () =>
      run(
        "npx",
        ["playwright", "test", "-c", "tests/e2e/playwright.config.ts", "--reporter=list,json", ...extraArgs],
        env,
        label,
      ),
  );
  if (databases.length) {
    await withAdmin(async (admin) => {
      for (const name of databases) await admin.unsafe(`drop database if exists "${name}" with (force)`);
    });
  }
  const playwright = readJson(report);
  const before = failed;
  if (playwright) {
    passed += playwright.stats.expected + playwright.stats.flaky;
    failed += playwright.stats.unexpected + (playwright.errors?.length ?? 0);
    const perFile = new Map();
    const visit = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests) {
          for (const result of test.results) {
            perFile.set(spec.file, (perFile.get(spec.file) ?? 0) + result.duration / 1000);
          }
        }
      }
      for (const child of suite.suites ?? []) visit(child);
    };
    for (const suite of playwright.suites) visit(suite);
    for (const [file, seconds] of perFile) files.push({ name: `tests/e2e/${file} (${database})`, seconds });
  }
  if (!playwright || (status !== 0 && failed === before)) failed++;
}

// A machine without Debian's chromium gets Playwright's own browser.
if (
  !existsSync("/usr/bin/chromium") &&
  (await run("npx", ["playwright", "install", "chromium"], baseEnv)) !== 0
) {
  console.error("No /usr/bin/chromium and Playwright could not install its browser.");
  failed++;
  finish();
}

// The compiled server first: the Vitest passes start it as `npm start` does (compiled-server.test.ts).
if ((await timed("server build", () => run("npm", ["run", "build:server", "--silent"], baseEnv))) !== 0) {
  console.error("The server did not build.");
  failed++;
  finish();
}

// The Mini App's build is the browser passes' alone, so it runs beside the Vitest passes, niced: they
// wait on databases, timers and child processes more than they compute, and it takes the CPU they
// leave rather than theirs.
const miniAppBuilt = timed("Mini App build (beside Vitest)", () =>
  run("nice", ["-n", "10", "npm", "run", "build:miniapp", "--silent"], baseEnv, "build"),
).then((status) => {
  if (status !== 0) {
    console.error("The Mini App did not build: no browser pass runs.");
    failed++;
  }
  return status === 0;
});

/** A database's browser pass starts once its own Vitest pass and the Mini App's build are done. */
const thenBrowsers = async (vitest, browsers) => {
  await vitest;
  if (await miniAppBuilt) await browsers();
};

// Unit tests touch no database and the process tests choose their own: both run once. The process
// tests mostly wait (for child servers to start, signals, locks, timeouts), so they run in a Vitest
// process of their own beside the others rather than holding one of the PGlite pass's two workers
// while they wait (their child servers must start within 60 s: nothing else joins that pass).
// (2026-11-29: starting the browser pass beside the Vitest passes, at their priority or above them,
// was slower: its servers did not start within 120 s, and Chromium's renderers starved.) With Postgres, its pass runs beside too (output lines labelled), and neither
// database's browser pass waits for the other's Vitest pass.
await Promise.all([
  thenBrowsers(vitestPass("PGlite", baseEnv, ["unit", "api"], "vitest PGlite"), () =>
    playwrightPass("PGlite", 0, workers),
  ),
  vitestPass("processes", baseEnv, ["processes"], "vitest processes"),
  postgresUrl &&
    thenBrowsers(
      vitestPass("Postgres", { ...baseEnv, DATABASE_URL: postgresUrl }, ["api"], "vitest Postgres"),
      () => playwrightPass("Postgres", 1, 1, ["--grep", "@live"]),
    ),
]);

finish();
