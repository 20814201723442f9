#!/usr/bin/env node
// The whole test suite: build the Mini App, unit + API tests (vitest), end-to-end tests (Playwright).
// Uses PGlite unless DATABASE_URL points at a Postgres server; then every test gets a fresh database.
// Ends with one line "N passed, N failed" (also written to $TEST_SUMMARY_FILE when set).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const reports = mkdtempSync(join(tmpdir(), "shop-tests-"));
const env = { ...process.env };

const run = (command, args, extraEnv = {}) => {
  console.log(`\n$ ${command} ${args.join(" ")}`);
  return spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...env, ...extraEnv } }).status ?? 1;
};
const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined);

let passed = 0;
let failed = 0;
const finish = () => {
  const line = `${passed} passed, ${failed} failed`;
  if (process.env.TEST_SUMMARY_FILE) writeFileSync(process.env.TEST_SUMMARY_FILE, `${passed} ${failed}\n`);
  rmSync(reports, { recursive: true, force: true });
  console.log(`\n${line}`);
  process.exit(failed > 0 ? 1 : 0);
};

// A machine without Debian's chromium gets Playwright's own browser.
if (!existsSync("/usr/bin/chromium") && run("npx", ["playwright", "install", "chromium"]) !== 0) {
  console.error("No /usr/bin/chromium and Playwright could not install its browser.");
  failed++;
  finish();
}

if (run("npm", ["run", "build", "--silent"]) !== 0) {
  console.error("The Mini App did not build.");
  failed++;
  finish();
}

const vitestReport = join(reports, "vitest.json");
const vitestStatus = run("npx", [
  "vitest",
  "run",
  "-c",
  "tests/vitest.config.ts",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestReport}`,
]);
const vitest = readJson(vitestReport);
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + (vitest.numTotalTestSuites > 0 ? vitest.numFailedTestSuites : 0);
}
if (!vitest || (vitestStatus !== 0 && failed === 0)) failed++;

// End-to-end servers on Postgres get databases of their own, made here and dropped after.
const e2eDatabases = [];
if (env.DATABASE_URL) {
  const { default: postgres } = await import("postgres");
  const admin = postgres(env.DATABASE_URL, { max: 1, onnotice: () => {} });
  for (const kind of ["seeded", "empty"]) {
    const name = `e2e_${kind}_${process.pid}_${Date.now()}`;
    await admin.unsafe(`create database "${name}"`);
    e2eDatabases.push(name);
    const url = new URL(env.DATABASE_URL);
    url.pathname = `/${name}`;
    env[`E2E_DATABASE_URL_${kind.toUpperCase()}`] = url.toString();
  }
  await admin.end();
}

// Free ports for the two end-to-end servers, so a run never collides with another one on the machine.
const freePort = () =>
  new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
env.E2E_PORT_SEEDED = String(await freePort());
env.E2E_PORT_EMPTY = String(await freePort());
env.E2E_PORT_STOREFRONT = String(await freePort());

const playwrightReport = join(reports, "playwright.json");
const playwrightStatus = run(
  "npx",
  ["playwright", "test", "-c", "tests/e2e/playwright.config.ts", "--reporter=list,json"],
  {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  },
);
const playwright = readJson(playwrightReport);
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected + (playwright.errors?.length ?? 0);
}
if (!playwright || (playwrightStatus !== 0 && failed === 0)) failed++;

if (e2eDatabases.length) {
  const { default: postgres } = await import("postgres");
  const admin = postgres(env.DATABASE_URL, { max: 1, onnotice: () => {} });
  for (const name of e2eDatabases) await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
}

finish();
