// Login abuse against a server in a child process (TRUST_PROXY on, so X-Forwarded-For chooses the
// client address):
// - 100 concurrent wrong logins on one account, from one address and from 100 addresses: how many
//   reached argon2 (a 401 means the password was checked; a 429 means it was refused before);
// - /api/health latency, one request after another, while 500 concurrent logins for unknown
//   emails from 500 addresses arrive (each would cost an argon2 check), and for comparison with
//   no logins at all for two seconds before.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startApi, stop } from "./api-process";

const PASSWORD = "Sunny-Day-42";

const count = (statuses: number[]) =>
  Object.fromEntries([...new Set(statuses)].sort().map((s) => [s, statuses.filter((x) => x === s).length]));

const percentile = (sorted: number[], p: number) =>
  Math.round((sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0) * 10) / 10;

export async function loginAbuse(label: string, databaseUrl: string) {
  const dataDir = await mkdtemp(join(tmpdir(), `bench-logins-${label}-`));
  try {
    const api = await startApi(dataDir, databaseUrl, { TRUST_PROXY: "true", SEED_DEMO_DATA: "false" });
    const base = `http://127.0.0.1:${api.port}`;
    const post = (path: string, body: unknown, address: string) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": address },
        body: JSON.stringify(body),
      }).then(async (res) => {
        await res.arrayBuffer();
        return res.status;
      });
    const signUp = (email: string) =>
      post(
        "/api/auth/signup",
        { email, password: PASSWORD, confirmPassword: PASSWORD, ageConfirmed: true },
        "10.1.0.1",
      );
    const wrongLogins = (email: string, address: (i: number) => string) =>
      Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          post("/api/auth/login", { email, password: `Wrong-pass-${i}` }, address(i)),
        ),
      );

    await signUp("one@bench.test");
    const oneAddress = await wrongLogins("one@bench.test", () => "10.2.0.1");
    await signUp("many@bench.test");
    const manyAddresses = await wrongLogins("many@bench.test", (i) => `10.3.0.${i + 1}`);

    const healthLatencies = async (whileRunning: () => boolean) => {
      const latencies: number[] = [];
      while (whileRunning()) {
        const started = performance.now();
        await fetch(`${base}/api/health`).then((res) => res.arrayBuffer());
        latencies.push(performance.now() - started);
      }
      return latencies.sort((a, b) => a - b);
    };
    const idleUntil = performance.now() + 2000;
    const idle = await healthLatencies(() => performance.now() < idleUntil);

    let done = false;
    const logins = Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        post(
          "/api/auth/login",
          { email: `nobody-${i}@bench.test`, password: "Wrong-pass-1" },
          `10.4.${Math.floor(i / 250)}.${(i % 250) + 1}`,
        ),
      ),
    ).finally(() => {
      done = true;
    });
    const latencies = await healthLatencies(() => !done);
    const loginStatuses = await logins;
    await stop(api.child);
    return {
      database: label,
      wrongLoginsOneAccountOneAddress: {
        requests: 100,
        reachedArgon2: oneAddress.filter((s) => s === 401).length,
        limit: 5,
        statuses: count(oneAddress),
      },
      wrongLoginsOneAccount100Addresses: {
        requests: 100,
        reachedArgon2: manyAddresses.filter((s) => s === 401).length,
        limit: "5 per address, 50 per account",
        statuses: count(manyAddresses),
      },
      healthIdle: {
        healthRequests: idle.length,
        p50Ms: percentile(idle, 0.5),
        p99Ms: percentile(idle, 0.99),
      },
      healthDuring500Logins: {
        healthRequests: latencies.length,
        p50Ms: percentile(latencies, 0.5),
        p99Ms: percentile(latencies, 0.99),
        maxMs: percentile(latencies, 1),
        goalP99Ms: 50,
        loginStatuses: count(loginStatuses),
      },
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Two API processes on one Postgres share one limit: wrong logins for one account from one
 * address, two at a time on each process (within the password queue, so only the limit can refuse
 * them), 20 rounds. With a limit per process 10 would reach argon2; with the shared one, 5.
 */
export async function loginLimitAcrossTwoProcesses(databaseUrl: string) {
  const dirs = [await mkdtemp(join(tmpdir(), "bench-two-a-")), await mkdtemp(join(tmpdir(), "bench-two-b-"))];
  const env = { TRUST_PROXY: "true", SEED_DEMO_DATA: "false" };
  try {
    const apis = [];
    for (const dir of dirs) apis.push(await startApi(dir, databaseUrl, env));
    const post = (port: number, path: string, body: unknown) =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "10.5.0.1" },
        body: JSON.stringify(body),
      }).then(async (res) => {
        await res.arrayBuffer();
        return res.status;
      });
    const [a, b] = apis.map((api) => api.port) as [number, number];
    const email = "two@bench.test";
    await post(a, "/api/auth/signup", {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      ageConfirmed: true,
    });
    const statuses: number[] = [];
    for (let round = 0; round < 20; round++) {
      statuses.push(
        ...(await Promise.all(
          [a, a, b, b].map((port, i) =>
            post(port, "/api/auth/login", { email, password: `Wrong-pass-${round}-${i}` }),
          ),
        )),
      );
    }
    await Promise.all(apis.map((api) => stop(api.child)));
    return {
      processes: 2,
      requests: statuses.length,
      reachedArgon2: statuses.filter((s) => s === 401).length,
      limit: 5,
      statuses: count(statuses),
    };
  } finally {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }
}
