// The gate at scale (decision 120): MEMBERS people in a gated channel, each with an account; LAPSED of
// them hold a tier the chat's tiers no longer name, beside KEEPERS on that tier who stay (staff, and
// the chat's Telegram administrators). Figures:
// - the removal plan: reconcileGate (the job's whole run: claims, the outbox's rows) p50 over RUNS,
//   the claims reset between runs; goal ≤ 2 s; on PGlite and Postgres;
// - the removals through the outbox (Postgres): two server processes share the queue against the
//   fake Bot API limited to FAKE_RATE calls a second over banChatMember, unbanChatMember and
//   sendMessage; a removal is two calls (ban, then unban), so the lane's pace (rows a second) is
//   GATE_RATE, half the limit less a margin. The rate of those calls (goal ≥ 95% of the limit), each
//   lapsed member banned exactly once, nobody else; the same with one process killed (SIGKILL)
//   mid-way and started again. The members never started the bot: the removal notices are recorded
//   unreachable, so the queue holds the removals alone.
import { mkdir, mkdtemp, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { createServiceContext } from "#api/compose";
import { reconcileGate } from "#api/domain/gate";
import { loadConfig } from "#api/process/config";
import { createLogger } from "#api/process/logger";
import { createDb, type Db, executeRows } from "#db/client";
import { type Started, startApi } from "./api-process";
import { kill, rates, serverEnv, startFake } from "./broadcast";

const MEMBERS = Number(process.env.GATE_MEMBERS ?? 100_000);
const LAPSED = Number(process.env.GATE_LAPSED ?? 10_000);
/** Silver members who stay: KEEPERS staff and KEEPERS Telegram administrators of the chat. */
const KEEPERS = 100;
const RUNS = 5;
const FAKE_RATE = 300;
const GATE_RATE = Number(process.env.GATE_RATE ?? 145);
const LIMITED = ["banChatMember", "unbanChatMember", "sendMessage"];
const CHAT = -1001000000077n;
/** Member n (1…MEMBERS) is Telegram user FIRST_ID + n; 1…LAPSED lapse. */
const FIRST_ID = 5_000_000;

async function seed(db: Db) {
  await db.execute(sql`
    insert into membership_tiers (name, display_name, price_monthly, tier_level)
    values ('bench-gold', 'Gold', 20, 102), ('bench-silver', 'Silver', 10, 101)`);
  await db.execute(sql`
    insert into users (telegram_id) select ${FIRST_ID} + n from generate_series(1, ${MEMBERS}) n`);
  await db.execute(sql`
    insert into profiles (id, age_verified, membership_tier_id)
    select u.id, true, t.id from users u join membership_tiers t
      on t.name = case when u.telegram_id <= ${FIRST_ID + LAPSED + 2 * KEEPERS} then 'bench-silver' else 'bench-gold' end
    where u.telegram_id > ${FIRST_ID}`);
  await db.execute(sql`
    insert into user_roles (user_id, role) select id, 'employee' from users
    where telegram_id between ${FIRST_ID + LAPSED + 1} and ${FIRST_ID + LAPSED + KEEPERS}`);
  await db.execute(sql`
    insert into gate_chats (chat_id, kind, title, bot_status, can_invite_users, can_ban_users, access, gated_at)
    values (${CHAT}, 'channel', 'Bench', 'administrator', true, true, 'tiers', now() - interval '2 days')`);
  // The chat let Silver in too; now Gold alone: Silver's members lapse at once.
  await db.execute(sql`
    insert into gate_chat_tiers (chat_id, tier_id)
    select ${CHAT}, id from membership_tiers where name = 'bench-gold'`);
  await db.execute(sql`
    insert into gate_members (chat_id, telegram_id, status, since)
    select ${CHAT}, telegram_id,
      case when telegram_id > ${FIRST_ID + LAPSED + KEEPERS} and telegram_id <= ${FIRST_ID + LAPSED + 2 * KEEPERS}
        then 'administrator' else 'member' end,
      now() - interval '30 days'
    from users where telegram_id > ${FIRST_ID}`);
  await db.execute(sql`vacuum analyze`);
}

/** Back to before the reconcile: no claim, no outbox row. */
async function reset(db: Db) {
  await db.execute(sql`delete from outbox`);
  await db.execute(sql`update gate_members set removals = 0, removing_since = null where removals > 0`);
  await db.execute(sql`vacuum analyze gate_members`);
  await db.execute(sql`vacuum analyze outbox`);
}

const serviceContext = (db: Db) =>
  createServiceContext(loadConfig({ SEED_DEMO_DATA: "false" }), createLogger("silent"), db);

/** The reconcile, timed: it must claim exactly the lapsed members. */
async function timedReconcile(db: Db) {
  const started = performance.now();
  const run = await reconcileGate(serviceContext(db));
  const ms = performance.now() - started;
  if (run.removed !== LAPSED) throw new Error(`reconcile removed ${run.removed}, expected ${LAPSED}`);
  return ms;
}

/** reconcileGate's time over RUNS, each on a fresh claim; the outbox keeps the last run's rows. */
async function planTimes(db: Db) {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    if (i > 0) await reset(db);
    times.push(await timedReconcile(db));
  }
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50Ms: Math.round(sorted[Math.floor(RUNS / 2)] ?? 0),
    runsMs: times.map(Math.round),
    goalMs: 2000,
  };
}

export async function gatePlanPglite() {
  const database = await createDb({ dataDir: "memory://" });
  try {
    await seed(database.db);
    return { database: "pglite", members: MEMBERS, lapsed: LAPSED, ...(await planTimes(database.db)) };
  } finally {
    await database.close();
  }
}

const limitedCalls = (fake: Awaited<ReturnType<typeof startFake>>["child"]) =>
  new Promise<{ calls: [string, number, number][]; refused: { rateLimited: number } }>((resolve) => {
    fake.once("message", resolve);
    fake.send({ limited: true });
  });

async function pending(db: Db) {
  const [row] = await executeRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from outbox where kind = 'chat_action' and state in ('queued', 'sending')`,
  );
  return Number(row?.n ?? 0);
}

async function rowStates(db: Db) {
  const rows = await executeRows<{ kind: string; state: string; n: number }>(
    db,
    sql`select kind, state, count(*)::int as n from outbox group by kind, state`,
  );
  return Object.fromEntries(rows.map((r) => [`${r.kind}:${r.state}`, Number(r.n)]));
}

/** The queued removals sent by two processes (one killed mid-way and started again when `killed`). */
async function removals(db: Db, url: string, killed: boolean) {
  const dataDir = await mkdtemp(join(tmpdir(), "bench-gate-"));
  const fake = await startFake({
    FAKE_RATE: String(FAKE_RATE),
    FAKE_METHODS: LIMITED.join(","),
    FAKE_CHATS: String(CHAT),
  });
  const servers: Started[] = [];
  const extra: Record<string, unknown> = {};
  try {
    const env = (name: string) => ({
      ...serverEnv(fake.apiRoot, join(dataDir, name)),
      BROADCAST_RATE: String(GATE_RATE),
      SEED_DEMO_DATA: "false",
    });
    // Both at once: the removals are queued already, and both processes share them from the start.
    for (const name of ["a", "b"]) await mkdir(join(dataDir, name), { recursive: true });
    servers.push(
      ...(await Promise.all(["a", "b"].map((name) => startApi(join(dataDir, name), url, env(name))))),
    );
    const started = Date.now();
    if (killed) {
      // A third of the calls made: the killed process's claims come back when their lease (30 s) ends.
      while ((await limitedCalls(fake.child)).calls.length < (2 * LAPSED) / 3)
        await new Promise((r) => setTimeout(r, 1000));
      const a = servers.shift();
      if (a) await kill(a.child, "SIGKILL");
      extra.callsBeforeKill = (await limitedCalls(fake.child)).calls.length;
      await rename(join(dataDir, "a", "server.log"), join(dataDir, "a", "server-killed.log"));
      servers.push(await startApi(join(dataDir, "a"), url, env("a")));
    }
    while ((await pending(db)) > 0) {
      if (Date.now() - started > 20 * 60_000) throw new Error("the removals did not drain in 20 minutes");
      await new Promise((r) => setTimeout(r, 1000));
    }
    for (const server of servers.splice(0)) await kill(server.child, "SIGTERM");
    const { calls, refused } = await limitedCalls(fake.child);
    const bans = new Map<number, number>();
    for (const [method, user] of calls)
      if (method === "banChatMember") bans.set(user, (bans.get(user) ?? 0) + 1);
    const lapsed = (user: number) => user > FIRST_ID && user <= FIRST_ID + LAPSED;
    const counts = [...bans].filter(([user]) => lapsed(user)).map(([, n]) => n);
    return {
      scenario: killed ? "two, one killed" : "two",
      fakeLimitPerSecond: FAKE_RATE,
      removalRowsPerSecond: GATE_RATE,
      ...rates(
        calls.map(([, , at]) => at),
        FAKE_RATE,
      ),
      bannedOnce: counts.filter((n) => n === 1).length,
      bannedMoreThanOnce: counts.filter((n) => n > 1).length,
      notBanned: LAPSED - counts.length,
      unbans: calls.filter(([method]) => method === "unbanChatMember").length,
      removedWithAccess: [...bans.keys()].filter((user) => !lapsed(user)).length,
      refused429: refused.rateLimited,
      rowStates: await rowStates(db),
      ...extra,
    };
  } finally {
    for (const server of servers) await kill(server.child, "SIGKILL");
    fake.child.send({ close: true });
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function gatePostgres(url: string) {
  const database = await createDb({ databaseUrl: url });
  try {
    await seed(database.db);
    const plan = {
      database: "postgres",
      members: MEMBERS,
      lapsed: LAPSED,
      ...(await planTimes(database.db)),
    };
    const sent = [];
    for (const killed of [false, true]) {
      if (killed) {
        await reset(database.db);
        await timedReconcile(database.db);
      }
      sent.push(await removals(database.db, url, killed));
      console.error(JSON.stringify(sent.at(-1)));
    }
    return { plan, removals: sent };
  } finally {
    await database.close();
  }
}
