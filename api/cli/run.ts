import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Config, ConfigError, loadConfig } from "#api/process/config";
import {
  createDb,
  type Database,
  DatabaseUnreachableError,
  DataDirInUseError,
  NewerDatabaseError,
} from "#db/client";

/** The embedded database's directory under DATA_DIR (the server's, the CLIs' and the backup's). */
export const pgliteDir = (config: Config) => join(resolve(config.DATA_DIR), "pglite");

/** The server's database, from its configuration, for one command-line tool (one connection). */
export const openDatabase = (config: Config, loadDataDir?: Blob) =>
  createDb({ databaseUrl: config.DATABASE_URL, dataDir: pgliteDir(config), loadDataDir, poolSize: 1 });

/** Which database the configuration names, without a user or password: Postgres's host, port and database, or PGlite's directory. */
export function databaseLabel(config: Config): string {
  if (!config.DATABASE_URL) return `PGlite in ${pgliteDir(config)}`;
  const url = new URL(config.DATABASE_URL);
  return `Postgres at ${url.hostname}:${url.port || "5432"}/${decodeURIComponent(url.pathname.slice(1)) || "(the user's database)"}`;
}

/**
 * A refusal a start or a command prints as its one line (exit 1), without a stack: a bad setting,
 * a database it cannot reach, a DATA_DIR another process holds, a database of a newer version.
 * Undefined for any other error, which is a bug to print whole.
 */
export function refusalLine(error: unknown): string | undefined {
  const known =
    error instanceof ConfigError ||
    error instanceof DatabaseUnreachableError ||
    error instanceof DataDirInUseError ||
    error instanceof NewerDatabaseError;
  return known ? error.message : undefined;
}

/**
 * A command-line tool's run: the server's configuration, then `work`; the exit code is `work`'s,
 * and a known refusal (refusalLine) is one readable line.
 */
export function runCli(work: (config: Config) => Promise<number>): void {
  Promise.resolve()
    .then(() => work(loadConfig()))
    .then(
      (code) => process.exit(code),
      (error: unknown) => {
        console.error(refusalLine(error) ?? error);
        process.exit(1);
      },
    );
}

/**
 * A run with the server's database (DATABASE_URL, else PGlite in DATA_DIR, which takes one process
 * at a time: while the server has it open this refuses with DataDirInUseError), closed after `work`.
 * It says which database it opens (on stderr). `existing`: refuse an embedded database that is not
 * there yet rather than make an empty one (a DATA_DIR other than the server's).
 */
export function runWithDatabase(
  work: (config: Config, database: Database) => Promise<number>,
  { existing = false } = {},
): void {
  runCli(async (config) => {
    if (existing && !config.DATABASE_URL && !existsSync(join(pgliteDir(config), "PG_VERSION"))) {
      console.error(
        `No database in ${pgliteDir(config)}: is DATA_DIR the server's? (It starts one there at its first start; DATABASE_URL names a Postgres.)`,
      );
      return 1;
    }
    console.error(`Database: ${databaseLabel(config)}`);
    const database = await openDatabase(config);
    try {
      return await work(config, database);
    } finally {
      await database.close();
    }
  });
}
