import type { BotState } from "#api/contracts/bot-status";
import type { Readiness, ReadinessBot, ReadinessCheck } from "#api/contracts/health";
import type { Db } from "#db/client";
import { migrationState } from "#db/migrate";
import { pingDatabase } from "#db/queries/operations/health";
import type { ServiceContext } from "../context";

/** A database that takes longer than this to answer `select 1` is not ready (a full pool, a lost server). */
const DATABASE_TIMEOUT_MS = 2000;

type Check = Readiness["checks"][ReadinessCheck];

/** `work`, or a rejection "no answer within <ms> ms" when it takes longer. */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Liveness: the database answers `select 1` (it throws otherwise). */
export const databaseAnswers = (db: Db) => pingDatabase(db);

async function databaseCheck(db: Db): Promise<Check> {
  try {
    await withTimeout(pingDatabase(db), DATABASE_TIMEOUT_MS);
    return { ok: true };
  } catch (error) {
    // The error's class and timing only: a driver's message can name hosts and users.
    const detail =
      error instanceof Error && error.message.startsWith("no answer") ? error.message : "unreachable";
    return { ok: false, detail };
  }
}

/**
 * Migrations newer than this version (applied by a newer process during a rolling upgrade) keep
 * it ready: migrations only add, so the old code still works. Pending ones do not.
 */
async function migrationsCheck(db: Db): Promise<Check> {
  try {
    const { pending, unknown } = await withTimeout(migrationState(db), DATABASE_TIMEOUT_MS);
    if (pending > 0) return { ok: false, detail: `${pending} migration(s) not applied` };
    return unknown > 0 ? { ok: true, detail: `${unknown} newer migration(s) applied` } : { ok: true };
  } catch {
    return { ok: false, detail: "could not be read" };
  }
}

/** The bot as anyone may read it: its state and why, never Telegram's words (decision 121). */
export function readinessBot(bot: BotState): ReadinessBot {
  if (bot.state === "off") return { state: bot.state, reason: bot.reason };
  if (bot.state === "not_running") return { state: bot.state, reason: bot.problem };
  return { state: bot.state };
}

/**
 * Whether this process should get traffic: the database answers, its schema is current, it is not
 * stopping. The bot is told, not checked: a bot that does not run leaves the web shop working.
 */
export async function readiness(
  { db, bot }: Pick<ServiceContext, "db" | "bot">,
  draining: boolean,
): Promise<Readiness> {
  const shutdown: Check = draining ? { ok: false, detail: "shutting down" } : { ok: true };
  // A draining process answers at once: no database work while it is stopping.
  const [database, migrations] = draining
    ? [{ ok: true }, { ok: true }]
    : await Promise.all([databaseCheck(db), migrationsCheck(db)]);
  const checks = { database, migrations, shutdown };
  const failed = (Object.keys(checks) as ReadinessCheck[]).filter((name) => !checks[name].ok);
  return { ok: failed.length === 0, checks, failed, bot: readinessBot(bot.state()) };
}
