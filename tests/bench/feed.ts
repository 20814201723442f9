// The feed's first page at 10,000 messages: the server's own time for GET /api/messages (the page
// query, the viewer's reactions and the trending counts, as the route runs them), p50 and p99.
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { createServiceContext } from "#api/compose";
import { readFeedPage } from "#api/domain/channel";
import { loadConfig } from "#api/process/config";
import { createLogger } from "#api/process/logger";
import { createDb } from "#db/client";

const MESSAGES = 10_000;
const RUNS = 300;

export async function feedFirstPage(database: "pglite" | "postgres", url: string) {
  const db = await createDb(url ? { databaseUrl: url } : { dataDir: "memory://" });
  try {
    await db.db.execute(sql`
      insert into channel_messages (content, is_pinned, created_at)
      select 'message ' || n, n % 2500 = 0, now() - (n || ' seconds')::interval
      from generate_series(1, ${MESSAGES}) as n`);
    await db.db.execute(sql`analyze channel_messages`);
    const ctx = createServiceContext(loadConfig({ SEED_DEMO_DATA: "false" }), createLogger("silent"), db.db);
    const viewer = "00000000-0000-4000-8000-000000000000";
    for (let i = 0; i < 20; i++) await readFeedPage(ctx, viewer, undefined, 20);
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const started = performance.now();
      await readFeedPage(ctx, viewer, undefined, 20);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => Math.round((times[Math.floor(q * (times.length - 1))] ?? 0) * 100) / 100;
    return { database, messages: MESSAGES, p50Ms: at(0.5), p99Ms: at(0.99), goalP50Ms: 5 };
  } finally {
    await db.close();
  }
}
