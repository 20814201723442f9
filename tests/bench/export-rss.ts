// The orders CSV export at 100,000 orders: the API process's peak RSS growth while one staff member
// downloads them all (goal ≤ 64 MB: the export reads batches by keyset and writes each before the
// next), and how long it took. The orders are written straight into the database the API uses;
// Postgres only, as PGlite's one process would be the API itself.
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { startApi, stop } from "./api-process";

const ORDERS = 100_000;
const MB = 1024 * 1024;

/** The child's resident set in bytes, from /proc (Linux). */
const rssOf = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) * 1024 : 0;
};

async function seed(databaseUrl: string) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`insert into orders (status, total_credits, delivery_name, delivery_address, delivery_state, created_at)
      select 'placed', '10.00', 'Buyer ' || g, g || ' Main St, Springfield', 'TX', now() - g * interval '1 minute'
      from generate_series(1, ${ORDERS}) g`;
    await sql`insert into order_lines (order_id, title, unit_credits, quantity)
      select id, 'Bench Kush', '10.00', 2 from orders`;
  } finally {
    await sql.end();
  }
}

async function staffToken(port: number, databaseUrl: string): Promise<string> {
  const email = `bench-${Date.now()}@example.com`;
  const password = "Sunny-Day-42";
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, confirmPassword: password, ageConfirmed: true }),
  });
  const { token, user } = (await res.json()) as { token: string; user: { id: string } };
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  await sql`insert into user_roles (user_id, role) values (${user.id}, 'employee')`;
  await sql.end();
  return token;
}

export async function exportRss(label: string, databaseUrl: string) {
  const dataDir = await mkdtemp(join(tmpdir(), "bench-export-"));
  const api = await startApi(dataDir, databaseUrl, { SEED_DEMO_DATA: "false" });
  try {
    await seed(databaseUrl);
    const token = await staffToken(api.port, databaseUrl);
    const url = `http://127.0.0.1:${api.port}/api/admin/exports/orders.csv`;
    const get = (query: string) => fetch(`${url}${query}`, { headers: { authorization: `Bearer ${token}` } });
    // Warm up the route and a batch's worth of code paths, then measure from a settled baseline.
    await (await get("?from=2000-01-01&to=2000-01-02")).text();
    await new Promise((r) => setTimeout(r, 500));
    const pid = api.child.pid ?? 0;
    const baseline = rssOf(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(pid));
    }, 20);
    const started = performance.now();
    const res = await get("");
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body ?? []) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 10) lines++;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(pid));
    return {
      database: label,
      status: res.status,
      orders: lines - 1,
      csvMb: Math.round((bytes / MB) * 10) / 10,
      seconds: Math.round(seconds * 10) / 10,
      baselineRssMb: Math.round(baseline / MB),
      peakRssGrowthMb: Math.round(((peak - baseline) / MB) * 10) / 10,
      goalMb: 64,
    };
  } finally {
    await stop(api.child);
    await rm(dataDir, { recursive: true, force: true });
  }
}
